import { useState } from 'react';
import { Button, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/shared/components/ErrorAlert';
import { useGrowthAcceptMutation, useGrowthDismissMutation, useGrowthParkQuery, type DefectGrowthView } from '../dataCenterApi';

/**
 * Defect growth of a park (defects linked across inspections), fastest first, with the suggested
 * severity/priority upgrade an engineer accepts or dismisses (never applied silently).
 */
export function GrowthPanel({ parkId }: { parkId: string }) {
  const { t } = useTranslation('dataCenter');
  const [rate, setRate] = useState<number | undefined>();
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const q = useGrowthParkQuery({ id: parkId, rate, ...page });
  const [accept, accepting] = useGrowthAcceptMutation();
  const [dismiss, dismissing] = useGrowthDismissMutation();
  const error = q.error ?? accepting.error ?? dismissing.error;
  return (
    <div data-testid="dc-growth">
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text>{t('growth.rate')}</Typography.Text>
        <InputNumber min={0} value={rate ?? q.data?.rate} onChange={(v) => setRate(v ?? undefined)} addonAfter="%" aria-label={t('growth.rate')} />
      </Space>
      <ErrorAlert error={error} style={{ marginBottom: 12 }} />
      <Table<DefectGrowthView>
        rowKey="defectId"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.results ?? []}
        pagination={{ current: page.pageIndex, pageSize: page.pageSize, total: q.data?.totalCount ?? 0, onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }) }}
        columns={[
          { key: 'turbine', dataIndex: 'turbineName', title: t('table.turbine') },
          { key: 'no', dataIndex: 'defectNo', title: t('table.defectNo') },
          { key: 'type', dataIndex: 'defectType', title: t('filters.type') },
          { key: 'history', title: t('growth.history'), render: (_: unknown, g) => g.history.map((h) => `${h.inspectionDate}: ${h.size ?? '—'}`).join(' → ') },
          { key: 'rate', dataIndex: 'sizeGrowthPctPerMonth', title: t('growth.perMonth'), render: (v: number | null) => (v === null ? '—' : `${v} %`) },
          { key: 'sev', dataIndex: 'severityPerMonth', title: t('growth.severityPerMonth') },
          {
            key: 'suggestion',
            title: t('growth.suggestion'),
            render: (_: unknown, g) =>
              g.decision ? (
                <Tag>{t(`growth.${g.decision}`)}</Tag>
              ) : g.suggestedSeverity !== null || g.suggestedPriority !== null ? (
                <Space>
                  <span>{t('growth.upgrade', { severity: g.suggestedSeverity ?? g.severity ?? '—', priority: g.suggestedPriority ?? g.repairPriority ?? '—' })}</span>
                  <Button size="small" type="primary" loading={accepting.isLoading} onClick={() => void accept({ defectId: g.defectId, growthDecisionDto: { rate: rate ?? q.data?.rate } })}>
                    {t('growth.accept')}
                  </Button>
                  <Button size="small" loading={dismissing.isLoading} onClick={() => void dismiss({ defectId: g.defectId, growthDecisionDto: { rate: rate ?? q.data?.rate } })}>
                    {t('growth.dismiss')}
                  </Button>
                </Space>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </div>
  );
}
