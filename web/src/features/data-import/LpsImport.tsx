import { useState } from 'react';
import { Card, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { assetApi } from '@/core/api/generated/asset';
import { TableImportPanel } from './TableImportPanel';

/** LPS readings of a park's turbines into their LPS inspections (import's lps-imports). */
export function LpsImport() {
  const { t } = useTranslation('dataImport');
  const [parkId, setParkId] = useState<string>();
  const plants = assetApi.usePlantsListQuery({ pageSize: 500, fieldToSort: 'windFarmName', descending: false, active: true });
  return (
    <Card title={t('tables.kinds.lps')} data-testid="import-lps">
      <Form layout="vertical">
        <Form.Item label={t('basic.park')} required>
          <Select
            data-testid="import-lps-park"
            showSearch={{ optionFilterProp: 'label' }}
            value={parkId}
            placeholder={t('basic.choose')}
            options={(plants.data?.results ?? []).map((p) => ({ value: p.windFarmId, label: p.windFarmName }))}
            onChange={(v: string) => setParkId(v)}
          />
        </Form.Item>
      </Form>
      <TableImportPanel kind="lps" fields={parkId ? { windfarmId: parkId } : null} />
    </Card>
  );
}
