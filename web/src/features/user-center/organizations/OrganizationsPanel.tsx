import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Space } from 'antd';
import type { TableProps } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteButton } from '../ConfirmDeleteButton';
import { useLocale } from '@/shared/useLocale';
import { errorMessage, sortOrderOf } from '../logic';
import { useSaveFailure } from '../FormDrawer';
import { PagedTable, PanelToolbar, RowAction, SearchFilter, useMutationReport, usePagedList } from '../PagedPanel';
import {
  organizationListParams,
  userCenterPaths,
  useOrganizationsCreateMutation,
  useOrganizationsRemoveMutation,
  useOrganizationsListQuery,
  useOrganizationsUpdateMutation,
  type OrganizationView,
  type OrganizationSortField,
} from '../userCenterApi';

const ORG_SORTS: readonly OrganizationSortField[] = ['organizationName', 'customerCount', 'pilotCount', 'createdAt'];

const NAME_FIELD_OF_CODE = { ORGANIZATION_NAME_EXISTS: 'organizationName' } as const;

/** Create (organization = null) or rename an organization. */
function OrganizationModal({ organization, onClose }: { organization: OrganizationView | null; onClose: () => void }) {
  const { t } = useTranslation('userCenter');
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ organizationName: string }>();
  const [create, creating] = useOrganizationsCreateMutation();
  const [rename, renaming] = useOrganizationsUpdateMutation();
  const { failure, clear, refuse } = useSaveFailure(form, NAME_FIELD_OF_CODE);

  const onFinish = async ({ organizationName }: { organizationName: string }): Promise<void> => {
    clear();
    const name = organizationName.trim();
    const result = organization ? await rename({ id: organization.organizationGuid, saveOrganizationDto: { organizationName: name } })
      : await create({ saveOrganizationDto: { organizationName: name } });
    if (result.error) {
      refuse(result.error, userCenterPaths.organizations);
      return;
    }
    void message.success(organization ? t('organizations.renamed', { name }) : t('organizations.created', { name }));
    onClose();
  };

  return (
    <Modal
      open
      title={organization ? t('organizations.renameTitle', { name: organization.organizationName }) : t('organizations.create')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={creating.isLoading || renaming.isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ organizationName: organization?.organizationName ?? '' }} onFinish={(v) => void onFinish(v)}>
        <Form.Item
          name="organizationName"
          label={t('organizations.name')}
          rules={[
            { required: true, whitespace: true, message: t('common.required') },
            { max: 100, message: t('common.tooLong', { max: 100 }) },
          ]}
        >
          <Input maxLength={100} autoFocus />
        </Form.Item>
        {failure !== null && <Alert type="error" showIcon title={errorMessage(failure, locale, userCenterPaths.organizations)} />}
      </Form>
    </Modal>
  );
}

/** Organizations tab: paged table with customer and pilot counts; create, rename, delete. */
export function OrganizationsPanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('userCenter');
  const report = useMutationReport();
  const { list, sort, applyFilters, args } = usePagedList<OrganizationSortField, { organizationName: string }>(ORG_SORTS, { organizationName: '' });
  const orgs = useOrganizationsListQuery(organizationListParams(args));
  const [deleteOrganization] = useOrganizationsRemoveMutation();
  const [editing, setEditing] = useState<{ organization: OrganizationView | null } | null>(null);

  const remove = async (o: OrganizationView): Promise<void> => {
    const result = await deleteOrganization({ id: o.organizationGuid });
    report(result, userCenterPaths.organization(o.organizationGuid), t('organizations.deleted', { name: o.organizationName }), true);
  };

  const columns: TableProps<OrganizationView>['columns'] = [
    {
      key: 'organizationName',
      dataIndex: 'organizationName',
      title: t('organizations.name'),
      sorter: true,
      sortOrder: sortOrderOf('organizationName', sort),
    },
    { key: 'customerCount', dataIndex: 'customerCount', title: t('organizations.customerCount'), sorter: true, sortOrder: sortOrderOf('customerCount', sort) },
    { key: 'pilotCount', dataIndex: 'pilotCount', title: t('organizations.pilotCount'), sorter: true, sortOrder: sortOrderOf('pilotCount', sort) },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_: unknown, o: OrganizationView) => (
              <Space size={0}>
                <RowAction
                  tip={t('organizations.rename')}
                  icon={<EditOutlined />}
                  label={t('organizations.renameTitle', { name: o.organizationName })}
                  onClick={() => setEditing({ organization: o })}
                />
                <ConfirmDeleteButton
                  confirm={t('organizations.deleteConfirm', { name: o.organizationName })}
                  label={t('organizations.deleteOf', { name: o.organizationName })}
                  onConfirm={() => remove(o)}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div data-testid="organizations-panel">
      <PanelToolbar createLabel={t('organizations.create')} onCreate={canEdit ? () => setEditing({ organization: null }) : undefined}>
        <SearchFilter label={t('organizations.filterName')} width={220} onSearch={(v) => applyFilters({ organizationName: v })} />
      </PanelToolbar>
      <PagedTable<OrganizationView>
        list={list}
        result={orgs}
        errorPath={userCenterPaths.organizations}
        rowKey="organizationGuid"
        testId="organizations-table"
        columns={columns}
      />
      {editing && <OrganizationModal organization={editing.organization} onClose={() => setEditing(null)} />}
    </div>
  );
}
