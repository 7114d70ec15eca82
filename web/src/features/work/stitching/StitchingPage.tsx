import { BackToTasks, MissingTask } from '../common/ToolNavigation';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Input, InputNumber, Progress, Radio, Result, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import type { ApiError } from '@/core/api/baseQuery';
import { featureSwitches as buildSwitches, type FeatureSwitches } from '@/core/config/featureSwitches';
import { LanguageSwitch } from '@/shared/components/LanguageSwitch';
import { useLocale } from '@/shared/useLocale';
import { formatDate } from '@/shared/utils/format';
import { errorMessageOf } from '@/core/api/errorMessage';
import { StageClosedNotice, useQaSubmitMutation, useStageWindow, useTasksCompleteMutation, useTasksGetQuery, type SubmitQaDto } from '@/features/tasks';
import { useInspectionQuery, LoadError, severityFill, chamberText, pathLabel } from '@/shared/inspection';
import { ImageViewer } from '@/shared/viewer/ImageViewer';
import type { OverlayPolygon } from '@/shared/viewer/PolygonOverlay';
import { QA_STATUS_LABELS, TASK_STAGE_LABELS, TaskStage, errorText, labelOf, type Locale } from './contracts';
import {
  isBusy,
  isNudgeKey,
  nudge,
  pathKeyOf,
  pathsOf,
  placementPolygon,
  previewDefects,
  previewPlacements,
  qaReady,
  reviewStageOf,
  sameOffsets,
  withOffset,
  MAX_OFFSET_PX,
  QA_RESULTS,
  type PathKey,
} from './logic';
import {
  asPanorama,
  useStitchImagesQuery,
  useStitchingGetQuery,
  useStitchingListQuery,
  useStitchingRequestMutation,
  useStitchingSetOffsetsMutation,
  type Offsets,
  type Panorama,
  type PanoramaSummary,
} from './stitchingApi';
import './stitching.css';
import { useSeedText } from '@/shared/useSeedText';

/** Progress is polled this often while a panorama is queued or running. */
const POLL_MS = 1000;
const PLACEMENT_COLOR = '#d9d9d9';
const SELECTED_COLOR = '#1677ff';
const STITCHING_FAILED = -11005;

/** The path's label: blade, side, chamber (contracts' words through the inspection labels). */
export function pathText(p: PathKey, locale: Locale, blade: (n: number) => string): string {
  const chamber = chamberText(p.chamber, locale);
  return [blade(p.bladePosition), pathLabel(p.pathViewIndex, locale), chamber].filter(Boolean).join(' · ');
}

function StatusTag({ p }: { p: PanoramaSummary | undefined }) {
  const { t } = useTranslation('stitching');
  const status = p?.status ?? 'none';
  const color = { none: 'default', queued: 'processing', running: 'processing', done: 'success', failed: 'error' }[status];
  return (
    <Tag color={color} data-testid="panorama-status" data-status={status}>
      {t(`path.status.${status}`)}
    </Tag>
  );
}

