import { useMemo, useState } from 'react';
import {
  Button,
  Descriptions,
  Drawer,
  Empty,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Tag,
  Timeline as AntTimeline,
  Typography,
} from 'antd';
import { CloseOutlined, DeleteOutlined, LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from '@/core/store';
import { useLocale } from '@/shared/useLocale';
import { formatDate, formatNumber } from '@/shared/utils/format';
import { ErrorAlert } from '@/shared/components/ErrorAlert';
import { DefectTimelineStatus } from '../contracts';
import {
  INSPECTION_MAX_PAGE_SIZE,
  useTimelineLinksQuery,
  useDefectsGetQuery,
  useDefectsListQuery,
  useDefectsRemoveMutation,
  useInspectionsGetQuery,
  useInspectionsListQuery,
  useTimelineLinkDefectsMutation,
  useDefectsDpsMutation,
  useTimelineStatusMutation,
  useTimelineUnlinkDefectsMutation,
  type Defect,
  type Inspection,
} from '../inspectionApi';
import { BLADE_COMPONENT_TYPES, counterpartComponent, dpsButtons, linkPair, repairDue } from '../logic';
import { DPS_COLORS, TIMELINE_COLORS, dpsLabel, linkStateLabel, repairPriorityLabel, timelineLabel, viewLabel } from '../labels';
import { LoadError, Refusal, SeverityTag, useCanEdit, useCanLinkDefects } from './common';
import { useSeedText } from '@/shared/useSeedText';

const MAX_TIMELINE_DEPTH = 10;

/** One defect of the chain of linked inspections, then the one it continues (previousDefectId). */
function TimelineEntries({ defectId, depth }: { defectId: string; depth: number }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const st = useSeedText();
  const q = useDefectsGetQuery({ defectId });
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
                    type: st(d.defectType),
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
        depth === 0 && (
          <Typography.Text type="secondary">
            {d.timelineStatus === 'NOT_APPLICABLE' ? t('timeline.notLinked') : t('timeline.first')}
          </Typography.Text>
        )
      )}
    </>
  );
}

function DpsActions({ defect }: { defect: Defect }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const [setStatus, state] = useDefectsDpsMutation();
  const targets = dpsButtons(defect.dpsStatus, denied);
  return (
    <div data-testid="dps-actions">
      <Space wrap>
        <Tag color={DPS_COLORS[defect.dpsStatus]} data-testid="dps-status">
          {dpsLabel(defect.dpsStatus, locale)}
        </Tag>
        {targets.map((to) => (
          <Button
            key={to}
            size="small"
            loading={state.isLoading && state.originalArgs?.dpsStatusDto.dpsStatus === to}
            onClick={() => void setStatus({ defectId: defect.defectId, dpsStatusDto: { dpsStatus: to } })}
            data-testid={`dps-to-${to}`}
          >
            {t(`dps.to.${to}`)}
          </Button>
        ))}
        {targets.length === 0 && <Typography.Text type="secondary">{t('dps.noRight')}</Typography.Text>}
      </Space>
      <ErrorAlert error={state.error} testId="dps-error" style={{ marginTop: 8 }} />
    </div>
  );
}

/** Engineer override of the computed timeline status (PUT /defects/{id}/timeline-status); kept until the link changes. */
function TimelineOverride({ defect }: { defect: Defect }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const [status, setStatus] = useState<Defect['timelineStatus']>(defect.timelineStatus);
  const [save, state] = useTimelineStatusMutation();
  return (
    <div data-testid="timeline-override" style={{ marginTop: 8 }}>
      <Space wrap>
        <span>{t('timeline.override')}</span>
        <Select
          style={{ minWidth: 160 }}
          value={status}
          onChange={setStatus}
          options={Object.values(DefectTimelineStatus).map((s) => ({ value: s, label: timelineLabel(s, locale) }))}
          aria-label={t('timeline.override')}
          data-testid="timeline-override-status"
        />
        <Button
          size="small"
          disabled={status === defect.timelineStatus && defect.timelineManual}
          loading={state.isLoading}
          onClick={() => void save({ defectId: defect.defectId, timelineStatusDto: { timelineStatus: status } })}
          data-testid="timeline-override-save"
        >
          {t('timeline.overrideSave')}
        </Button>
      </Space>
      <Refusal error={state.error} testId="timeline-override-error" />
    </div>
  );
}

