import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSheetImportsDismissMutation, type SheetImportView } from './importApi';

/** Step 5: what the import created (links to the turbines' inspections), or why it failed; start again. */
export function Finish({ run }: { run: SheetImportView }) {
  const { t } = useTranslation('dataImport');
  const [dismiss, dismissed] = useSheetImportsDismissMutation();
  const again = (
    <Button type="primary" loading={dismissed.isLoading} data-testid="import-again" onClick={() => void dismiss({ id: run.sheetImportId })}>
      {t('finish.again')}
    </Button>
  );
  if (run.taskStatus !== 'SUCCEEDED')
    return (
      <Result
        status="error"
        data-testid="import-step-finish"
        title={t('finish.failed')}
        subTitle={run.error ? `${run.error.message} ${(run.error.details as { reason?: string } | undefined)?.reason ?? ''}` : undefined}
        extra={again}
      />
    );
  return (
    <Result
      status="success"
      data-testid="import-step-finish"
      title={t('finish.done', { count: run.inspections.length })}
      subTitle={run.summary ? t('verify.ok', run.summary) : undefined}
      extra={[
        <ul key="links" data-testid="import-created" style={{ textAlign: 'left' }}>
          {run.inspections.map((i) => (
            <li key={i.inspectionId}>
              <Link to={`/inspection/turbine?windFarmId=${run.windfarmId}&turbineId=${i.turbineId}&inspectionType=${run.componentType}`}>
                {`${i.turbineName} · ${i.inspectionDate}`}
              </Link>
            </li>
          ))}
        </ul>,
        <span key="again">{again}</span>,
      ]}
    />
  );
}