/** The panorama with its photos outlined and the path's defects; in work mode photos are nudged here. */
function PanoramaView({ pano, editable }: { pano: Panorama; editable: boolean }) {
  const { t } = useTranslation('stitching');
  const { t: ti } = useTranslation('inspection');
  const st = useSeedText();
  const locale = useLocale();
  const [selected, setSelected] = useState<string | null>(null);
  const [pending, setPending] = useState<Offsets>(pano.offsets);
  const [apply, applied] = useStitchingSetOffsetsMutation();
  // A new run brings its own offsets: the edits start again from them.
  useEffect(() => setPending(pano.offsets), [pano.panoramaId, pano.version, pano.offsets]);

  const placements = useMemo(() => previewPlacements(pano.placements, pano.offsets, pending), [pano, pending]);
  const defects = useMemo(() => previewDefects(pano.defects, pano.placements, pano.offsets, pending), [pano, pending]);
  const changed = !sameOffsets(pano.offsets, pending);

  const polygons = useMemo<OverlayPolygon[]>(
    () => [
      ...placements.map((p) => ({
        id: `image:${p.imageId}`,
        points: placementPolygon(p),
        color: p.imageId === selected ? SELECTED_COLOR : PLACEMENT_COLOR,
        title: p.fileName,
        subtitle: p.distanceToRoot === null ? t('images.noDistance') : t('images.distance', { d: p.distanceToRoot }),
      })),
      ...defects.map((d) => ({
        id: `defect:${d.defectId}`,
        points: d.polygon,
        color: severityFill(d.severity),
        title: st(d.defectType),
        subtitle: `${d.severity === null ? ti('severity.tbd') : ti('severity.value', { level: d.severity })} · #${d.defectNo}`,
      })),
    ],
    [placements, defects, selected, t, ti, st],
  );

  // Arrow keys move the selected photo (Shift: ×10); not while typing, and before the viewer pans.
  useEffect(() => {
    if (!editable || !selected) return;
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))) return;
      if (!isNudgeKey(e.key)) return;
      e.preventDefault();
      e.stopPropagation();
      setPending((cur) => nudge(cur, selected, e.key as Parameters<typeof nudge>[2], e.shiftKey));
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [editable, selected]);

  const sel = pano.placements.find((p) => p.imageId === selected) ?? null;
  const off = selected ? (pending[selected] ?? { dx: 0, dy: 0 }) : { dx: 0, dy: 0 };
  return (
    <div className="stitch-body">
      <div className="stitch-viewer">
        <ImageViewer
          image={{ imageId: `${pano.panoramaId}@${pano.version}`, dziUri: pano.dziUri, width: pano.width ?? 1, height: pano.height ?? 1 }}
          polygons={polygons}
          selectedPolygonId={selected ? `image:${selected}` : null}
          onSelectPolygon={(id) => id.startsWith('image:') && setSelected(id.slice(6))}
          height="calc(100vh - 190px)"
        />
        <div className="stitch-viewer__caption" data-testid="panorama-size">
          {t('panorama.size', { width: pano.width, height: pano.height, count: pano.imageCount ?? 0 })}
        </div>
      </div>
      <Card size="small" className="stitch-side" title={t('images.title')}>
        {editable && <Typography.Paragraph type="secondary">{t('images.hint')}</Typography.Paragraph>}
        <div className="stitch-images" data-testid="placement-list">
          {pano.placements.map((p) => {
            const o = pending[p.imageId];
            return (
              <button
                type="button"
                key={p.imageId}
                className={`stitch-images__item${p.imageId === selected ? ' stitch-images__item--selected' : ''}`}
                onClick={() => setSelected(p.imageId === selected ? null : p.imageId)}
                data-testid="placement-item"
                data-image-id={p.imageId}
                data-selected={p.imageId === selected ? 'yes' : 'no'}
              >
                <span className="stitch-images__name">{p.fileName}</span>
                <span className="stitch-images__meta">
                  {p.distanceToRoot === null ? t('images.noDistance') : t('images.distance', { d: p.distanceToRoot })}
                  {o ? ` · ${t('images.offset', { dx: o.dx, dy: o.dy })}` : ''}
                </span>
              </button>
            );
          })}
        </div>
        {editable && sel && (
          <Space className="stitch-offset" data-testid="offset-inputs" wrap>
            <InputNumber
              prefix="dx"
              suffix={t('images.sourcePx')}
              precision={0}
              min={-MAX_OFFSET_PX}
              max={MAX_OFFSET_PX}
              value={off.dx}
              onChange={(v) => setPending((cur) => withOffset(cur, sel.imageId, { dx: Number(v ?? 0), dy: off.dy }))}
              data-testid="offset-dx"
            />
            <InputNumber
              prefix="dy"
              suffix={t('images.sourcePx')}
              precision={0}
              min={-MAX_OFFSET_PX}
              max={MAX_OFFSET_PX}
              value={off.dy}
              onChange={(v) => setPending((cur) => withOffset(cur, sel.imageId, { dx: off.dx, dy: Number(v ?? 0) }))}
              data-testid="offset-dy"
            />
          </Space>
        )}
        {editable && (
          <div className="stitch-actions">
            {changed && <Alert type="info" showIcon title={t('images.pendingChanges')} data-testid="offsets-pending" />}
            <Space wrap>
              <Button
                type="primary"
                disabled={!changed}
                loading={applied.isLoading}
                onClick={() => void apply({ panoramaId: pano.panoramaId, panoramaOffsetsDto: { offsets: pending } })}
                data-testid="apply-offsets"
              >
                {t('apply')}
              </Button>
              <Button disabled={!changed} onClick={() => setPending(pano.offsets)} data-testid="reset-offsets">
                {t('reset')}
              </Button>
            </Space>
            {applied.error && (
              <Alert type="error" showIcon title={errorMessageOf(applied.error as ApiError, locale)} data-testid="apply-error" />
            )}
          </div>
        )}
      </Card>
    </div>
  );
}

