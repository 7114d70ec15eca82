import { useState } from 'react';
import { Button, Card, Input, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/core/store';
import { hasRight, Rights } from '@/shared/contracts';
import { getAccessToken } from '@/core/session/session';
import type { StatisticsRowView } from '@/core/api/generated/delivery';
import { Refusal, NoAccess } from '../shared';
import { useStatisticsGetQuery } from '../deliveryApi';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Performance statistics (SPEC §2 /deliveryManagement/performanceStatistics): task stages completed
 * per organization and project, and per day as bars, over at most 3 months (the server refuses
 * longer ranges with the spec's message); Excel export.
 */
export function Component() {
  const { t } = useTranslation('delivery');
  const locale = useAppSelector((s) => s.app.locale);
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const show = hasRight(denied, Rights.PERFORMANCE_STATISTICS_SHOW);
  const [range, setRange] = useState({ from: isoDay(new Date(Date.now() - 30 * 86400_000)), to: isoDay(new Date()) });
  const q = useStatisticsGetQuery(range, { skip: !show });
  if (!show) return <NoAccess page="performanceStatistics" />;
  const days = q.data?.days ?? [];
  const max = Math.max(1, ...days.map((d) => d.completed));
  const exportFile = async () => {
    const r = await fetch(`/gw/delivery/api/v2/performance-statistics/export?from=${range.from}&to=${range.to}`, {
      headers: { authorization: `Bearer ${getAccessToken() ?? ''}`, locale },
    });
    if (!r.ok) return;
    const url = URL.createObjectURL(await r.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = 'performance-statistics.xlsx';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div data-testid="page-performanceStatistics" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('statistics.title')}
      </Typography.Title>
      <Space wrap>
        <Input type="date" value={range.from} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} data-testid="stats-from" />
        <Input type="date" value={range.to} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} data-testid="stats-to" />
        <Button onClick={() => void exportFile()} disabled={!!q.error} data-testid="stats-export">
          {t('statistics.export')}
        </Button>
        <Typography.Text type="secondary">{t('statistics.limit')}</Typography.Text>
      </Space>
      <Refusal error={q.error} testId="stats-error" />
      <Card size="small" title={t('statistics.perDay')}>
        <div style={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: 120 }} data-testid="stats-days">
          {days.map((d) => (
            <div key={d.day} title={`${d.day}: ${d.completed}`} style={{ flex: 1, background: '#1677ff', height: `${(d.completed / max) * 100}%`, minWidth: 4 }} />
          ))}
        </div>
      </Card>
      <Table<StatisticsRowView>
        size="small"
        rowKey={(r) => `${r.projectId}-${r.stage}`}
        loading={q.isFetching}
        dataSource={q.data?.rows ?? []}
        pagination={false}
        data-testid="stats-table"
        columns={[
          { title: t('statistics.organization'), dataIndex: 'organizationName' },
          { title: t('fields.project'), dataIndex: 'projectName' },
          { title: t('statistics.stage'), dataIndex: 'stage', render: (v: number) => t(`stages.${v}`, { defaultValue: String(v) }) },
          { title: t('statistics.completed'), dataIndex: 'completed' },
        ]}
      />
    </div>
  );
}
