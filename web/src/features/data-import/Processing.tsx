import { Alert, Card, Progress, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { IMPORT_WIZARD_STEP_LABELS, UPLOAD_PROGRESS_LABELS } from './contracts';
import { type SheetImportView } from './importApi';
import { RunHeader } from './RunParts';
import { progressPercent } from './wizard';

const PROGRESS_CODES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** Step 4: the queued or running import and the progress codes it reached. */
export function Processing({ run }: { run: SheetImportView }) {
  const { t } = useTranslation('dataImport');
  const locale = useLocale();
  const code = run.progressCode ?? 0;
  return (
    <Card title={IMPORT_WIZARD_STEP_LABELS[locale][4]} data-testid="import-step-processing">
      <RunHeader run={run} />
      {run.queued ? <Alert type="info" showIcon title={t('processing.queued')} data-testid="import-queued" /> : null}
      <Progress percent={progressPercent(code)} status="active" data-testid="import-progress" />
      <Steps
        size="small"
        orientation="vertical"
        current={Math.max(0, code - 1)}
        data-testid="import-progress-codes"
        items={PROGRESS_CODES.map((c) => ({
          title: UPLOAD_PROGRESS_LABELS[locale][c],
          status: c < code ? 'finish' : c === code ? 'process' : 'wait',
        }))}
      />
    </Card>
  );
}
