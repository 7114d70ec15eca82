import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Card, Descriptions, Empty, Select, Skeleton, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { ErrorAlert } from '@/shared/components/ErrorAlert';
import { HEALTH_LEVEL_LABELS, HealthLevel, SEVERITY_PALETTE_5, SEVERITY_PALETTE_9, labelOf } from '@/shared/contracts';
import { useLocale } from '@/shared/useLocale';
import {
  useInsightParkHealthQuery,
  useInsightParkInsightQuery,
  useParkListsAllPermittedProjectFarmsQuery,
  useTurbinesListQuery,
  type TurbineHealthView,
} from '../dataCenterApi';
import { componentOptions, componentText } from '../labels';
import { SeverityStack } from './Charts';
import { GrowthPanel } from './GrowthPanel';
import type { HealthMarker } from './HealthMap';
import '../dataCenter.css';

const HealthMap = lazy(() => import('./HealthMap'));

/** Health colours: the SPEC's 5-colour palette (excellent green, adequate orange, poor red), unknown grey. */
export const HEALTH_COLORS: Record<HealthLevel, string> = {
  EXCELLENT: SEVERITY_PALETTE_5[0],
  ADEQUATE: SEVERITY_PALETTE_5[2],
  POOR: SEVERITY_PALETTE_5[3],
  UNKNOWN: SEVERITY_PALETTE_9[0],
};

function HealthTag({ level }: { level: HealthLevel }) {
  const locale = useLocale();
  return (
    <Tag color={HEALTH_COLORS[level]} style={{ color: level === 'UNKNOWN' ? '#1f1f1f' : '#fff' }} data-testid="dc-health-tag">
      {labelOf(HEALTH_LEVEL_LABELS, level, locale)}
    </Tag>
  );
}

/** Health care of one park: its level, the rule, the map coloured by turbine health, and the turbines. */
function HealthPanel({ parkId }: { parkId: string }) {
  const { t } = useTranslation('dataCenter');
  const locale = useLocale();
  const health = useInsightParkHealthQuery({ id: parkId });
  const turbines = useTurbinesListQuery({ id: parkId, pageSize: 500, fieldToSort: 'turbineName' });
  const markers = useMemo<HealthMarker[]>(() => {
    const level = new Map((health.data?.turbines ?? []).map((x) => [x.turbineId, x.level]));
    return (turbines.data?.results ?? [])
      .filter((x) => x.latitude !== null && x.longitude !== null)
      .map((x) => ({ id: x.turbineId, name: x.turbineName, lat: x.latitude!, lon: x.longitude!, color: HEALTH_COLORS[level.get(x.turbineId) ?? 'UNKNOWN'] }));
  }, [health.data, turbines.data]);
  if (health.error) return <ErrorAlert error={health.error} />;
  if (!health.data) return <Skeleton active />;
  const h = health.data;
  return (
    <div data-testid="dc-health">
      <Alert type="info" showIcon title={t('health.ruleTitle')} description={t('health.rule')} style={{ marginBottom: 12 }} data-testid="dc-health-rule" />
      <Descriptions size="small" bordered column={3} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('health.park')}>
          <HealthTag level={h.level} />
        </Descriptions.Item>
        <Descriptions.Item label={t('health.window')}>{t('health.since', { date: h.windowFrom })}</Descriptions.Item>
        <Descriptions.Item label={t('health.inspected')}>{t('health.inspectedOf', { n: h.inspectedTurbines, total: h.turbineCount })}</Descriptions.Item>
        <Descriptions.Item label={t('health.aboveLevel2')}>{h.turbinesAboveLevel2}</Descriptions.Item>
        <Descriptions.Item label={t('health.level4')}>{h.turbinesLevel4OrHigher}</Descriptions.Item>
        <Descriptions.Item label={t('health.share')}>{`${Math.round(h.level4Share * 1000) / 10} %`}</Descriptions.Item>
      </Descriptions>
      <Space style={{ marginBottom: 8 }}>
        {(Object.keys(HEALTH_COLORS) as HealthLevel[]).map((l) => (
          <span key={l} className="dc-legend">
            <i style={{ background: HEALTH_COLORS[l] }} />
            {labelOf(HEALTH_LEVEL_LABELS, l, locale)}
          </span>
        ))}
      </Space>
      {markers.length ? (
        <Suspense fallback={<Skeleton active />}>
          <HealthMap markers={markers} />
        </Suspense>
      ) : (
        <Empty description={t('health.noCoordinates')} />
      )}
      <Table<TurbineHealthView>
        style={{ marginTop: 12 }}
        size="small"
        rowKey="turbineId"
        dataSource={h.turbines}
        pagination={{ pageSize: 20 }}
        columns={[
          { key: 'name', dataIndex: 'turbineName', title: t('table.turbine') },
          { key: 'level', dataIndex: 'level', title: t('health.level'), render: (l: HealthLevel) => <HealthTag level={l} /> },
          { key: 'max', dataIndex: 'maxSeverity', title: t('health.maxSeverity'), render: (v: number | null) => v ?? '—' },
          { key: 'n', dataIndex: 'inspections', title: t('health.inspections') },
          { key: 'last', dataIndex: 'lastInspectionDate', title: t('health.last'), render: (v: string | null) => v ?? '—' },
        ]}
      />
    </div>
  );
}

/**
 * /dataCenter/dataInsight (wide layout): a park's defects by type, severity, component, turbine
 * and blade zone; health care (SPEC §9) with the park map; leading-edge erosion per inspection.
 */
