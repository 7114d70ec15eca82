import { useState } from 'react';
import { Alert, Card, Progress, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import {
  IMPORT_WIZARD_STEP_LABELS,
  UPLOAD_PROGRESS_LABELS,
  UploadFileStatus as S,
  checkSpreadsheetFile,
  errorText,
  lookupMessage,
} from './contracts';
import { IMPORT_API, uploadWorkbook, useSheetImportsCurrentQuery, type SheetImportView } from './importApi';
import { FindingsTable, TemplateDownloads } from './Findings';
import { MappingPicker } from './ColumnMappings';
import { uploadPercent } from '@/shared/upload';
import { CancelButton, RunHeader, reportUrlOf } from './RunParts';

/** Step 2: the workbook (optionally read through a saved column mapping), checked on the server; every finding listed. */
export function VerifyExcel({ run }: { run: SheetImportView }) {
  const { t } = useTranslation('dataImport');
  const locale = useLocale();
  const [sent, setSent] = useState<{ loaded: number; total: number } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Another vendor's workbook: read through a saved mapping of the run's customer (resumes with the last one used).
  const [mappingId, setMappingId] = useState<string | null>(run.mappingId ?? null);
  const current = useSheetImportsCurrentQuery();
  const pick = async (file: File) => {
    setRefusal(null);
    const pre = checkSpreadsheetFile({ name: file.name, size: file.size });
    if (!pre.ok) {
      setRefusal(errorText(pre.code, locale, pre.params));
      return;
    }
    setBusy(true);
    setSent({ loaded: 0, total: file.size });
    const r = await uploadWorkbook(run.sheetImportId, file, (loaded, total) => setSent({ loaded, total }), mappingId);
    setBusy(false);
    if (r.status < 200 || r.status >= 300) setRefusal(lookupMessage(r.body, locale, IMPORT_API));
    void current.refetch();
  };
  const findings = run.findings;
  return (
    <Card title={IMPORT_WIZARD_STEP_LABELS[locale][2]} data-testid="import-step-verify" extra={<CancelButton run={run} />}>
      <RunHeader run={run} />
      <Space orientation="vertical" style={{ width: '100%' }}>
        <TemplateDownloads path={`${IMPORT_API}/sheet-imports/template`} testIdPrefix="import-template" onRefusal={setRefusal} />
        <Typography.Text type="secondary">{t('verify.rules')}</Typography.Text>
        <MappingPicker customerId={run.customerId} value={mappingId} onChange={setMappingId} />
        <Upload.Dragger
          accept=".xlsx,.xls"
          multiple={false}
          showUploadList={false}
          disabled={busy}
          data-testid="import-workbook"
          beforeUpload={(file) => {
            void pick(file as unknown as File);
            return false;
          }}
        >
          <p>{t('verify.drop')}</p>
        </Upload.Dragger>
        {sent ? (
          <Progress
            percent={uploadPercent(sent.loaded, sent.total)}
            status={busy ? 'active' : 'normal'}
            data-testid="import-upload-progress"
          />
        ) : null}
        {busy ? <Typography.Text data-testid="import-verifying">{UPLOAD_PROGRESS_LABELS[locale][3]}</Typography.Text> : null}
        {refusal ? <Alert type="error" showIcon title={refusal} data-testid="import-refusal" /> : null}
        {run.status === S.FAILED && findings.length > 0 ? (
          <FindingsTable
            findings={findings}
            count={run.summary?.findings ?? findings.length}
            reportUrl={reportUrlOf(run)}
            onError={setRefusal}
          />
        ) : null}
        {run.status === S.VERIFY_SUCCESS && run.summary ? (
          <Alert type="success" showIcon title={t('verify.ok', run.summary)} data-testid="import-verified" />
        ) : null}
      </Space>
    </Card>
  );
}
