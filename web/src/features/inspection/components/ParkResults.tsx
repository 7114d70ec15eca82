import { useMemo, useState } from 'react';
import { Alert, Card, Empty, Input, Skeleton, Space, Statistic, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLocale } from '@/shared/useLocale';
import { formatDate, formatNumber } from '@/shared/utils/format';
import { COMPONENT_TYPE_LABELS, labelOf, type Locale } from '../contracts';
import { useOverviewParkOverviewQuery, type OverviewComponentView, type OverviewTurbineView, type SeverityCountsView } from '../overviewApi';
import { LoadError } from './common';

const BLADE_EXTERNAL = 1;
const LPS = 0;

export const componentName = (c: number, locale: Locale) => labelOf(COMPONENT_TYPE_LABELS, c as keyof (typeof COMPONENT_TYPE_LABELS)['en_us'], locale);

/** Where a result opens: blade external on the turbine page (its blade views), the other components on the component page. */
export function resultLink(windFarmId: string, turbineId: string, componentType: number, inspectionId?: string): string {
  const q = new URLSearchParams({ windFarmId, turbineId, inspectionType: String(componentType) });
  if (inspectionId) q.set('inspectionId', inspectionId);
  return `${componentType === BLADE_EXTERNAL ? '/inspection/turbine' : '/inspection/component'}?${q.toString()}`;
}

/** "S5 ×1 · S3 ×2 · TBD ×1": the non-zero severities, worst first. */
export function countsText(c: SeverityCountsView, t: (k: string, o?: Record<string, unknown>) => string): string {
  const parts = c.bySeverity
    .map((n, severity) => ({ n, severity }))
    .filter((x) => x.n > 0)
    .reverse()
    .map((x) => t('overview.countOf', { label: t('overview.sev', { level: x.severity }), count: x.n }));
  if (c.tbd) parts.push(t('overview.countOf', { label: t('severity.tbd'), count: c.tbd }));
  return parts.length ? parts.join(' · ') : t('overview.noDefects');
}

function Chip({ windFarmId, turbine, componentType, result }: { windFarmId: string; turbine: OverviewTurbineView; componentType: number; result: OverviewComponentView | undefined }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const short = t(`overview.short.${componentType}`);
  if (!result)
    return (
      <Tooltip title={t('overview.notInspected', { component: componentName(componentType, locale) })}>
        <span className="insp-park-chip insp-park-chip--none">{short}</span>
      </Tooltip>
    );
  const lps = result.lps;
  const tip = (
    <div>
      <div>
        {componentName(componentType, locale)} · {formatDate(result.inspectionDate, locale)}
      </div>
      <div>{countsText(result.counts, t)}</div>
      {lps && <div>{t('overview.lpsSummary', { passed: lps.passed, failed: lps.failed })}</div>}
    </div>
  );
  const level = componentType === LPS && lps ? (lps.failed ? 7 : lps.passed ? 2 : 0) : result.counts.worstLevel;
  return (
    <Tooltip title={tip}>
      <Link
        to={resultLink(windFarmId, turbine.turbineId, componentType, result.inspectionId)}
        className={`insp-park-chip insp-park-chip--l${level}`}
        style={{ background: `var(--insp-level-${level})` }}
        data-testid={`chip-${turbine.turbineName}-${componentType}`}
        aria-label={`${turbine.turbineName} ${componentName(componentType, locale)}`}
      >
        {short}
      </Link>
    </Tooltip>
  );
}

function Tile({ windFarmId, turbine, componentTypes, selected }: { windFarmId: string; turbine: OverviewTurbineView; componentTypes: number[]; selected: number }) {
  const { t } = useTranslation('inspection');
  const main = turbine.components.find((c) => c.componentType === selected);
  const level = main ? (main.lps ? (main.lps.failed ? 7 : main.lps.passed ? 2 : 0) : main.counts.worstLevel) : 0;
  const turbineLink = `/inspection/turbine?${new URLSearchParams({ windFarmId, turbineId: turbine.turbineId, inspectionType: String(selected) }).toString()}`;
  return (
    <div className="insp-park-tile" style={{ borderTopColor: `var(--insp-level-${level})` }} data-testid={`tile-${turbine.turbineName}`} data-level={level}>
      <Link to={turbineLink} className="insp-park-tile__name">
        {turbine.turbineName}
      </Link>
      <div className="insp-park-tile__main">
        {!main
          ? t('overview.none')
          : main.lps
            ? t('overview.lpsShort', { passed: main.lps.passed, total: main.lps.passed + main.lps.failed })
            : main.counts.total
              ? t('overview.defectsShort', { count: main.counts.total })
              : t('overview.noDefects')}
      </div>
      <div className="insp-park-tile__chips">
        {componentTypes.map((c) => (
          <Chip key={c} windFarmId={windFarmId} turbine={turbine} componentType={c} result={turbine.components.find((x) => x.componentType === c)} />
        ))}
      </div>
    </div>
  );
}

