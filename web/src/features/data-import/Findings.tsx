import { Alert, Button, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchProtected, saveBlob } from '@/shared/download';
import type { SheetFindingView } from './importApi';
import type { Locale } from './contracts';

/** Downloads a protected file (template workbook, error report); a failure goes to `onError`. */
export async function download(url: string, fallback: string, onError: (m: string) => void) {
  try {
    const f = await fetchProtected(url);
    saveBlob(f.blob, f.name ?? fallback);
  } catch (e) {
    onError((e as Error).message);
  }
}

/** Located findings (sheet, row, column, value, code, message) with the error report's download. */
export function FindingsTable({
  findings,
  count,
  reportUrl,
  onError,
}: {
  findings: SheetFindingView[];
  count: number;
  reportUrl: string;
  onError: (m: string) => void;
}) {
  const { t } = useTranslation('dataImport');
  return (
    <>
      <Alert
        type="error"
        showIcon
        data-testid="import-findings-summary"
        title={t('verify.failed', { count })}
        action={
          <Button size="small" data-testid="import-error-report" onClick={() => void download(reportUrl, 'errors.xlsx', onError)}>
            {t('verify.report')}
          </Button>
        }
      />
      <Table<SheetFindingView>
        size="small"
        data-testid="import-findings"
        rowKey={(f) => `${f.sheet}|${f.row}|${f.column}|${f.code}|${f.value}`}
        dataSource={findings}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        columns={[
          { title: t('findings.sheet'), dataIndex: 'sheet' },
          { title: t('findings.row'), dataIndex: 'row' },
          { title: t('findings.column'), dataIndex: 'column' },
          { title: t('findings.value'), dataIndex: 'value', ellipsis: true },
          { title: t('findings.code'), dataIndex: 'code' },
          { title: t('findings.message'), dataIndex: 'message' },
        ]}
      />
    </>
  );
}

/** The workbook's template in each language, as buttons (the sheet wizard's and each table import's). */
export function TemplateDownloads({
  path,
  testIdPrefix,
  onRefusal,
}: {
  path: string;
  testIdPrefix: string;
  onRefusal: (message: string) => void;
}) {
  const { t } = useTranslation('dataImport');
  return (
    <Space wrap>
      <Typography.Text>{t('verify.template')}</Typography.Text>
      {(['en_us', 'zh_cn'] as Locale[]).map((l) => (
        <Button
          key={l}
          size="small"
          data-testid={`${testIdPrefix}-${l}`}
          onClick={() => void download(`${path}?lang=${l}`, 'template.xlsx', onRefusal)}
        >
          {t(`verify.templateIn.${l}`)}
        </Button>
      ))}
    </Space>
  );
}