/**
 * Internal ↔ external link of a blade defect: its state (linked, unlinked, blade changed), the
 * linked defects (unlink), and for users with the link right a defect of the counterpart
 * inspection on the same blade to link with.
 */
function LinkEditor({ defect, inspection }: { defect: Defect; inspection: Inspection }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const st = useSeedText();
  const canLink = useCanLinkDefects();
  const q = useTimelineLinksQuery({ defectId: defect.defectId });
  const other = counterpartComponent(inspection.componentType);
  const counterparts = useInspectionsListQuery(
    canLink && other !== null ? { turbineId: inspection.turbineId, componentType: [other], pageIndex: 1, pageSize: 100 } : skipToken,
  );
  const options = useMemo(
    () => [...(counterparts.data?.results ?? [])].sort((a, b) => b.inspectionDate.localeCompare(a.inspectionDate)),
    [counterparts.data],
  );
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const counterpartId = picked ?? options[0]?.inspectionId;
  const candidates = useDefectsListQuery(
    counterpartId && defect.bladePosition
      ? {
          inspectionId: counterpartId,
          bladePosition: [defect.bladePosition],
          pageIndex: 1,
          pageSize: INSPECTION_MAX_PAGE_SIZE,
          fieldToSort: 'defectNo',
        }
      : skipToken,
  );
  const [target, setTarget] = useState<string | undefined>(undefined);
  const [link, linking] = useTimelineLinkDefectsMutation();
  const [unlink, unlinking] = useTimelineUnlinkDefectsMutation();
  if (q.error) return <LoadError error={q.error} />;
  if (!q.data) return <Skeleton active paragraph={{ rows: 1 }} />;
  const linkedIds = new Set(q.data.linked.map((d) => d.defectId));
  const free = (candidates.data?.results ?? []).filter((d) => !linkedIds.has(d.defectId));
  return (
    <div data-testid="link-state" data-state={q.data.state}>
      <Tag color={q.data.state === 'LINKED' ? 'green' : q.data.state === 'BLADE_CHANGED' ? 'red' : 'default'} data-testid="link-state-tag">
        {linkStateLabel(q.data.state, locale)}
      </Tag>
      {q.data.linked.map((d) => (
        <Tag
          key={d.defectId}
          data-testid="linked-defect"
          closable={canLink}
          closeIcon={<CloseOutlined aria-label={t('links.unlink')} data-testid="unlink-defect" />}
          onClose={(e) => {
            e.preventDefault();
            linking.reset();
            void unlink(linkPair(inspection.componentType, defect.defectId, d.defectId));
          }}
        >
          {t('links.linked', { no: d.defectNo, type: st(d.defectType) })}
        </Tag>
      ))}
      {canLink && other !== null && defect.bladePosition !== null && (
        <div style={{ marginTop: 8 }}>
          <Space wrap>
            <Select
              style={{ minWidth: 200 }}
              placeholder={t('links.noCounterpart')}
              disabled={!options.length}
              value={counterpartId}
              onChange={(v: string) => {
                setPicked(v);
                setTarget(undefined);
              }}
              options={options.map((i) => ({
                value: i.inspectionId,
                label: t('links.inspection', { date: formatDate(i.inspectionDate, locale) }),
              }))}
              data-testid="link-inspection"
            />
            <Select
              style={{ minWidth: 220 }}
              placeholder={t('links.pickDefect', { position: defect.bladePosition })}
              disabled={!free.length}
              value={target}
              onChange={setTarget}
              loading={candidates.isFetching}
              options={free.map((d) => ({
                value: d.defectId,
                label: t('links.candidate', {
                  no: d.defectNo,
                  type: st(d.defectType),
                  distance: d.distanceToRoot === null ? '–' : formatNumber(d.distanceToRoot, locale),
                }),
              }))}
              data-testid="link-defect"
            />
            <Button
              size="small"
              icon={<LinkOutlined />}
              disabled={!target}
              loading={linking.isLoading}
              onClick={() => {
                unlinking.reset();
                void link({ defectLinkDto: linkPair(inspection.componentType, defect.defectId, target!) }).then((r) => {
                  if (!('error' in r)) setTarget(undefined);
                });
              }}
              data-testid="link-save"
            >
              {t('links.link')}
            </Button>
          </Space>
        </div>
      )}
      <Refusal error={linking.error ?? unlinking.error} testId="link-error" />
    </div>
  );
}

