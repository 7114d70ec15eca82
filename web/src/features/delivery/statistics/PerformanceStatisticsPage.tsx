import { useState } from 'react';
import { Button, Card, Input, Progress, Space, Table, Tabs, Typography } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/core/store';
import { hasRight, Rights } from '@/shared/contracts';
import { getAccessToken } from '@/core/session/session';
import type { PersonStatisticsView, StatisticsRowView, TeamStatisticsView } from '@/core/api/generated/delivery';
import { Refusal, NoAccess } from '../shared';
import { useStatisticsGetQuery } from '../deliveryApi';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** A QA pass rate (0..1) as a small bar; none without reviews. */
function PassRate({ value }: { value: number | null }) {
  if (value === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const percent = Math.round(value * 1000) / 10;
  return <Progress percent={percent} size="small" status={percent < 80 ? 'exception' : 'success'} format={(p) => `${p}%`} style={{ minWidth: 110 }} />;
}

/** Images sorted and defects labeled per person, side by side (recharts loads with this route only). */
function PeopleChart({ people, labels }: { people: PersonStatisticsView[]; labels: { images: string; defects: string; hours: string } }) {
  const data = people.slice(0, 20).map((p) => ({ name: p.userName ?? p.userId.slice(0, 8), images: p.imagesSorted, defects: p.defectsLabeled, hours: p.hoursSpent }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="name" />
        <YAxis yAxisId="count" allowDecimals={false} />
        <YAxis yAxisId="hours" orientation="right" />
        <Tooltip />
        <Legend />
        <Bar yAxisId="count" dataKey="images" name={labels.images} fill="#1677ff" isAnimationActive={false} />
        <Bar yAxisId="count" dataKey="defects" name={labels.defects} fill="#fa8c16" isAnimationActive={false} />
        <Bar yAxisId="hours" dataKey="hours" name={labels.hours} fill="#52c41a" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/**
 * Performance statistics (SPEC §2 /deliveryManagement/performanceStatistics): per person and team
 * (images sorted, defects labeled, QA pass rate, reviews, hours) as a chart and tables, task stages
 * completed per organization and project, and per day as bars, over at most 3 months (the server
 * refuses longer ranges with the spec's message); Excel export with the same figures.
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
  const people = q.data?.people ?? [];
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
      <Card size="small" title={t('statistics.perPerson')}>
        {people.length ? (
          <div data-testid="stats-people-chart">
            <PeopleChart people={people} labels={{ images: t('statistics.imagesSorted'), defects: t('statistics.defectsLabeled'), hours: t('statistics.hoursSpent') }} />
          </div>
        ) : (
          <Typography.Text type="secondary">{t('statistics.noPeople')}</Typography.Text>
        )}
      </Card>
      <Tabs
        items={[
          {
            key: 'people',
            label: t('statistics.people'),
            children: (
              <Table<PersonStatisticsView>
                size="small"
                rowKey="userId"
                loading={q.isFetching}
                dataSource={people}
                pagination={false}
                scroll={{ x: true }}
                data-testid="stats-people"
                columns={[
                  { title: t('statistics.person'), dataIndex: 'userName', render: (v: string | null, p) => v ?? p.userId.slice(0, 8) },
                  { title: t('statistics.team'), dataIndex: 'organizationName', render: (v: string | null) => v ?? t('statistics.noTeam') },
                  { title: t('statistics.imagesSorted'), dataIndex: 'imagesSorted', sorter: (a, b) => a.imagesSorted - b.imagesSorted },
                  { title: t('statistics.defectsLabeled'), dataIndex: 'defectsLabeled', sorter: (a, b) => a.defectsLabeled - b.defectsLabeled },
                  { title: t('statistics.stagesCompleted'), dataIndex: 'stagesCompleted', sorter: (a, b) => a.stagesCompleted - b.stagesCompleted },
                  {
                    title: t('statistics.qaPassRate'),
                    dataIndex: 'qaPassRate',
                    render: (v: number | null, p) => (
                      <span title={t('statistics.passedOf', { passed: p.reviewsPassed, total: p.reviewsReceived })}>
                        <PassRate value={v} />
                      </span>
                    ),
                  },
                  {
                    title: t('statistics.changeRate'),
                    dataIndex: 'changeRate',
                    render: (v: number | null) => (v === null ? '—' : `${Math.round(v * 1000) / 10}%`),
                  },
                  { title: t('statistics.reviewsDone'), dataIndex: 'reviewsDone' },
                  { title: t('statistics.hoursSpent'), dataIndex: 'hoursSpent', sorter: (a, b) => a.hoursSpent - b.hoursSpent },
                ]}
              />
            ),
          },
          {
            key: 'teams',
            label: t('statistics.teams'),
            children: (
              <Table<TeamStatisticsView>
                size="small"
                rowKey={(r) => r.organizationId ?? '-'}
                loading={q.isFetching}
                dataSource={q.data?.teams ?? []}
                pagination={false}
                data-testid="stats-teams"
                columns={[
                  { title: t('statistics.team'), dataIndex: 'organizationName', render: (v: string | null) => v ?? t('statistics.noTeam') },
                  { title: t('statistics.peopleCount'), dataIndex: 'people' },
                  { title: t('statistics.imagesSorted'), dataIndex: 'imagesSorted' },
                  { title: t('statistics.defectsLabeled'), dataIndex: 'defectsLabeled' },
                  { title: t('statistics.stagesCompleted'), dataIndex: 'stagesCompleted' },
                  { title: t('statistics.qaPassRate'), dataIndex: 'qaPassRate', render: (v: number | null) => <PassRate value={v} /> },
                  { title: t('statistics.reviewsDone'), dataIndex: 'reviewsDone' },
                  { title: t('statistics.hoursSpent'), dataIndex: 'hoursSpent' },
                ]}
              />
            ),
          },
        ]}
      />
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
