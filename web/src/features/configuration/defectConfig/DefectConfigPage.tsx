import { Button, Card, Empty, Form, Input, Popconfirm, Result, Select, Skeleton, Space, Table, Tabs, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '@/core/store';
import { TableImportPanel } from '@/features/data-import';
import { hasRight, Rights, type RightEntry } from '@/shared/contracts';
import { useLocale } from '@/shared/useLocale';
import { formatNumber } from '@/shared/utils/format';
import { useCustomerOptions } from '@/features/user-center';
import {
  useTemplatesAddMutation,
  useTemplatesAddLpsMutation,
  useTemplatesAllQuery,
  useInspectionTemplatesRemoveMutation,
  useTemplatesRemoveLpsMutation,
  useTemplatesLpsQuery,
  type LpsTemplateView,
  type TemplateItemView,
  type TemplateKind,
  checkDecimal3,
  checkMinMax,
  LoadError,
  Refusal,
  SeverityTag,
  contractRule,
  inspectionApi,
} from '@/features/inspection';
import { useSeedText } from '@/shared/useSeedText';

/** What the signed-in user may do here (the service checks the same rights). */
export function defectConfigGrants(denied: ReadonlyArray<RightEntry> | null | undefined) {
  const edit = hasRight(denied, Rights.DEFECT_CONFIG_EDIT);
  return {
    show: edit || hasRight(denied, Rights.DEFECT_CONFIG_SHOW),
    edit,
    // LPS templates are also the LPS engineers' (docs/inspection.md).
    editLps: edit || hasRight(denied, Rights.LPS_EDIT),
  };
}

const SEVERITY_LEVELS = [0, 1, 2, 3, 4, 5] as const;

/** One kind of defect template (types, severities or recommendations): list, add, delete. */
function TemplateList({
  customerId,
  kind,
  items,
  canEdit,
}: {
  customerId: string;
  kind: TemplateKind;
  items: TemplateItemView[];
  canEdit: boolean;
}) {
  const { t } = useTranslation('defectConfig');
  const st = useSeedText();
  const [form] = Form.useForm<{ name: string; level?: number }>();
  const [add, adding] = useTemplatesAddMutation();
  const [remove, removing] = useInspectionTemplatesRemoveMutation();
  const submit = async (v: { name: string; level?: number }) => {
    removing.reset();
    const r = await add({ customerId, kind, addTemplateItemDto: { name: v.name.trim(), ...(kind === 'severities' ? { level: v.level } : {}) } });
    if (!('error' in r)) form.resetFields();
  };
  return (
    <div data-testid={`templates-${kind}`}>
      {canEdit && (
        <Form form={form} layout="inline" onFinish={(v) => void submit(v)} style={{ marginBottom: 12 }} initialValues={{ level: 0 }}>
          <Form.Item
            name="name"
            rules={[
              { required: true, whitespace: true, message: t('required') },
              { max: kind === 'recommendations' ? 500 : 100, message: t('tooLong', { max: kind === 'recommendations' ? 500 : 100 }) },
            ]}
          >
            <Input
              style={{ width: kind === 'recommendations' ? 420 : 260 }}
              placeholder={t(`placeholders.${kind}`)}
              data-testid={`template-name-${kind}`}
            />
          </Form.Item>
          {kind === 'severities' && (
            <Form.Item name="level" label={t('level')} rules={[{ required: true, message: t('required') }]}>
              <Select
                style={{ width: 90 }}
                options={SEVERITY_LEVELS.map((l) => ({ value: l, label: String(l) }))}
                data-testid="template-level"
              />
            </Form.Item>
          )}
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={<PlusOutlined />}
              loading={adding.isLoading}
              data-testid={`template-add-${kind}`}
            >
              {t('add')}
            </Button>
          </Form.Item>
        </Form>
      )}
      <Refusal
        error={adding.error ?? removing.error}
        testId="template-error"
        onClose={() => (adding.error ? adding.reset() : removing.reset())}
      />
      <Table<TemplateItemView>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={items}
        locale={{ emptyText: t('none') }}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('name'), render: (v: string) => st(v) },
          ...(kind === 'severities'
            ? [
                {
                  key: 'level',
                  dataIndex: 'level',
                  title: t('level'),
                  render: (v: number | null) => (v === null ? '–' : <SeverityTag severity={v} />),
                },
              ]
            : []),
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  width: 60,
                  render: (_: unknown, r: TemplateItemView) => (
                    <Popconfirm
                      title={t('deleteConfirm', { name: st(r.name) })}
                      okText={t('delete')}
                      cancelText={t('cancel')}
                      onConfirm={() => void remove({ customerId, kind, id: r.id })}
                    >
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('delete')}
                        data-testid="template-delete"
                      />
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
        data-testid={`template-table-${kind}`}
      />
    </div>
  );
}

