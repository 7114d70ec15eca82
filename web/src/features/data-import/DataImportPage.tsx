import { useState } from 'react';
import { Result, Segmented, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/core/store';
import { useLocale } from '@/shared/useLocale';
import { IMPORT_WIZARD_STEP_LABELS, Rights, hasRight } from './contracts';
import { useSheetImportsCurrentQuery } from './importApi';
import { useSheetImportLive } from './live';
import { stepOf } from './wizard';
import { LpsImport } from './LpsImport';
import { BasicConfig } from './BasicConfig';
import { VerifyExcel } from './VerifyExcel';
import { UploadImages } from './UploadImages';
import { Processing } from './Processing';
import { Finish } from './Finish';
import { ImportQueue } from './ImportQueue';

export { progressPercent, stepOf } from './wizard';

const STEPS = [1, 2, 3, 4, 5] as const;

/**
 * Data import (SPEC §2 /dataCenter/dataImport and /dataFlowManagement/dataImport): the 5-step
 * wizard — basic config, verify the Excel file, upload images, data processing, finish. The run
 * lives on the server (import's sheet imports), so leaving and coming back resumes it.
 */
export function Component() {
  const { t } = useTranslation('dataImport');
  const locale = useLocale();
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const canRead = [Rights.DATA_INTEGRATION_SHOW, Rights.DATA_INTEGRATION_EDIT, Rights.INSPECTION_DATA].some((r) => hasRight(denied, r));
  useSheetImportLive(canRead);
  const current = useSheetImportsCurrentQuery(undefined, { skip: !canRead });
  const run = current.data?.current ?? null;
  const step = stepOf(run);
  const [kind, setKind] = useState<'wizard' | 'lps'>('wizard');
  if (!canRead) return <Result status="403" title={t('noAccess')} data-testid="page-dataImport" />;
  return (
    <div data-testid="page-dataImport" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Segmented
        data-testid="import-kind"
        value={kind}
        onChange={(v) => setKind(v as 'wizard' | 'lps')}
        options={[
          { value: 'wizard', label: t('tables.kinds.wizard') },
          { value: 'lps', label: t('tables.kinds.lps') },
        ]}
      />
      {kind === 'lps' ? <LpsImport /> : null}
      {kind === 'lps' ? null : (
        <>
          <Steps
            current={step - 1}
            data-testid="import-steps"
            items={STEPS.map((s) => ({ title: IMPORT_WIZARD_STEP_LABELS[locale][s] }))}
          />
          {current.isLoading ? null : step === 1 ? (
            <BasicConfig />
          ) : step === 2 ? (
            <VerifyExcel run={run!} />
          ) : step === 3 ? (
            <UploadImages run={run!} />
          ) : step === 4 ? (
            <Processing run={run!} />
          ) : (
            <Finish run={run!} />
          )}
          <ImportQueue />
        </>
      )}
    </div>
  );
}
