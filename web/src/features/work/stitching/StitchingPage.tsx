import { BackToTasks, MissingTask } from '../common/ToolNavigation';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Empty, InputNumber, Progress, Result, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { featureSwitches as buildSwitches, type FeatureSwitches } from '@/core/config/featureSwitches';
import { LanguageSwitch } from '@/shared/components/LanguageSwitch';
import { useLocale } from '@/shared/useLocale';
import { formatDate } from '@/shared/utils/format';
import { ErrorAlert } from '@/shared/components/ErrorAlert';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { StageClosedNotice, useStageWindow, useTasksCompleteMutation, useTasksGetQuery } from '@/features/tasks';
import { useInspectionsGetQuery, LoadError, chamberText, pathLabel } from '@/shared/inspection';
import { TASK_STAGE_LABELS, TaskStage, errorText, labelOf, type Locale } from './contracts';
import { isBusy, pathKeyOf, pathsOf, reviewStageOf, type PathKey } from './logic';
import {
  asPanorama,
  useStitchImagesQuery,
  useStitchingGetQuery,
  useStitchingListQuery,
  useStitchingRequestMutation,
  type PanoramaSummary,
} from './stitchingApi';
import './stitching.css';
import { PanoramaView } from './PanoramaView';
import { ReviewForm } from './ReviewForm';

/** Progress is polled this often while a panorama is queued or running. */
const POLL_MS = 1000;
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

const WORK_STAGES: readonly number[] = [TaskStage.STITCHING];
const REVIEW_STAGES: readonly number[] = [TaskStage.STITCHING_QA, TaskStage.STITCHING_FQA];

function StitchingWorkspace({ taskId, review }: { taskId: string; review: boolean }) {
  const { t } = useTranslation('stitching');
  const locale = useLocale();
  const task = useTasksGetQuery({ id: taskId });
  const inspectionId = task.data?.inspectionId ?? null;
  const inspection = useInspectionsGetQuery(inspectionId ? { id: inspectionId } : skipToken);
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
  const pano = useStitchingGetQuery(entry?.panoramaId ? { panoramaId: entry.panoramaId } : skipToken, {
    pollingInterval: busy ? POLL_MS : 0,
  });
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
      <ErrorAlert error={stitched.error} testId="stitch-error" closable />
      {completed.isSuccess && <Alert type="success" showIcon title={t('completed')} data-testid="complete-done" />}
      {completed.error && <LoadFailedAlert error={completed.error} title={t('completeFailed')} testId="complete-error" />}
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
