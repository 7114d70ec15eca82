import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Space, Table, Tooltip } from 'antd';
import type { TableProps } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteButton } from '../ConfirmDeleteButton';
import { useLocale } from '@/shared/useLocale';
import { errorCode, errorMessage, sortFromTable, sortOrderOf, type SortState } from '../logic';
import {
  userCenterPaths,
  useCreateOrganizationMutation,
  useDeleteOrganizationMutation,
  useOrganizationsQuery,
  useRenameOrganizationMutation,
  type Organization,
  type OrganizationSortField,
} from '../userCenterApi';

const ORG_SORTS: readonly OrganizationSortField[] = ['organizationName', 'customerCount', 'pilotCount', 'createdAt'];

/** Create (organization = null) or rename an organization. */
function OrganizationModal({ organization, onClose }: { organization: Organization | null; onClose: () => void }) {
  const { t } = useTranslation('userCenter');
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ organizationName: string }>();
  const [create, creating] = useCreateOrganizationMutation();
  const [rename, renaming] = useRenameOrganizationMutation();
  const [failure, setFailure] = useState<unknown>(null);

  const onFinish = async ({ organizationName }: { organizationName: string }): Promise<void> => {
    setFailure(null);
    const name = organizationName.trim();
    const result = organization ? await rename({ id: organization.organizationGuid, organizationName: name }) : await create({ organizationName: name });
    if (result.error) {
      if (errorCode(result.error) === 'ORGANIZATION_NAME_EXISTS') {
        form.setFields([{ name: 'organizationName', errors: [errorMessage(result.error, locale, userCenterPaths.organizations)] }]);
      } else setFailure(result.error);
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
  const locale = useLocale();
  const { message } = App.useApp();
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  const [sort, setSort] = useState<SortState<OrganizationSortField>>({});
  const [name, setName] = useState('');
  const [nameInput, setNameInput] = useState('');
  const orgs = useOrganizationsQuery({ ...page, ...sort, organizationName: name });
  const [deleteOrganization] = useDeleteOrganizationMutation();
  const [editing, setEditing] = useState<{ organization: Organization | null } | null>(null);

  const remove = async (o: Organization): Promise<void> => {
    const result = await deleteOrganization(o.organizationGuid);
    if (result.error) void message.error({ content: errorMessage(result.error, locale, userCenterPaths.organization(o.organizationGuid)), duration: 6 });
    else void message.success(t('organizations.deleted', { name: o.organizationName }));
  };

  const columns: TableProps<Organization>['columns'] = [
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
            render: (_: unknown, o: Organization) => (
              <Space size={0}>
                <Tooltip title={t('organizations.rename')}>
                  <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('organizations.renameTitle', { name: o.organizationName })} onClick={() => setEditing({ organization: o })} />
                </Tooltip>
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
      <div className="user-center__toolbar">
        <div className="user-center__filters">
          <Input.Search
            allowClear
            style={{ width: 220 }}
            placeholder={t('organizations.filterName')}
            aria-label={t('organizations.filterName')}
            value={nameInput}
            onChange={(e) => {
              setNameInput(e.target.value);
              if (e.target.value === '') {
                setName('');
                setPage((p) => ({ ...p, pageIndex: 1 }));
              }
            }}
            onSearch={(v) => {
              setName(v);
              setPage((p) => ({ ...p, pageIndex: 1 }));
            }}
          />
        </div>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ organization: null })}>
            {t('organizations.create')}
          </Button>
        )}
      </div>
      {orgs.error ? (
        <Alert
          type="error"
          showIcon
          title={errorMessage(orgs.error, locale, userCenterPaths.organizations)}
          action={<Button size="small" onClick={() => void orgs.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Table<Organization>
          rowKey="organizationGuid"
          size="middle"
          data-testid="organizations-table"
          loading={orgs.isFetching}
          columns={columns}
          dataSource={orgs.data?.results ?? []}
          pagination={{
            current: page.pageIndex,
            pageSize: page.pageSize,
            total: orgs.data?.totalCount ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('common.total', { count: total }),
          }}
          onChange={(pagination, _f, sorter, extra) => {
            if (extra.action === 'sort') {
              setSort(sortFromTable(sorter, ORG_SORTS));
              setPage((p) => ({ ...p, pageIndex: 1 }));
            } else if (extra.action === 'paginate') {
              setPage({ pageIndex: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10 });
            }
          }}
        />
      )}
      {editing && <OrganizationModal organization={editing.organization} onClose={() => setEditing(null)} />}
    </div>
  );
}