const WORK_STAGES: readonly number[] = [TaskStage.STITCHING];
const REVIEW_STAGES: readonly number[] = [TaskStage.STITCHING_QA, TaskStage.STITCHING_FQA];

/** Review of a stitching stage (7 QA, 12 FQA): pass / pass with issue / fail with reasons. */
function ReviewForm({ taskId, stage, closed }: { taskId: string; stage: number | null; closed: boolean }) {
  const { t } = useTranslation('stitching');
  const locale = useLocale();
  const [result, setResult] = useState<SubmitQaDto['result'] | null>(null);
  const [comments, setComments] = useState('');
  const [submit, sent] = useQaSubmitMutation();
  const failWithout = result === 3 && !comments.trim();
  return (
    <Card size="small" title={t('review.title')} className="stitch-review" data-testid="review-form">
      {stage === null && !closed && <Alert type="warning" showIcon title={t('review.notReviewStage')} data-testid="review-not-stage" />}
      <Radio.Group value={result} onChange={(e) => setResult(e.target.value as SubmitQaDto['result'])} disabled={closed} data-testid="review-result">
        {QA_RESULTS.map((r) => (
          <Radio key={r} value={r} data-testid={`review-result-${r}`}>
            {labelOf(QA_STATUS_LABELS, r, locale)}
          </Radio>
        ))}
      </Radio.Group>
      <Input.TextArea
        rows={3}
        value={comments}
        onChange={(e) => setComments(e.target.value)}
        placeholder={t('review.comments')}
        status={failWithout ? 'error' : undefined}
        data-testid="review-comments"
      />
      {failWithout && <Typography.Text type="danger">{t('review.commentsRequired')}</Typography.Text>}
      <Button
        type="primary"
        disabled={closed || !qaReady(result, comments)}
        loading={sent.isLoading}
        onClick={() =>
          void submit({ id: taskId, submitQaDto: { result: result!, comments: comments.trim(), stage: stage ?? TaskStage.STITCHING_QA } })
        }
        data-testid="review-submit"
      >
        {t('review.submit')}
      </Button>
      {sent.isSuccess && <Alert type="success" showIcon title={t('review.submitted')} data-testid="review-done" />}
      {sent.error && (
        <Alert
          type="error"
          showIcon
          title={t('review.failed')}
          description={errorMessageOf(sent.error as ApiError, locale)}
          data-testid="review-error"
        />
      )}
    </Card>
  );
}