/** LPS templates: name and ohm bounds (the contracts' 3-decimal and min ≤ max rules before sending). */
function LpsTemplates({ customerId, canEdit }: { customerId: string; canEdit: boolean }) {
  const { t } = useTranslation('defectConfig');
  const locale = useLocale();
  const q = useTemplatesLpsQuery({ customerId });
  const [form] = Form.useForm<{ name: string; minOhm?: string; maxOhm?: string }>();
  const [add, adding] = useTemplatesAddLpsMutation();
  const [remove, removing] = useTemplatesRemoveLpsMutation();
  const ohm = (v: number | null) => (v === null ? '–' : `${formatNumber(v, locale)} Ω`);
  const submit = async (v: { name: string; minOhm?: string; maxOhm?: string }) => {
    removing.reset();
    const text = (s?: string) => (s && s.trim() ? s.trim() : undefined);
    const r = await add({ customerId, addLpsTemplateDto: { name: v.name.trim(), minOhm: text(v.minOhm), maxOhm: text(v.maxOhm) } });
    if (!('error' in r)) form.resetFields();
  };
  if (q.error) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <div data-testid="templates-lps">
      {canEdit && (
        <Form form={form} layout="inline" onFinish={(v) => void submit(v)} style={{ marginBottom: 12 }}>
          <Form.Item
            name="name"
            rules={[
              { required: true, whitespace: true, message: t('required') },
              { max: 100, message: t('tooLong', { max: 100 }) },
            ]}
          >
            <Input style={{ width: 220 }} placeholder={t('placeholders.lps')} data-testid="lps-template-name" />
          </Form.Item>
          <Form.Item name="minOhm" label={t('minOhm')} rules={[contractRule(checkDecimal3, locale)]}>
            <Input style={{ width: 100 }} suffix="Ω" data-testid="lps-template-min" />
          </Form.Item>
          <Form.Item
            name="maxOhm"
            label={t('maxOhm')}
            dependencies={['minOhm']}
            rules={[
              contractRule(checkDecimal3, locale),
              contractRule((max) => checkMinMax(form.getFieldValue('minOhm') as string | undefined, max), locale),
            ]}
          >
            <Input style={{ width: 100 }} suffix="Ω" data-testid="lps-template-max" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={adding.isLoading} data-testid="lps-template-add">
              {t('add')}
            </Button>
          </Form.Item>
        </Form>
      )}
      <Refusal
        error={adding.error ?? removing.error}
        testId="template-error"
        onClose={() => (adding.error ? adding.reset() : removing.reset())}
      />
      <Table<LpsTemplateView>
        size="small"
        rowKey="id"
        pagination={false}
        loading={q.isFetching}
        dataSource={q.data ?? []}
        locale={{ emptyText: t('none') }}
        data-testid="lps-template-table"
        columns={[
          { key: 'name', dataIndex: 'name', title: t('name') },
          { key: 'min', dataIndex: 'minOhm', title: t('minOhm'), render: ohm },
          { key: 'max', dataIndex: 'maxOhm', title: t('maxOhm'), render: ohm },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  width: 60,
                  render: (_: unknown, r: LpsTemplateView) => (
                    <Popconfirm
                      title={t('deleteConfirm', { name: r.name })}
                      okText={t('delete')}
                      cancelText={t('cancel')}
                      onConfirm={() => void remove({ customerId, id: r.id })}
                    >
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('delete')}
                        data-testid="lps-template-delete"
                      />
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}

function CustomerTemplates({ customerId, grants }: { customerId: string; grants: ReturnType<typeof defectConfigGrants> }) {
  const { t } = useTranslation('defectConfig');
  const q = useTemplatesAllQuery({ customerId });
  if (q.error) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton active />;
  const kinds: TemplateKind[] = ['types', 'severities', 'recommendations'];
  return (
    <Tabs
      destroyOnHidden
      items={[
        ...kinds.map((kind) => ({
          key: kind,
          label: (
            <span data-testid={`tab-${kind}`}>
              {t(`tabs.${kind}`)} <Tag>{q.data![kind].length}</Tag>
            </span>
          ),
          children: <TemplateList customerId={customerId} kind={kind} items={q.data![kind]} canEdit={grants.edit} />,
        })),
        {
          key: 'lps',
          label: <span data-testid="tab-lps">{t('tabs.lps')}</span>,
          children: <LpsTemplates customerId={customerId} canEdit={grants.editLps} />,
        },
      ]}
    />
  );
}

/**
 * Defect configuration (SPEC §2 /configuration/defectConfig): per customer its defect types,
 * severity results (level 0–5), recommendations and LPS templates. Shown with defectConfig.show,
 * changed with defectConfig.edit (LPS templates also with lps.edit); uniqueness is the server's
 * ("Same Defect Type Already Exists", "Recommendation Already Exists"), shown translated.
 */
/** Defect and LPS templates of the customer from a spreadsheet (import's template-imports). */
function TemplateImport({ customerId }: { customerId: string }) {
  const { t } = useTranslation('dataImport');
  const dispatch = useAppDispatch();
  const refresh = useCallback(() => void dispatch(inspectionApi.util.invalidateTags(['defect templates', 'lps templates'])), [dispatch]);
  return (
    <Card size="small" title={t('tables.templateImport')} data-testid="dc-template-import">
      <TableImportPanel kind="template" fields={{ customerId }} onDone={refresh} />
    </Card>
  );
}

export function Component() {
  const { t } = useTranslation('defectConfig');
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const grants = defectConfigGrants(denied);
  const customers = useCustomerOptions(!grants.show);
  const [params, setParams] = useSearchParams();
  const requested = params.get('customerId');
  const customerId = customers.options.find((o) => o.value === requested)?.value ?? customers.options[0]?.value ?? null;
  return (
    <div data-testid="page-defectConfig" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      {!grants.show ? (
        <Result status="403" title={t('noAccess')} data-testid="defect-config-no-access" />
      ) : (
        <>
          <Space>
            <label htmlFor="dc-customer">{t('customer')}</label>
            <Select
              id="dc-customer"
              style={{ minWidth: 260 }}
              showSearch={{ optionFilterProp: 'label' }}
              loading={customers.loading}
              value={customerId ?? undefined}
              options={customers.options}
              placeholder={t('customerPlaceholder')}
              onChange={(v: string) => setParams({ customerId: v }, { replace: true })}
              data-testid="dc-customer"
            />
          </Space>
          {!grants.edit && <Typography.Text type="secondary">{t('readOnly')}</Typography.Text>}
          <Card size="small">
            {customerId ? (
              <CustomerTemplates key={customerId} customerId={customerId} grants={grants} />
            ) : (
              <Empty description={customers.loading ? '…' : t('noCustomers')} />
            )}
          </Card>
          {grants.edit && customerId ? <TemplateImport customerId={customerId} /> : null}
        </>
      )}
    </div>
  );
}