/** SPEC §3 defect fields, the review (DPS) status and its allowed moves, the timeline and the link state. */
export function DefectDetail({
  defectId,
  onShowImage,
  onDeleted,
}: {
  defectId: string;
  onShowImage?: (d: Defect) => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const st = useSeedText();
  const q = useDefectsGetQuery({ defectId });
  const d = q.data;
  const insp = useInspectionsGetQuery(d ? { id: d.inspectionId } : skipToken);
  const canEdit = useCanEdit(insp.data?.componentType);
  const [remove, removing] = useDefectsRemoveMutation();
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
          { key: 'type', label: t('defect.type'), children: st(d.defectType) },
          { key: 'layer', label: t('defect.layer'), children: st(d.layer) ?? '–' },
          { key: 'part', label: t('defect.affectedPart'), children: st(d.affectedPart) ?? '–' },
          { key: 'rec', label: t('defect.recommendation'), children: st(d.recommendation) ?? '–' },
          {
            key: 'size',
            label: t('defect.size'),
            children:
              d.sizeLength === null && d.sizeWidth === null
                ? '–'
                : t('defect.sizeValue', { length: formatNumber(d.sizeLength, locale), width: formatNumber(d.sizeWidth, locale) }),
          },
          { key: 'blade', label: t('defect.blade'), children: d.bladePosition ? t('blade.title', { position: d.bladePosition }) : '–' },
          { key: 'position', label: t('defect.position'), children: viewLabel(d.position, locale) },
          { key: 'distance', label: t('defect.distanceToRoot'), children: m(d.distanceToRoot) },
          {
            key: 'chord',
            label: t('defect.chordwise'),
            children: d.chordwiseStart === null && d.chordwiseEnd === null ? '–' : `${m(d.chordwiseStart)} – ${m(d.chordwiseEnd)}`,
          },
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
      {canEdit && <TimelineOverride key={`${d.timelineStatus}-${d.timelineManual}`} defect={d} />}
      {insp.data && BLADE_COMPONENT_TYPES.includes(insp.data.componentType) && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('links.title')}
          </Typography.Title>
          <LinkEditor defect={d} inspection={insp.data} />
        </>
      )}
      <Refusal error={removing.error} testId="defect-delete-error" />
      <Space style={{ marginTop: 16 }} wrap>
        {onShowImage && (
          <Button type="primary" onClick={() => onShowImage(d)} data-testid="show-in-viewer">
            {t('defect.showImage')}
          </Button>
        )}
        <Button href={`#/viewDefect?defectId=${d.defectId}`} target="_blank">
          {t('defect.openStandalone')}
        </Button>
        {canEdit && (
          <Popconfirm
            title={t('defect.deleteConfirm', { no: d.defectNo })}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            onConfirm={() =>
              void remove({ defectId: d.defectId }).then((r) => {
                if (!('error' in r)) onDeleted?.();
              })
            }
          >
            <Button danger icon={<DeleteOutlined />} loading={removing.isLoading} data-testid="defect-delete">
              {t('defect.delete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    </div>
  );
}

export function DefectDrawer({
  defectId,
  onClose,
  onShowImage,
}: {
  defectId: string | null;
  onClose: () => void;
  onShowImage?: (d: Defect) => void;
}) {
  const { t } = useTranslation('inspection');
  return (
    <Drawer open={!!defectId} onClose={onClose} size={560} title={t('defect.title')} destroyOnHidden>
      {defectId ? <DefectDetail defectId={defectId} onShowImage={onShowImage} onDeleted={onClose} /> : <Empty />}
    </Drawer>
  );
}
