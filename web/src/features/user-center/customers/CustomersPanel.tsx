import { useState } from 'react';
import { Space } from 'antd';
import type { TableProps } from 'antd';
import { BgColorsOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteButton } from '../ConfirmDeleteButton';
import { useLocale } from '@/shared/useLocale';
import { CUSTOMER_TYPE_LABELS } from '../contracts';
import { formatDate, sortOrderOf } from '../logic';
import { OrganizationFilter, PagedTable, PanelToolbar, RowAction, SearchFilter, useMutationReport, usePagedList } from '../PagedPanel';
import { userCenterPaths, useCustomersQuery, useCustomersRemoveMutation, type Customer, type CustomerSortField } from '../userCenterApi';
import { CustomerFormDrawer } from './CustomerForm';
import { SeverityMappingModal } from './SeverityMappingModal';

const CUSTOMER_SORTS: readonly CustomerSortField[] = ['customerName', 'createdAt', 'validDate'];

const count = (v: number | null | undefined): string => (v === null || v === undefined ? '–' : String(v));

/** Customers tab: paged table; create, edit, severity names, delete (the server's refusal shown). */
export function CustomersPanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('userCenter');
  const locale = useLocale();
  const report = useMutationReport();
  const { list, sort, filters, applyFilters, args } = usePagedList<CustomerSortField, { customerName: string; organizationId?: string }>(CUSTOMER_SORTS, {
    customerName: '',
  });
  const customers = useCustomersQuery(args);
  const [deleteCustomer] = useCustomersRemoveMutation();
  const [editing, setEditing] = useState<{ customer: Customer | null } | null>(null);
  const [severityOf, setSeverityOf] = useState<Customer | null>(null);

  const remove = async (c: Customer): Promise<void> => {
    const result = await deleteCustomer({ id: c.customerId });
    report(result, userCenterPaths.customer(c.customerId), t('customers.deleted', { name: c.customerName }), true);
  };

  const columns: TableProps<Customer>['columns'] = [
    {
      key: 'customerName',
      dataIndex: 'customerName',
      title: t('customers.name'),
      sorter: true,
      sortOrder: sortOrderOf('customerName', sort),
    },
    {
      key: 'customerTypeId',
      dataIndex: 'customerTypeId',
      title: t('customers.type'),
      render: (v: number | null) => (v === null ? '–' : ((CUSTOMER_TYPE_LABELS[locale] as Record<number, string>)[v] ?? String(v))),
    },
    { key: 'organizationName', dataIndex: 'organizationName', title: t('customers.organization'), render: (v: string | null) => v ?? '–' },
    { key: 'maxTurbines', dataIndex: 'maxTurbines', title: t('customers.maxTurbines'), render: count },
    { key: 'maxFlightTimes', dataIndex: 'maxFlightTimes', title: t('customers.maxFlightTimes'), render: count },
    {
      key: 'validDate',
      dataIndex: 'validDate',
      title: t('customers.validDate'),
      sorter: true,
      sortOrder: sortOrderOf('validDate', sort),
      render: (v: string | null) => formatDate(v, locale),
    },
    { key: 'accountCount', dataIndex: 'accountCount', title: t('customers.accountCount') },
    { key: 'windParkCount', dataIndex: 'windParkCount', title: t('customers.windParkCount') },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, c) => (
        <Space size={0}>
          {canEdit && (
            <RowAction tip={t('common.edit')} icon={<EditOutlined />} label={t('customers.editOf', { name: c.customerName })} onClick={() => setEditing({ customer: c })} />
          )}
          <RowAction tip={t('severity.title')} icon={<BgColorsOutlined />} label={t('severity.of', { name: c.customerName })} onClick={() => setSeverityOf(c)} />
          {canEdit && (
            <ConfirmDeleteButton
              confirm={t('customers.deleteConfirm', { name: c.customerName })}
              label={t('customers.deleteOf', { name: c.customerName })}
              onConfirm={() => remove(c)}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="customers-panel">
      <PanelToolbar createLabel={t('customers.create')} onCreate={canEdit ? () => setEditing({ customer: null }) : undefined}>
        <SearchFilter label={t('customers.filterName')} width={220} onSearch={(v) => applyFilters({ customerName: v })} />
        <OrganizationFilter value={filters.organizationId} onChange={(v) => applyFilters({ organizationId: v })} />
      </PanelToolbar>
      <PagedTable<Customer>
        list={list}
        result={customers}
        errorPath={userCenterPaths.customers}
        rowKey="customerId"
        testId="customers-table"
        columns={columns}
        scroll={{ x: 'max-content' }}
      />
      {editing && <CustomerFormDrawer customer={editing.customer} onClose={() => setEditing(null)} />}
      {severityOf && <SeverityMappingModal customer={severityOf} canEdit={canEdit} onClose={() => setSeverityOf(null)} />}
    </div>
  );
}
