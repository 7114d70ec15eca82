import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { formatNumber } from '@/shared/utils/format';
import { useLpsMeasurementsQuery, type LpsMeasurement } from '../inspectionApi';
import { lpsOutOfRange } from '../logic';
import { LoadError } from './common';

/** LPS readings of an inspection: receptor, side, ohm or open circuit, bounds, rings; out of range in red. */
export function LpsTable({ inspectionId }: { inspectionId: string }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const q = useLpsMeasurementsQuery(inspectionId);
  const ohm = (v: number | null) => (v === null ? '–' : t('lps.ohmValue', { value: formatNumber(v, locale) }));
  if (q.error) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <Table<LpsMeasurement>
      size="small"
      rowKey="id"
      data-testid="lps-table"
      loading={q.isFetching}
      dataSource={q.data ?? []}
      pagination={false}
      locale={{ emptyText: t('lps.none') }}
      rowClassName={(r) => (lpsOutOfRange(r) ? 'insp-lps--out' : '')}
      columns={[
        { key: 'blade', dataIndex: 'bladePosition', title: t('defect.blade'), render: (v) => t('blade.title', { position: v }) },
        { key: 'receptor', dataIndex: 'receptorId', title: t('lps.receptor') },
        { key: 'side', dataIndex: 'side', title: t('lps.side'), render: (v: 'PS' | 'SS') => t(`lps.sides.${v}`) },
        { key: 'reading', title: t('lps.reading'), render: (_, r) => (r.openCircuit ? <Tag color="red">{t('lps.openCircuit')}</Tag> : ohm(r.ohm)) },
        { key: 'min', dataIndex: 'minOhm', title: t('lps.min'), render: ohm },
        { key: 'max', dataIndex: 'maxOhm', title: t('lps.max'), render: ohm },
        { key: 'rings', dataIndex: 'ringCount', title: t('lps.rings'), render: (v) => (v === null ? '–' : formatNumber(v, locale)) },
        {
          key: 'range',
          title: t('lps.range'),
          render: (_, r) => (lpsOutOfRange(r) ? <Tag color="red" data-testid="lps-out">{t('lps.out')}</Tag> : <Tag color="green">{t('lps.within')}</Tag>),
        },
      ]}
    />
  );
}
