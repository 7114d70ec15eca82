import { Button, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { IMPORT_API, useSheetImportsCancelMutation, type SheetImportView } from './importApi';

/** What every step after the first shows of its run: its park, component and status; cancel; the findings workbook's address. */
export const reportUrlOf = (run: SheetImportView) => `${IMPORT_API}/sheet-imports/${run.sheetImportId}/error-report`;

export function CancelButton({ run }: { run: SheetImportView }) {
  const { t } = useTranslation('dataImport');
  const [cancel, cancelled] = useSheetImportsCancelMutation();
  return (
    <Button danger loading={cancelled.isLoading} data-testid="import-cancel" onClick={() => void cancel({ id: run.sheetImportId })}>
      {t('cancel')}
    </Button>
  );
}

export function RunHeader({ run }: { run: SheetImportView }) {
  const { t } = useTranslation('dataImport');
  return (
    <Descriptions size="small" column={3} data-testid="import-run">
      <Descriptions.Item label={t('basic.park')}>{run.windfarmName}</Descriptions.Item>
      <Descriptions.Item label={t('basic.componentType')}>{t(`componentTypes.${run.componentType}`)}</Descriptions.Item>
      <Descriptions.Item label={t('status')}>
        <Tag>{run.statusName}</Tag>
      </Descriptions.Item>
    </Descriptions>
  );
}