function StitchingWorkspace({ taskId, review }: { taskId: string; review: boolean }) {
  const { t } = useTranslation('stitching');
  const locale = useLocale();
  const task = useTasksGetQuery({ id: taskId });
  const inspectionId = task.data?.inspectionId ?? null;
  const inspection = useInspectionQuery(inspectionId ?? skipToken);
  const images = useStitchImagesQuery(inspectionId ? { inspectionId, isActive: true } : skipToken);
  const [poll, setPoll] = useState(false);
  const list = useStitchingListQuery(inspectionId ? { id: inspectionId } : skipToken, { pollingInterval: poll ? POLL_MS : 0 });
  const paths = useMemo(() => pathsOf(images.data ?? []), [images.data]);
  const [pathKey, setPathKey] = useState<string | null>(null);
  const current = paths.find((p) => pathKeyOf(p) === pathKey) ?? paths[0] ?? null;
  const summaries = list.data?.results ?? [];
  const entry = current ? summaries.find((s) => pathKeyOf(s) === pathKeyOf(current)) : undefined;
  const busy = isBusy(entry?.status);
  useEffect(() => setPoll(summaries.some((s) => isBusy(s.status))), [summaries]);
  const pano = useStitchingGetQuery(entry?.panoramaId ? { panoramaId: entry.panoramaId } : skipToken, { pollingInterval: busy ? POLL_MS : 0 });
  // The list saw the run end (or a new one start): read the panorama again.
  const refetchPano = pano.refetch;
  useEffect(() => {
    if (entry?.panoramaId) void refetchPano();
  }, [entry?.panoramaId, entry?.status, entry?.version, refetchPano]);
  const [pixelSize, setPixelSize] = useState<number | null>(null);
  const [stitch, stitched] = useStitchingRequestMutation();
  const [complete, completed] = useTasksCompleteMutation();
  const blade = (n: number) => t('path.blade', { n });
  const reviewStage = reviewStageOf(task.data?.taskStageTypes ?? []);
  // Live: once this window's stage is completed (here or in another window) its buttons are disabled.
  const { closedStage } = useStageWindow(task.data, review ? REVIEW_STAGES : WORK_STAGES);
  const closed = closedStage !== null;

  if (task.error) return <LoadError error={task.error} onRetry={() => void task.refetch()} />;
  if (!task.data) return <Skeleton active />;
  if (!inspectionId) return <Alert type="warning" showIcon title={t('noInspection')} data-testid="stitching-no-inspection" />;
  const detail = pano.data && pano.data.panoramaId === entry?.panoramaId ? asPanorama(pano.data) : undefined;
  const shown = detail && detail.version === entry?.version ? detail : undefined;
  const stage = task.data.taskStageTypes[0];
  return (
    <>
      <div className="stitch-toolbar">
        <Typography.Text strong data-testid="stitching-turbine">
          {inspection.data
            ? `${inspection.data.turbineName} · ${formatDate(inspection.data.inspectionDate, locale)}`
            : task.data.turbineName}
        </Typography.Text>
        {stage !== undefined && (
          <Tag data-testid="stitching-stage" data-stage={stage}>
            {t('task.stage', { stage: labelOf(TASK_STAGE_LABELS, stage as keyof (typeof TASK_STAGE_LABELS)['en_us'], locale) })}
          </Tag>
        )}
        {images.error ? (
          <LoadError error={images.error} onRetry={() => void images.refetch()} />
        ) : !images.data ? (
          <Skeleton.Input active />
        ) : paths.length === 0 ? (
          <Typography.Text type="secondary" data-testid="stitching-no-paths">
            {t('path.none')}
          </Typography.Text>
        ) : (
          <Select
            className="stitch-path-select"
            value={current ? pathKeyOf(current) : undefined}
            onChange={(k) => setPathKey(k)}
            aria-label={t('path.label')}
            data-testid="path-select"
            options={paths.map((p) => ({
              value: pathKeyOf(p),
              label: `${pathText(p, locale, blade)} (${t('path.images', { count: p.images })})`,
            }))}
            popupMatchSelectWidth={false}
          />
        )}
        <StatusTag p={entry} />
        {!review && current && (
          <>
            <InputNumber
              min={0.01}
              max={1000}
              step={0.1}
              value={pixelSize ?? entry?.pixelSizeMm ?? 1}
              onChange={(v) => setPixelSize(v)}
              prefix={t('pixelSize')}
              suffix={t('pixelSizeUnit')}
              title={t('pixelSizeHint')}
              style={{ width: 230 }}
              data-testid="pixel-size"
            />
            <Button
              type="primary"
              loading={stitched.isLoading}
              disabled={busy || closed}
              onClick={() =>
                void stitch({
                  id: inspectionId,
                  requestPanoramaDto: {
                    bladePosition: current.bladePosition,
                    pathViewIndex: current.pathViewIndex,
                    chamber: current.chamber,
                    ...(pixelSize !== null ? { pixelSizeMm: pixelSize } : {}),
                  },
                })
              }
              data-testid="stitch"
            >
              {entry ? t('restitch') : t('stitch')}
            </Button>
          </>
        )}
        {!review && (
          <Button
            onClick={() => void complete({ id: taskId, stage: TaskStage.STITCHING })}
            loading={completed.isLoading}
            disabled={closed}
            data-testid="complete-stitching"
          >
            {t('complete')}
          </Button>
        )}
      </div>
      {closedStage !== null && <StageClosedNotice stage={closedStage} />}
      {stitched.error && (
        <Alert type="error" showIcon title={errorMessageOf(stitched.error as ApiError, locale)} data-testid="stitch-error" closable />
      )}
      {completed.isSuccess && <Alert type="success" showIcon title={t('completed')} data-testid="complete-done" />}
      {completed.error && (
        <Alert
          type="error"
          showIcon
          title={t('completeFailed')}
          description={errorMessageOf(completed.error as ApiError, locale)}
          data-testid="complete-error"
        />
      )}
      {review && <ReviewForm taskId={taskId} stage={reviewStage} closed={closed} />}
      {busy ? (
        <div className="stitch-progress" data-testid="stitch-progress">
          <Progress percent={entry?.progress ?? 0} status="active" />
          <Typography.Text type="secondary">{t('progress', { percent: entry?.progress ?? 0 })}</Typography.Text>
        </div>
      ) : entry?.status === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title={errorText(STITCHING_FAILED, locale)}
          description={entry.errorMessage}
          data-testid="stitch-failed"
          data-code={entry.errorCode ?? ''}
        />
      ) : entry?.status === 'done' && shown ? (
        <PanoramaView pano={shown} editable={!review && !closed} />
      ) : entry?.status === 'done' ? (
        <Skeleton active />
      ) : current ? (
        <Empty description={t('notStitched')} data-testid="not-stitched" />
      ) : null}
    </>
  );
}

