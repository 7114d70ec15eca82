import { useEffect, useState } from 'react';
import { Alert, Space, Tag, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { sendForm } from '@/shared/upload';
import { checkSpreadsheetFile, errorText, lookupMessage } from './contracts';
import { IMPORT_API, importApi, type TableImportView } from './importApi';
import { FindingsTable, TemplateDownloads } from './Findings';

/**
 * LPS readings (`lps`) or Config Center templates (`template`) from one workbook: template
 * download in either language, upload, then every located finding or the result. The latest
 * import of the caller is shown again on return; a pending one is polled until inspection answers.
 */
export function TableImportPanel({
  kind,
  fields,
  onDone,
}: {
  kind: 'lps' | 'template';
  fields: Record<string, string> | null;
  onDone?: () => void;
}) {
  const { t } = useTranslation('dataImport');
  const locale = useLocale();
  const [pending, setPending] = useState(false);
  const lps = importApi.useTableImportsLpsLatestQuery(undefined, { skip: kind !== 'lps', pollingInterval: pending ? 1000 : 0 });
  const tpl = importApi.useTableImportsTplLatestQuery(undefined, { skip: kind !== 'template', pollingInterval: pending ? 1000 : 0 });
  const latest = (kind === 'lps' ? lps : tpl).data?.current ?? null;
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!pending || !latest || latest.status === 'PENDING') return;
    setPending(false);
    if (latest.status === 'SUCCEEDED') onDone?.();
  }, [pending, latest, onDone]);
  const pick = async (file: File) => {
    setRefusal(null);
    const pre = checkSpreadsheetFile({ name: file.name, size: file.size });
    if (!pre.ok) return setRefusal(errorText(pre.code, locale, pre.params));
    const form = new FormData();
    for (const [k, v] of Object.entries(fields ?? {})) form.append(k, v);
    form.append('file', file, file.name);
    setBusy(true);
    const r = await sendForm(`${IMPORT_API}/${kind}-imports`, form, () => undefined);
    setBusy(false);
    if (r.status < 200 || r.status >= 300) setRefusal(lookupMessage(r.body, locale, IMPORT_API));
    else setPending((r.body as TableImportView).status === 'PENDING');
    void (kind === 'lps' ? lps : tpl).refetch();
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={`table-import-${kind}`}>
      <TemplateDownloads path={`${IMPORT_API}/${kind}-imports/template`} testIdPrefix="table-import-template" onRefusal={setRefusal} />
      <Typography.Text type="secondary">{t(`tables.${kind}.rules`)}</Typography.Text>
      <Upload.Dragger
        accept=".xlsx,.xls"
        multiple={false}
        showUploadList={false}
        disabled={busy || !fields}
        data-testid={`table-import-file-${kind}`}
        beforeUpload={(file) => {
          void pick(file as unknown as File);
          return false;
        }}
      >
        <p>{t('tables.drop')}</p>
      </Upload.Dragger>
      {refusal ? <Alert type="error" showIcon title={refusal} data-testid="table-import-refusal" /> : null}
      {latest ? (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="table-import-result">
          <Space>
            <Typography.Text>{latest.fileName}</Typography.Text>
            <Tag data-testid="table-import-status">{t(`tables.status.${latest.status}`)}</Tag>
          </Space>
          {latest.status === 'SUCCEEDED' ? <Alert type="success" showIcon title={t('tables.done', { count: latest.created })} /> : null}
          {latest.findings.length > 0 ? (
            <FindingsTable
              findings={latest.findings}
              count={latest.findingCount}
              reportUrl={`${IMPORT_API}/${kind}-imports/${latest.tableImportId}/error-report`}
              onError={setRefusal}
            />
          ) : null}
        </Space>
      ) : null}
    </Space>
  );
}
