import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ALL_RIGHTS, Rights } from '@windward/contracts';
import { identityApi, type CreateMachineClientDto, type CreatedMachineClientView, type MachineClientView } from '@/core/api/generated/identity';
import { useLocale } from '@/shared/useLocale';
import { formatDate, rightLabel, sortOrderOf } from '../logic';
import { useCustomerOptions } from '../lookups';
import { PagedTable, PanelToolbar, SearchFilter, usePagedList } from '../PagedPanel';

const { useMachineClientsListQuery, useMachineClientsCreateMutation, useMachineClientsRevokeMutation } = identityApi;

type MachineClientSortField = 'name' | 'createdAt' | 'lastUsedAt';
const SORTS: readonly MachineClientSortField[] = ['name', 'createdAt', 'lastUsedAt'];
const PATH = '/context/api/v2/machine-clients';
type StatusFilter = 'all' | 'active' | 'revoked';

interface CreateValues {
  name: string;
  rights: NonNullable<CreateMachineClientDto['rights']>;
  customerIds: string[];
}

/** Registers a client; on success hands the answer (with the secret) to `onCreated`. */
function CreateModal({ onClose, onCreated }: { onClose: () => void; onCreated: (c: CreatedMachineClientView) => void }) {
  const { t } = useTranslation('userCenter');
  const locale = useLocale();
  const [form] = Form.useForm<CreateValues>();
  const [create, creating] = useMachineClientsCreateMutation();
  const customers = useCustomerOptions();

  const onFinish = async (v: CreateValues): Promise<void> => {
    const result = await create({
      createMachineClientDto: { name: v.name.trim(), rights: v.rights, ...(v.customerIds.length ? { customerIds: v.customerIds } : {}) },
    });
    if ('data' in result && result.data) onCreated(result.data);
  };

  return (
    <Modal
      open
      title={t('machineClients.create')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={creating.isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: '', rights: [Rights.DATA_INTEGRATION_EDIT], customerIds: [] }}
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item
          name="name"
          label={t('machineClients.name')}
          rules={[
            { required: true, whitespace: true, message: t('common.required') },
            { max: 100, message: t('common.tooLong', { max: 100 }) },
          ]}
        >
          <Input maxLength={100} autoFocus placeholder={t('machineClients.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="rights" label={t('machineClients.rights')} extra={t('machineClients.rightsHint')} rules={[{ required: true, message: t('common.required') }]}>
          <Select mode="multiple" options={ALL_RIGHTS.map((r) => ({ value: r, label: rightLabel(r, locale) }))} optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="customerIds" label={t('machineClients.customers')} extra={t('machineClients.customersHint')}>
          <Select mode="multiple" options={customers.options} loading={customers.loading} optionFilterProp="label" allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The one time the secret is shown. */
function SecretModal({ client, onClose }: { client: CreatedMachineClientView; onClose: () => void }) {
  const { t } = useTranslation('userCenter');
  return (
    <Modal open title={t('machineClients.secretTitle', { name: client.name })} onOk={onClose} onCancel={onClose} cancelButtonProps={{ style: { display: 'none' } }} okText={t('machineClients.secretDone')}>
      <Alert type="warning" showIcon title={t('machineClients.secretOnce')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph>
        {t('machineClients.clientId')}: <Typography.Text code copyable data-testid="machine-client-id">{client.clientId}</Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph>
        {t('machineClients.clientSecret')}: <Typography.Text code copyable data-testid="machine-client-secret">{client.clientSecret}</Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('machineClients.howTo')}</Typography.Paragraph>
    </Modal>
  );
}

/** Machine clients tab (OAuth2 client credentials, e.g. drone ingestion): list, register, revoke. */
export function MachineClientsPanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('userCenter');
  const locale = useLocale();
  const { message } = App.useApp();
  const { list, sort, applyFilters, args } = usePagedList<MachineClientSortField, { keyword: string; status: StatusFilter }>(SORTS, {
    keyword: '',
    status: 'all',
  });
  const { status, keyword, ...page } = args;
  const clients = useMachineClientsListQuery({
    ...page,
    ...(keyword ? { keyword } : {}),
    ...(status === 'all' ? {} : { revoked: status === 'revoked' }),
  });
  const [revoke] = useMachineClientsRevokeMutation();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedMachineClientView | null>(null);

  const onRevoke = async (c: MachineClientView): Promise<void> => {
    const result = await revoke({ id: c.id });
    if (!('error' in result && result.error)) void message.success(t('machineClients.revoked', { name: c.name }));
  };

  const columns: TableProps<MachineClientView>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('machineClients.name'), sorter: true, sortOrder: sortOrderOf('name', sort) },
    { key: 'clientId', dataIndex: 'clientId', title: t('machineClients.clientId'), render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    {
      key: 'rights',
      title: t('machineClients.rights'),
      render: (_: unknown, c: MachineClientView) => (
        <Space size={[0, 4]} wrap>
          {c.rights.map((r) => (
            <Tag key={r}>{rightLabel(r, locale)}</Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'scope',
      title: t('machineClients.customers'),
      render: (_: unknown, c: MachineClientView) => (c.customerIds === null ? t('machineClients.allCustomers') : t('machineClients.customerCount', { count: c.customerIds.length })),
    },
    { key: 'createdAt', title: t('machineClients.createdAt'), sorter: true, sortOrder: sortOrderOf('createdAt', sort), render: (_: unknown, c: MachineClientView) => formatDate(c.createdAt, locale) },
    { key: 'lastUsedAt', title: t('machineClients.lastUsedAt'), sorter: true, sortOrder: sortOrderOf('lastUsedAt', sort), render: (_: unknown, c: MachineClientView) => formatDate(c.lastUsedAt, locale) },
    {
      key: 'status',
      title: t('machineClients.status'),
      render: (_: unknown, c: MachineClientView) =>
        c.revokedAt ? <Tag color="red">{t('machineClients.statusRevoked', { date: formatDate(c.revokedAt, locale) })}</Tag> : <Tag color="green">{t('machineClients.statusActive')}</Tag>,
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_: unknown, c: MachineClientView) =>
              c.revokedAt ? null : (
                <Popconfirm
                  title={t('machineClients.revokeConfirm', { name: c.name })}
                  okText={t('machineClients.revoke')}
                  cancelText={t('common.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onRevoke(c)}
                >
                  <Button type="link" size="small" danger icon={<StopOutlined />} aria-label={t('machineClients.revokeOf', { name: c.name })}>
                    {t('machineClients.revoke')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]
      : []),
  ];

  return (
    <div data-testid="machine-clients-panel">
      <Typography.Paragraph type="secondary">{t('machineClients.intro')}</Typography.Paragraph>
      <PanelToolbar createLabel={t('machineClients.create')} onCreate={canEdit ? () => setCreating(true) : undefined}>
        <SearchFilter label={t('machineClients.filterKeyword')} width={220} onSearch={(v) => applyFilters({ keyword: v })} />
        <Select<StatusFilter>
          aria-label={t('machineClients.status')}
          style={{ width: 140 }}
          value={status}
          onChange={(v) => applyFilters({ status: v })}
          options={[
            { value: 'all', label: t('machineClients.statusAll') },
            { value: 'active', label: t('machineClients.statusActive') },
            { value: 'revoked', label: t('machineClients.statusRevokedFilter') },
          ]}
        />
      </PanelToolbar>
      <PagedTable<MachineClientView> list={list} result={clients} errorPath={PATH} rowKey="id" testId="machine-clients-table" columns={columns} />
      {creating && (
        <CreateModal
          onClose={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            setCreated(c);
          }}
        />
      )}
      {created && <SecretModal client={created} onClose={() => setCreated(null)} />}
    </div>
  );
}
