import { useState } from 'react';
import { Alert, App, Button, Input, Select, Space, Table, Tooltip } from 'antd';
import type { TableProps } from 'antd';
import { BgColorsOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteButton } from '../ConfirmDeleteButton';
import { useLocale } from '@/shared/useLocale';
import { CUSTOMER_TYPE_LABELS } from '../contracts';
import { errorMessage, formatDate, sortFromTable, sortOrderOf, type SortState } from '../logic';
import { useOrganizationOptions } from '../lookups';
import { userCenterPaths, useCustomersQuery, useDeleteCustomerMutation, type Customer, type CustomerSortField } from '../userCenterApi';
import { CustomerFormDrawer } from './CustomerForm';
import { SeverityMappingModal } from './SeverityMappingModal';

const CUSTOMER_SORTS: readonly CustomerSortField[] = ['customerName', 'createdAt', 'validDate'];

const count = (v: number | null | undefined): string => (v === null || v === undefined ? '–' : String(v));

/** Customers tab: paged table; create, edit, severity names, delete (the server's refusal shown). */
export function CustomersPanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('userCenter');
  const locale = useLocale();
  const { message } = App.useApp();
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  const [sort, setSort] = useState<SortState<CustomerSortField>>({});
  const [filters, setFilters] = useState<{ customerName: string; organizationId?: string }>({ customerName: '' });
  const [nameInput, setNameInput] = useState('');
  const customers = useCustomersQuery({ ...page, ...sort, ...filters });
  const orgs = useOrganizationOptions();
  const [deleteCustomer] = useDeleteCustomerMutation();
  const [editing, setEditing] = useState<{ customer: Customer | null } | null>(null);
  const [severityOf, setSeverityOf] = useState<Customer | null>(null);

  const applyFilters = (next: Partial<{ customerName: string; organizationId?: string }>): void => {
    setFilters((f) => ({ ...f, ...next }));
    setPage((p) => ({ ...p, pageIndex: 1 }));
  };

  const remove = async (c: Customer): Promise<void> => {
    const result = await deleteCustomer(c.customerId);
    if (result.error) void message.error({ content: errorMessage(result.error, locale, userCenterPaths.customer(c.customerId)), duration: 6 });
    else void message.success(t('customers.deleted', { name: c.customerName }));
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
            <Tooltip title={t('common.edit')}>
              <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('customers.editOf', { name: c.customerName })} onClick={() => setEditing({ customer: c })} />
            </Tooltip>
          )}
          <Tooltip title={t('severity.title')}>
            <Button type="link" size="small" icon={<BgColorsOutlined />} aria-label={t('severity.of', { name: c.customerName })} onClick={() => setSeverityOf(c)} />
          </Tooltip>
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
      <div className="user-center__toolbar">
        <div className="user-center__filters">
          <Input.Search
            allowClear
            style={{ width: 220 }}
            placeholder={t('customers.filterName')}
            aria-label={t('customers.filterName')}
            value={nameInput}
            onChange={(e) => {
              setNameInput(e.target.value);
              if (e.target.value === '') applyFilters({ customerName: '' });
            }}
            onSearch={(v) => applyFilters({ customerName: v })}
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 200 }}
            placeholder={t('users.filterOrganization')}
            aria-label={t('users.filterOrganization')}
            options={orgs.options}
            value={filters.organizationId}
            onChange={(v: string | undefined) => applyFilters({ organizationId: v })}
          />
        </div>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ customer: null })}>
            {t('customers.create')}
          </Button>
        )}
      </div>
      {customers.error ? (
        <Alert
          type="error"
          showIcon
          title={errorMessage(customers.error, locale, userCenterPaths.customers)}
          action={<Button size="small" onClick={() => void customers.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Table<Customer>
          rowKey="customerId"
          size="middle"
          data-testid="customers-table"
          loading={customers.isFetching}
          columns={columns}
          dataSource={customers.data?.results ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page.pageIndex,
            pageSize: page.pageSize,
            total: customers.data?.totalCount ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('common.total', { count: total }),
          }}
          onChange={(pagination, _f, sorter, extra) => {
            if (extra.action === 'sort') {
              setSort(sortFromTable(sorter, CUSTOMER_SORTS));
              setPage((p) => ({ ...p, pageIndex: 1 }));
            } else if (extra.action === 'paginate') {
              setPage({ pageIndex: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10 });
            }
          }}
        />
      )}
      {editing && <CustomerFormDrawer customer={editing.customer} onClose={() => setEditing(null)} />}
      {severityOf && <SeverityMappingModal customer={severityOf} canEdit={canEdit} onClose={() => setSeverityOf(null)} />}
    </div>
  );
}
