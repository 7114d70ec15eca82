import { Alert, Button, Descriptions, Drawer, Empty, Skeleton, Space, Tag, Timeline as AntTimeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from '@/app/store';
import type { ApiError } from '@/app/api/baseQuery';
import { useLocale } from '@/shared/useLocale';
import { formatDate, formatNumber } from '@/shared/utils/format';
import { errorMessageOf } from '@/features/asset/components';
import { useDefectLinksQuery, useDefectQuery, useInspectionQuery, useSetDpsStatusMutation, type Defect } from '../inspectionApi';
import { dpsButtons, repairDue } from '../logic';
import { DPS_COLORS, TIMELINE_COLORS, dpsLabel, linkStateLabel, repairPriorityLabel, timelineLabel, viewLabel } from '../labels';
import { LoadError, SeverityTag } from './common';

const MAX_TIMELINE_DEPTH = 10;

/** One defect of the chain of linked inspections, then the one it continues (previousDefectId). */
function TimelineEntries({ defectId, depth }: { defectId: string; depth: number }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const q = useDefectQuery(defectId);
  const d = q.data;
  if (q.error) return <LoadError error={q.error} />;
  if (!d) return <Skeleton active paragraph={{ rows: 1 }} />;
  const date = d.inspectionDate ?? d.createdAt;
  return (
    <>
      <AntTimeline
        items={[
          {
            color: depth === 0 ? 'blue' : 'gray',
            content: (
              <div data-testid="timeline-entry">
                <Typography.Text strong>{formatDate(date, locale)}</Typography.Text>{' '}
                <Tag color={TIMELINE_COLORS[d.timelineStatus]} data-testid="timeline-status">
                  {timelineLabel(d.timelineStatus, locale)}
                </Tag>
                {d.timelineManual && <Tag>{t('timeline.manual')}</Tag>}
                <div>
                  {t('timeline.entry', {
                    no: d.defectNo,
                    type: d.defectType,
                    distance: d.distanceToRoot === null ? '–' : formatNumber(d.distanceToRoot, locale),
                  })}{' '}
                  <SeverityTag severity={d.severity} />
                </div>
              </div>
            ),
          },
        ]}
      />
      {d.previousDefectId && depth < MAX_TIMELINE_DEPTH ? (
        <TimelineEntries defectId={d.previousDefectId} depth={depth + 1} />
      ) : (
        depth === 0 && <Typography.Text type="secondary">{d.timelineStatus === 'NOT_APPLICABLE' ? t('timeline.notLinked') : t('timeline.first')}</Typography.Text>
      )}
    </>
  );
}

function DpsActions({ defect }: { defect: Defect }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const [setStatus, state] = useSetDpsStatusMutation();
  const targets = dpsButtons(defect.dpsStatus, denied);
  return (
    <div data-testid="dps-actions">
      <Space wrap>
        <Tag color={DPS_COLORS[defect.dpsStatus]} data-testid="dps-status">
          {dpsLabel(defect.dpsStatus, locale)}
        </Tag>
        {targets.map((to) => (
          <Button key={to} size="small" loading={state.isLoading && state.originalArgs?.dpsStatus === to} onClick={() => void setStatus({ defectId: defect.defectId, dpsStatus: to })} data-testid={`dps-to-${to}`}>
            {t(`dps.to.${to}`)}
          </Button>
        ))}
        {targets.length === 0 && <Typography.Text type="secondary">{t('dps.noRight')}</Typography.Text>}
      </Space>
      {state.error && <Alert style={{ marginTop: 8 }} type="error" showIcon title={errorMessageOf(state.error as ApiError, locale)} data-testid="dps-error" />}
    </div>
  );
}

function LinkState({ defectId }: { defectId: string }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const q = useDefectLinksQuery(defectId);
  if (q.error) return <LoadError error={q.error} />;
  if (!q.data) return <Skeleton active paragraph={{ rows: 1 }} />;
  return (
    <div data-testid="link-state">
      <Tag color={q.data.state === 'LINKED' ? 'green' : q.data.state === 'BLADE_CHANGED' ? 'red' : 'default'}>{linkStateLabel(q.data.state, locale)}</Tag>
      {q.data.linked.map((d) => (
        <Tag key={d.defectId}>{t('links.linked', { no: d.defectNo, type: d.defectType })}</Tag>
      ))}
    </div>
  );
}

/** SPEC §3 defect fields, the review (DPS) status and its allowed moves, the timeline and the link state. */
export function DefectDetail({ defectId, onShowImage }: { defectId: string; onShowImage?: (d: Defect) => void }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const q = useDefectQuery(defectId);
  const d = q.data;
  const insp = useInspectionQuery(d && !d.inspectionDate ? d.inspectionId : skipToken);
  if (q.error) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!d) return <Skeleton active />;
  const inspectionDate = d.inspectionDate ?? insp.data?.inspectionDate ?? null;
  const due = repairDue(inspectionDate, d.repairPriority);
  const m = (v: number | null) => (v === null ? '–' : t('common.meters', { value: formatNumber(v, locale) }));
  return (
    <div data-testid="defect-detail">
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'no', label: t('defect.number'), children: d.defectNo },
          { key: 'severity', label: t('defect.severity'), children: <SeverityTag severity={d.severity} /> },
          { key: 'type', label: t('defect.type'), children: d.defectType },
          { key: 'layer', label: t('defect.layer'), children: d.layer ?? '–' },
          { key: 'part', label: t('defect.affectedPart'), children: d.affectedPart ?? '–' },
          { key: 'rec', label: t('defect.recommendation'), children: d.recommendation ?? '–' },
          {
            key: 'size',
            label: t('defect.size'),
            children: d.sizeLength === null && d.sizeWidth === null ? '–' : t('defect.sizeValue', { length: formatNumber(d.sizeLength, locale), width: formatNumber(d.sizeWidth, locale) }),
          },
          { key: 'blade', label: t('defect.blade'), children: d.bladePosition ? t('blade.title', { position: d.bladePosition }) : '–' },
          { key: 'position', label: t('defect.position'), children: viewLabel(d.position, locale) },
          { key: 'distance', label: t('defect.distanceToRoot'), children: m(d.distanceToRoot) },
          { key: 'chord', label: t('defect.chordwise'), children: d.chordwiseStart === null && d.chordwiseEnd === null ? '–' : `${m(d.chordwiseStart)} – ${m(d.chordwiseEnd)}` },
          {
            key: 'priority',
            label: t('defect.repairPriority'),
            children: d.repairPriority ? (
              <span data-testid="repair-priority">
                {repairPriorityLabel(d.repairPriority, locale)}
                {due && ` · ${t('defect.dueDate', { date: formatDate(due, locale) })}`}
              </span>
            ) : (
              '–'
            ),
          },
          { key: 'inspection', label: t('defect.inspectionDate'), children: formatDate(inspectionDate, locale) },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('dps.title')}
      </Typography.Title>
      <DpsActions defect={d} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('timeline.title')}
      </Typography.Title>
      <div data-testid="defect-timeline">
        <TimelineEntries defectId={d.defectId} depth={0} />
      </div>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('links.title')}
      </Typography.Title>
      <LinkState defectId={d.defectId} />
      <Space style={{ marginTop: 16 }}>
        {onShowImage && (
          <Button type="primary" onClick={() => onShowImage(d)} data-testid="show-in-viewer">
            {t('defect.showImage')}
          </Button>
        )}
        <Button href={`#/viewDefect?defectId=${d.defectId}`} target="_blank">
          {t('defect.openStandalone')}
        </Button>
      </Space>
    </div>
  );
}

export function DefectDrawer({ defectId, onClose, onShowImage }: { defectId: string | null; onClose: () => void; onShowImage?: (d: Defect) => void }) {
  const { t } = useTranslation('inspection');
  return (
    <Drawer open={!!defectId} onClose={onClose} size={560} title={t('defect.title')} destroyOnHidden>
      {defectId ? <DefectDetail defectId={defectId} onShowImage={onShowImage} /> : <Empty />}
    </Drawer>
  );
}
