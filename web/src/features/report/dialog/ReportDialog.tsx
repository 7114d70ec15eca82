import { useState } from 'react';
import { Alert, Button, Form, Modal, Radio, Select, Space } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessageOf } from '@/core/api/errorMessage';
import { useAppSelector } from '@/core/store';
import { REPORT_DOCUMENT_FORMATS, type ReportFormat } from '@/shared/contracts';
import { useLocale } from '@/shared/useLocale';
import { canReport } from '../logic';
import {
  reportTasksPath,
  useReportTasksForInspectionMutation,
  useReportTasksForParkMutation,
  useReportTasksForRepairCampaignMutation,
  useReportTasksForProjectMutation,
  useReportTasksForTurbineMutation,
  useReportTemplatesListQuery,
  type CreateReportTaskDto,
  type ReportScopeKind,
} from '../reportApi';

export const DOWNLOAD_QUEUE_PATH = '/downloadQueue';

interface Props {
  scope: ReportScopeKind;
  id: string;
  /** What the report is about, shown in the title. */
  subject: string;
  /** How many wind parks the report would cover (a PDF needs exactly one). */
  parkCount?: number;
  onClose: () => void;
}

interface Values {
  format: ReportFormat;
  templateId?: string;
  locale?: 'en_us' | 'zh_cn';
}

/** Asks for a report (format, template, language); the server queues it and the download queue shows its progress. */
export function ReportDialog({ scope, id, subject, parkCount = 1, onClose }: Props) {
  const { t } = useTranslation('report');
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const format = Form.useWatch('format', form) ?? 'pdf';
  const templates = useReportTemplatesListQuery({ pageSize: 100, fieldToSort: 'name' });
  const mutations = {
    project: useReportTasksForProjectMutation(),
    park: useReportTasksForParkMutation(),
    turbine: useReportTasksForTurbineMutation(),
    inspection: useReportTasksForInspectionMutation(),
    repairCampaign: useReportTasksForRepairCampaignMutation(),
  };
  const [create, state] = mutations[scope];
  const [queued, setQueued] = useState(false);
  const pdfRefused = format === 'pdf' && parkCount > 1;

  const submit = async (v: Values) => {
    const dto: CreateReportTaskDto = {
      format: v.format,
      ...(v.templateId ? { templateId: v.templateId } : {}),
      ...(v.locale ? { locale: v.locale } : {}),
    };
    const r = await create({ id, createReportTaskDto: dto });
    if (!('error' in r)) setQueued(true);
  };

  return (
    <Modal
      open
      title={t('dialog.title', { subject })}
      onCancel={onClose}
      footer={
        queued ? (
          <Button onClick={onClose} data-testid="report-close">
            {t('dialog.close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('dialog.cancel')}</Button>
            <Button
              type="primary"
              disabled={pdfRefused}
              loading={state.isLoading}
              onClick={() => form.submit()}
              data-testid="report-submit"
            >
              {t('dialog.submit')}
            </Button>
          </Space>
        )
      }
      data-testid="report-dialog"
    >
      {queued ? (
        <Alert
          type="success"
          showIcon
          data-testid="report-queued"
          message={t('dialog.queued')}
          description={<Link to={DOWNLOAD_QUEUE_PATH}>{t('dialog.openQueue')}</Link>}
        />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ format: 'pdf' }} onFinish={(v) => void submit(v)}>
          <Form.Item name="format" label={t('fields.format')}>
            <Radio.Group
              optionType="button"
              options={REPORT_DOCUMENT_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))}
              data-testid="report-format"
            />
          </Form.Item>
          <Form.Item name="templateId" label={t('fields.template')}>
            <Select
              allowClear
              loading={templates.isFetching}
              placeholder={t('dialog.defaultTemplate')}
              options={(templates.data?.results ?? []).map((x) => ({ value: x.id, label: x.name }))}
              data-testid="report-template"
            />
          </Form.Item>
          <Form.Item name="locale" label={t('fields.language')}>
            <Select
              allowClear
              placeholder={t('dialog.defaultLanguage')}
              options={[
                { value: 'en_us', label: t('languages.en_us') },
                { value: 'zh_cn', label: t('languages.zh_cn') },
              ]}
              data-testid="report-locale"
            />
          </Form.Item>
          {pdfRefused && <Alert type="warning" showIcon message={t('dialog.pdfSinglePark')} data-testid="report-pdf-warning" />}
          {state.error && (
            <Alert
              type="error"
              showIcon
              message={errorMessageOf(state.error, locale, reportTasksPath(scope, id))}
              data-testid="report-error"
            />
          )}
        </Form>
      )}
    </Modal>
  );
}

/** A "Report" button that opens the dialog; hidden without a report right. */
export function ReportButton(props: Omit<Props, 'onClose'> & { size?: 'small' | 'middle' }) {
  const { t } = useTranslation('report');
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const [open, setOpen] = useState(false);
  if (!canReport(denied)) return null;
  return (
    <>
      <Button icon={<FilePdfOutlined />} size={props.size} onClick={() => setOpen(true)} data-testid={`report-button-${props.scope}`}>
        {t(`buttons.${props.scope}`)}
      </Button>
      {open && <ReportDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}
