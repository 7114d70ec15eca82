import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Popconfirm, Result, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/core/api/errorMessage';
import { useAppSelector } from '@/core/store';
import { REPORT_SECTIONS, type ReportSection } from '@/shared/contracts';
import { useLocale } from '@/shared/useLocale';
import { templateGrants } from '../logic';
import {
  useReportTemplatesCreateMutation,
  useReportTemplatesListQuery,
  useReportTemplatesRemoveMutation,
  useReportTemplatesUpdateMutation,
  type ReportTemplateView,
  type SaveReportTemplateDto,
} from '../reportApi';

const LEVELS = [0, 1, 2, 3, 4, 5] as const;
/** The service accepts logos up to ~200 KB (as a data URL). */
const MAX_LOGO_BYTES = 200 * 1024;

interface Values {
  name: string;
  sections: ReportSection[];
  customerName?: string;
  language?: 'en_us' | 'zh_cn';
  projectIds?: string;
  labels?: Record<string, string>;
}

function toDto(v: Values, logo: string | null): SaveReportTemplateDto {
  return {
    name: v.name ?? '',
    sections: v.sections ?? [],
    customerName: v.customerName?.trim() || null,
    language: v.language ?? null,
    logo,
    severityLabels: LEVELS.filter((l) => v.labels?.[l]?.trim()).map((l) => ({ severity: l, label: v.labels![l]!.trim() })),
    projectIds: (v.projectIds ?? '')
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

function TemplateForm({ initial, onClose }: { initial: ReportTemplateView | null; onClose: () => void }) {
  const { t } = useTranslation('report');
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const [logo, setLogo] = useState<string | null>(initial?.logo ?? null);
  const [logoError, setLogoError] = useState(false);
  const [create, creating] = useReportTemplatesCreateMutation();
  const [update, updating] = useReportTemplatesUpdateMutation();
  const error = creating.error ?? updating.error;
  const submit = async (v: Values) => {
    const dto = toDto(v, logo);
    const r = initial ? await update({ id: initial.id, saveReportTemplateDto: dto }) : await create({ saveReportTemplateDto: dto });
    if (!('error' in r)) onClose();
  };
  const readLogo = (file: File) => {
    setLogoError(file.size > MAX_LOGO_BYTES || !/^image\/(png|jpeg)$/.test(file.type));
    if (file.size <= MAX_LOGO_BYTES && /^image\/(png|jpeg)$/.test(file.type)) {
      const reader = new FileReader();
      reader.onload = () => setLogo(String(reader.result));
      reader.readAsDataURL(file);
    }
    return false;
  };
  return (
    <Modal
      open
      title={initial ? t('templates.edit') : t('templates.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('templates.save')}
      cancelText={t('dialog.cancel')}
      confirmLoading={creating.isLoading || updating.isLoading}
      okButtonProps={{ 'data-testid': 'template-save' } as Record<string, string>}
      data-testid="template-form"
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{
          name: initial?.name ?? '',
          sections: initial?.sections ?? [...REPORT_SECTIONS],
          customerName: initial?.customerName ?? '',
          language: initial?.language ?? undefined,
          projectIds: initial?.projectIds.join(', ') ?? '',
          labels: Object.fromEntries((initial?.severityLabels ?? []).map((l) => [l.severity, l.label])),
        }}
      >
        {/* The name's "required" and uniqueness rules are the server's (-13008, -13001), shown translated. */}
        <Form.Item name="name" label={t('templates.name')}>
          <Input maxLength={100} data-testid="template-name" />
        </Form.Item>
        <Form.Item name="sections" label={t('templates.sections')}>
          <Checkbox.Group options={REPORT_SECTIONS.map((s) => ({ value: s, label: t(`sections.${s}`) }))} data-testid="template-sections" />
        </Form.Item>
        <Form.Item name="customerName" label={t('templates.customerName')}>
          <Input maxLength={100} data-testid="template-customer" />
        </Form.Item>
        <Form.Item name="language" label={t('fields.language')}>
          <Select
            allowClear
            placeholder={t('templates.requesterLanguage')}
            options={[
              { value: 'en_us', label: t('languages.en_us') },
              { value: 'zh_cn', label: t('languages.zh_cn') },
            ]}
            data-testid="template-language"
          />
        </Form.Item>
        <Form.Item label={t('templates.logo')}>
          <Space>
            <Upload accept="image/png,image/jpeg" showUploadList={false} beforeUpload={readLogo}>
              <Button icon={<UploadOutlined />}>{t('templates.chooseLogo')}</Button>
            </Upload>
            {logo && <img src={logo} alt="" style={{ maxHeight: 32 }} data-testid="template-logo-preview" />}
            {logo && (
              <Button type="link" onClick={() => setLogo(null)}>
                {t('templates.removeLogo')}
              </Button>
            )}
          </Space>
          {logoError && <Typography.Text type="danger">{t('templates.logoRule')}</Typography.Text>}
        </Form.Item>
        <Form.Item label={t('templates.severityLabels')}>
          <Space wrap>
            {LEVELS.map((l) => (
              <Form.Item key={l} name={['labels', String(l)]} noStyle>
                <Input addonBefore={String(l)} style={{ width: 150 }} maxLength={50} data-testid={`template-label-${l}`} />
              </Form.Item>
            ))}
          </Space>
        </Form.Item>
        <Form.Item name="projectIds" label={t('templates.projects')} extra={t('templates.projectsHint')}>
          <Input.TextArea rows={2} data-testid="template-projects" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={errorMessageOf(error, locale)} data-testid="template-error" />}
    </Modal>
  );
}

/** Report templates of the Config Center: sections, logo, customer name, language, severity names; paged on the server. */
export function Component() {
  const { t } = useTranslation('report');
  const locale = useLocale();
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const grants = templateGrants(denied);
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<ReportTemplateView | null | 'new'>(null);
  const q = useReportTemplatesListQuery({ ...page, name: name || undefined, fieldToSort: 'name' }, { skip: !grants.show });
  const [remove, removing] = useReportTemplatesRemoveMutation();
  if (!grants.show) return <Result status="403" title={t('noAccess')} data-testid="templates-no-access" />;
  return (
    <div data-testid="page-reportConfig" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('templates.title')}
      </Typography.Title>
      <Space>
        <Input.Search
          allowClear
          placeholder={t('templates.search')}
          onSearch={(v) => {
            setName(v.trim());
            setPage((p) => ({ ...p, pageIndex: 1 }));
          }}
          data-testid="templates-search"
        />
        {grants.edit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="template-add">
            {t('templates.add')}
          </Button>
        )}
      </Space>
      {removing.error && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => removing.reset()}
          message={errorMessageOf(removing.error, locale)}
          data-testid="templates-error"
        />
      )}
      <Table<ReportTemplateView>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.results ?? []}
        locale={{ emptyText: t('templates.empty') }}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: q.data?.totalCount ?? 0,
          onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
        }}
        data-testid="templates-table"
        columns={[
          { key: 'name', dataIndex: 'name', title: t('templates.name') },
          {
            key: 'sections',
            title: t('templates.sections'),
            render: (_: unknown, r) => r.sections.map((s) => <Tag key={s}>{t(`sections.${s}`)}</Tag>),
          },
          { key: 'customer', title: t('templates.customerName'), render: (_: unknown, r) => r.customerName ?? '–' },
          {
            key: 'language',
            title: t('fields.language'),
            render: (_: unknown, r) => (r.language ? t(`languages.${r.language}`) : t('templates.requesterLanguage')),
          },
          { key: 'projects', title: t('templates.projectCount'), render: (_: unknown, r) => r.projectIds.length },
          ...(grants.edit
            ? [
                {
                  key: 'actions',
                  render: (_: unknown, r: ReportTemplateView) => (
                    <Space size="small">
                      <Button
                        size="small"
                        type="text"
                        icon={<EditOutlined />}
                        aria-label={t('templates.edit')}
                        onClick={() => setEditing(r)}
                        data-testid="template-edit"
                      />
                      <Popconfirm
                        title={t('templates.deleteConfirm', { name: r.name })}
                        okText={t('queue.remove')}
                        cancelText={t('dialog.cancel')}
                        onConfirm={() => void remove({ id: r.id })}
                      >
                        <Button
                          size="small"
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('queue.remove')}
                          data-testid="template-delete"
                        />
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <TemplateForm initial={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