/** /stitching?taskId=…[&mode=review] (standalone; build switch `stitching`). */
export function StitchingScreen({ switches = buildSwitches }: { switches?: FeatureSwitches }) {
  const { t } = useTranslation('stitching');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const taskId = params.get('taskId');
  const review = params.get('mode') === 'review';
  if (!switches.stitching) {
    return (
      <Result
        status="info"
        title={t('title')}
        subTitle={t('areas:featureOff')}
        extra={<Button onClick={() => navigate(-1)}>{t('back')}</Button>}
        data-testid="stitching-feature-off"
      />
    );
  }
  return (
    <div className="stitch-page" data-testid="page-stitching" data-mode={review ? 'review' : 'work'}>
      <div className="stitch-header">
        <Space>
          <BackToTasks />
          <Typography.Title level={4} style={{ margin: 0 }}>
            {review ? t('reviewTitle') : t('title')}
          </Typography.Title>
        </Space>
        <LanguageSwitch />
      </div>
      {taskId ? (
        // A new task or mode starts afresh (no stage result of the other mode lingers).
        <StitchingWorkspace key={`${taskId}:${review}`} taskId={taskId} review={review} />
      ) : (
        <MissingTask testId="stitching-missing-task" />
      )}
    </div>
  );
}

export function Component() {
  return <StitchingScreen />;
}