/**
 * The wind farm overview's results (issue #23): every turbine of the park at a glance, coloured
 * by the worst severity of the chosen component (SPEC §3 blade colour scheme), a chip per
 * component opening its page; one call aggregated on the server.
 */
export function ParkResults({ windFarmId, componentType }: { windFarmId: string; componentType: number }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const q = useOverviewParkOverviewQuery({ id: windFarmId });
  const [filter, setFilter] = useState('');
  const turbines = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (q.data?.turbines ?? []).filter((x) => !f || x.turbineName.toLowerCase().includes(f));
  }, [q.data, filter]);
  const title = t('overview.title', { component: componentName(componentType, locale) });
  if (q.error) return <Card size="small" title={title}><LoadError error={q.error} onRetry={() => void q.refetch()} /></Card>;
  if (!q.data) return <Card size="small" title={title}><Skeleton active /></Card>;
  const o = q.data;
  const allowed = o.componentTypes.includes(componentType);
  const total = o.totals.find((x) => x.componentType === componentType);
  return (
    <Card
      size="small"
      title={title}
      data-testid="park-results"
      extra={<Input.Search allowClear size="small" placeholder={t('overview.filter')} aria-label={t('overview.filter')} onChange={(e) => setFilter(e.target.value)} style={{ width: 200 }} />}
    >
      {!allowed ? (
        <Alert type="warning" showIcon title={t('overview.noRight', { component: componentName(componentType, locale) })} data-testid="park-results-no-right" />
      ) : (
        total && (
          <Space wrap size="large" className="insp-park-totals" data-testid="park-results-totals">
            <Statistic title={t('overview.inspected')} value={`${formatNumber(total.inspectedTurbines, locale)} / ${formatNumber(o.turbineCount, locale)}`} />
            {componentType === LPS ? (
              <>
                <Statistic title={t('overview.lpsPassed')} value={total.lpsPassed} valueStyle={{ color: '#237804' }} />
                <Statistic title={t('overview.lpsFailed')} value={total.lpsFailed} valueStyle={{ color: '#a8071a' }} />
              </>
            ) : (
              <>
                <Statistic title={t('overview.defects')} value={total.counts.total} />
                <div>
                  <Typography.Text type="secondary">{t('overview.bySeverity')}</Typography.Text>
                  <div>
                    {[5, 4, 3, 2, 1, 0].map((s) => (
                      <Tag
                        key={s}
                        // Black on every level of the palette: white fell below 4.5:1 on orange and red.
                        style={{ background: `var(--insp-level-${s + 2})`, borderColor: 'transparent', color: '#000' }}
                        data-testid={`total-s${s}`}
                      >
                        {t('overview.countOf', { label: t('overview.sev', { level: s }), count: total.counts.bySeverity[s] ?? 0 })}
                      </Tag>
                    ))}
                    <Tag style={{ background: 'var(--insp-level-1)', borderColor: 'transparent', color: '#000' }}>{t('overview.countOf', { label: t('severity.tbd'), count: total.counts.tbd })}</Tag>
                  </div>
                </div>
              </>
            )}
          </Space>
        )
      )}
      {o.turbines.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('overview.noTurbines')} />
      ) : (
        <div className="insp-park-grid" data-testid="park-grid">
          {turbines.map((x) => (
            <Tile key={x.turbineId} windFarmId={windFarmId} turbine={x} componentTypes={o.componentTypes} selected={componentType} />
          ))}
        </div>
      )}
      <div className="insp-legend" data-testid="park-legend">
        {[0, 1, 2, 3, 4, 5, 6, 7, 8].map((level) => (
          <span key={level} className="insp-legend__item">
            <span className="insp-legend__swatch" style={{ background: `var(--insp-level-${level})` }} />
            {t(`severity.levels.${level}`)}
          </span>
        ))}
        <span className="insp-legend__item">{t('overview.chipsHint')}</span>
      </div>
    </Card>
  );
}