export function Component() {
  const { t } = useTranslation('dataCenter');
  const locale = useLocale();
  const parks = useParkListsAllPermittedProjectFarmsQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const [componentType, setComponentType] = useState<number | undefined>();
  const parkId = chosen ?? parks.data?.[0]?.windFarmId ?? null;
  const insight = useInsightParkInsightQuery(parkId ? { id: parkId, componentType } : skipToken);
  const sevLabel = (s: number) => t('insight.severityN', { n: s });
  const d = insight.data;
  const erosionDates = useMemo(() => [...new Set((d?.leadingEdgeErosion.park ?? []).map((r) => r.inspectionDate))], [d]);
  const [erosionDate, setErosionDate] = useState<string | undefined>();
  const shownDate = erosionDate && erosionDates.includes(erosionDate) ? erosionDate : erosionDates.at(-1);

  const charts = d && (
    <div className="dc-charts" data-testid="dc-insight-charts">
      <Card size="small" title={t('insight.bySeverity', { total: d.bySeverity.total })}>
        <SeverityStack rows={[{ label: t('insight.all'), severities: d.bySeverity.severities, unrated: d.bySeverity.unrated }]} severityLabel={sevLabel} unratedLabel={t('insight.unrated')} />
      </Card>
      <Card size="small" title={t('insight.byType')}>
        <SeverityStack rows={d.byType.slice(0, 15).map((r) => ({ label: r.key, severities: r.severities, unrated: r.unrated }))} severityLabel={sevLabel} unratedLabel={t('insight.unrated')} />
      </Card>
      <Card size="small" title={t('insight.byComponent')}>
        <SeverityStack rows={d.byComponent.map((r) => ({ label: componentText(Number(r.key), locale), severities: r.severities, unrated: r.unrated }))} severityLabel={sevLabel} unratedLabel={t('insight.unrated')} />
      </Card>
      <Card size="small" title={t('insight.perTurbine')}>
        <SeverityStack rows={d.perTurbine.map((r) => ({ label: r.turbineName, severities: r.severities, unrated: r.unrated }))} severityLabel={sevLabel} unratedLabel={t('insight.unrated')} />
      </Card>
      <Card size="small" title={t('insight.bladeZones', { m: d.zoneM })}>
        <SeverityStack rows={d.bladeZones.map((r) => ({ label: `${r.zone}–${r.zone + d.zoneM} m`, severities: r.severities, unrated: r.unrated }))} severityLabel={sevLabel} unratedLabel={t('insight.unrated')} />
      </Card>
    </div>
  );

  const erosion = d && (
    <div data-testid="dc-erosion">
      <Typography.Paragraph type="secondary">{t('erosion.explain')}</Typography.Paragraph>
      {erosionDates.length === 0 ? (
        <Empty description={t('erosion.none')} />
      ) : (
        <>
          <Card size="small" title={t('erosion.parkOverTime')} style={{ marginBottom: 12 }}>
            <SeverityStack
              rows={erosionDates.map((date) => {
                const rows = d.leadingEdgeErosion.park.filter((r) => r.inspectionDate === date);
                return { label: date, severities: [0, 1, 2, 3, 4, 5].map((s) => rows.reduce((a, r) => a + (r.severities[s] ?? 0), 0)), unrated: rows.reduce((a, r) => a + r.unrated, 0) };
              })}
              severityLabel={sevLabel}
              unratedLabel={t('insight.unrated')}
            />
          </Card>
          <Card
            size="small"
            title={t('erosion.byZone')}
            extra={<Select size="small" value={shownDate} onChange={setErosionDate} options={erosionDates.map((x) => ({ value: x, label: x }))} aria-label={t('erosion.date')} />}
          >
            <SeverityStack
              rows={d.leadingEdgeErosion.park.filter((r) => r.inspectionDate === shownDate).map((r) => ({ label: `${r.zone}–${r.zone + d.zoneM} m`, severities: r.severities, unrated: r.unrated }))}
              severityLabel={sevLabel}
              unratedLabel={t('insight.unrated')}
            />
          </Card>
        </>
      )}
    </div>
  );

  return (
    <div className="dc-page" data-testid="page-dataInsight">
      <Space wrap style={{ marginBottom: 12 }} align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('insight.title')}
        </Typography.Title>
        <Select
          style={{ minWidth: 220 }}
          showSearch={{ optionFilterProp: 'label' }}
          loading={parks.isLoading}
          value={parkId ?? undefined}
          onChange={(v: string) => setChosen(v)}
          options={(parks.data ?? []).map((p) => ({ value: p.windFarmId, label: p.windFarmName }))}
          aria-label={t('filters.park')}
          data-testid="dc-insight-park"
        />
        <Select allowClear style={{ minWidth: 180 }} placeholder={t('filters.allComponents')} value={componentType} onChange={setComponentType} options={componentOptions(locale)} aria-label={t('filters.component')} />
      </Space>
      <ErrorAlert error={insight.error} />
      {!parkId ? (
        <Empty description={t('insight.noPark')} />
      ) : (
        <Tabs
          items={[
            { key: 'insight', label: t('insight.tab'), children: charts ?? <Skeleton active /> },
            { key: 'health', label: t('health.tab'), children: <HealthPanel parkId={parkId} /> },
            { key: 'erosion', label: t('erosion.tab'), children: erosion ?? <Skeleton active /> },
            { key: 'growth', label: t('growth.tab'), children: <GrowthPanel parkId={parkId} /> },
          ]}
        />
      )}
    </div>
  );
}
