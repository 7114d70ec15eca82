import { BackToTasks, MissingTask } from '../common/ToolNavigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Button, Result, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '@/core/store';
import { LanguageSwitch } from '@/shared/components/LanguageSwitch';
import { useLocale } from '@/shared/useLocale';
import { formatDate } from '@/shared/utils/format';
import { errorMessageOf } from '@/core/api/errorMessage';
import type { ApiError } from '@/core/api/baseQuery';
import { LoadError } from '@/shared/inspection';
import { preloadImageViewer } from '@/shared/viewer/ImageViewer';
import { StageClosedNotice, useStageWindow, useTasksGetQuery, useTasksPickMutation, type TaskDetailView } from '@/features/tasks';
import { QA_STATUS_LABELS, TASK_STAGE_LABELS, TaskStage, TaskStageStatus, labelOf, type Locale } from './contracts';
import { LabelingWorkspace, type Finished, type LabelingMode } from './LabelingWorkspace';
import { EditLockGate } from './components/EditLock';
import './labeling.css';

const WORK_STAGES: readonly number[] = [TaskStage.LABELING, TaskStage.PRE_LABEL];
const REVIEW_STAGES: readonly number[] = [TaskStage.LABELING_QA, TaskStage.LABELING_FQA];
const ACTIVE: readonly number[] = [TaskStageStatus.PROCESSING, TaskStageStatus.OVERTIME];

const stageName = (stage: number, locale: Locale) => labelOf(TASK_STAGE_LABELS, stage as TaskStage, locale);

export interface ModeDecision {
  mode: LabelingMode;
  stage: number | null;
  /** Why the tool is read-only: the stage is not a labeling/review stage, or the caller does not hold it. */
  reason: 'stage' | 'notHeld' | 'pickable' | null;
}

/**
 * What the tool does for this task and caller: label (stage 4), pre-label (10) or review
 * (5, 11, with `mode=review`) when the current stage is of that kind and the caller holds it;
 * otherwise read-only, with a pick offer when the stage waits in the pool.
 */
export function decideMode(task: Pick<TaskDetailView, 'taskStageTypes' | 'stages'>, userId: string | null, wantReview: boolean): ModeDecision {
  const stage = task.taskStageTypes[0] ?? null;
  const row = task.stages.find((s) => s.taskStageType === stage);
  const kinds = wantReview ? REVIEW_STAGES : WORK_STAGES;
  if (stage === null || !row || !kinds.includes(stage)) return { mode: 'readonly', stage, reason: 'stage' };
  if (row.handlerId && row.handlerId === userId && ACTIVE.includes(row.status)) {
    return { mode: wantReview ? 'review' : stage === TaskStage.PRE_LABEL ? 'prelabel' : 'label', stage, reason: null };
  }
  const pickable = !row.handlerId && (row.status === TaskStageStatus.READY || row.status === TaskStageStatus.OVERTIME);
  return { mode: 'readonly', stage, reason: pickable ? 'pickable' : 'notHeld' };
}

function Header({ task, wantReview, onMode }: { task: TaskDetailView; wantReview: boolean; onMode: (review: boolean) => void }) {
  const { t } = useTranslation('labeling');
  const locale = useLocale();
  const stage = task.taskStageTypes[0];
  return (
    <header className="lbl-header">
      <Space wrap size={12}>
        <BackToTasks />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {wantReview ? t('title.review') : t('title.labeling')}
        </Typography.Title>
        <Typography.Text data-testid="labeling-task">
          {[task.windfarmName, task.turbineName, formatDate(task.inspectionDate, locale)].filter(Boolean).join(' · ')}
        </Typography.Text>
        {stage !== undefined && (
          <Tag color="blue" data-testid="labeling-stage">
            {stageName(stage, locale)}
          </Tag>
        )}
      </Space>
      <Space>
        <Segmented
          value={wantReview ? 'review' : 'label'}
          onChange={(v) => onMode(v === 'review')}
          options={[
            { value: 'label', label: t('title.labelingMode') },
            { value: 'review', label: t('title.reviewMode') },
          ]}
          data-testid="mode-switch"
        />
        <LanguageSwitch />
      </Space>
    </header>
  );
}

/** /labeling?taskId=…[&mode=review][&imageId=…]: the standalone labeling and review tool. */
export function Component() {
  const { t } = useTranslation('labeling');
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const taskId = params.get('taskId');
  const wantReview = params.get('mode') === 'review';
  const imageId = params.get('imageId');
  const userId = useAppSelector((s) => s.session.personalInfo?.id ?? null);
  const task = useTasksGetQuery(taskId ? { id: taskId } : skipToken);
  const [pick, pickState] = useTasksPickMutation();
  const [pickError, setPickError] = useState<unknown>(null);
  const [finished, setFinished] = useState<Finished | null>(null);
  // The tool always shows a photo: OpenSeadragon loads while the task and its images do.
  useEffect(preloadImageViewer, []);
  // Live: once the stage this window works on is completed (here or in another window), its
  // actions are disabled; a review keeps its verdicts on screen, labeling turns read-only.
  const { closedStage } = useStageWindow(task.data, wantReview ? REVIEW_STAGES : WORK_STAGES);
  const working = useRef<ModeDecision | null>(null);

  const setParam = useCallback(
    (key: string, value: string | null) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (value === null) next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onImage = useCallback((id: string) => setParam('imageId', id), [setParam]);

  let body;
  if (!taskId) body = <MissingTask testId="labeling-missing-task" />;
  else if (task.error) body = <LoadError error={task.error} onRetry={() => void task.refetch()} />;
  else if (!task.data) body = <Skeleton active />;
  else if (finished)
    body = (
      <Result
        status="success"
        data-testid="labeling-finished"
        title={
          finished.kind === 'review'
            ? t('finished.review', { result: labelOf(QA_STATUS_LABELS, finished.result!, locale) })
            : t(`finished.${finished.kind}`)
        }
        extra={
          <Link to="/qaCenter/myTasks">
            <Button type="primary">{t('finished.myTasks')}</Button>
          </Link>
        }
      />
    );
  else if (!task.data.inspectionId) body = <Alert type="info" showIcon title={t('page.noInspection')} />;
  else {
    let decision = decideMode(task.data, userId, wantReview);
    if (decision.mode !== 'readonly') working.current = decision;
    if (closedStage !== null) {
      decision = { mode: wantReview && working.current?.mode === 'review' ? 'review' : 'readonly', stage: closedStage, reason: null };
    }
    const notice =
      decision.reason === 'stage'
        ? t(wantReview ? 'page.notReviewStage' : 'page.notLabelingStage', {
            stage: decision.stage === null ? '–' : stageName(decision.stage, locale),
          })
        : decision.reason === 'notHeld'
          ? t('page.notHeld', { handler: task.data.handlebyNames.join(', ') || '–' })
          : decision.reason === 'pickable'
            ? t('page.pickable')
            : null;
    body = (
      <>
        {closedStage !== null && <StageClosedNotice stage={closedStage} />}
        {notice && (
          <Alert
            type="info"
            showIcon
            className="lbl-notice"
            data-testid="labeling-readonly"
            title={notice}
            description={pickError ? errorMessageOf(pickError as ApiError, locale) : undefined}
            action={
              decision.reason === 'pickable' ? (
                <Button
                  size="small"
                  type="primary"
                  loading={pickState.isLoading}
                  data-testid="labeling-pick"
                  onClick={async () => {
                    const r = await pick({ id: task.data!.taskId });
                    setPickError(r.error ?? null);
                  }}
                >
                  {t('page.pick')}
                </Button>
              ) : undefined
            }
          />
        )}
        {/* One editor per inspection: while someone else holds the edit lock the tool is read-only. */}
        <EditLockGate inspectionId={task.data.inspectionId} enabled={decision.mode === 'label' || decision.mode === 'prelabel'}>
          {(locked) => (
            <LabelingWorkspace
              taskId={task.data!.taskId}
              inspectionId={task.data!.inspectionId!}
              mode={locked ? 'readonly' : decision.mode}
              workStage={!locked && closedStage === null && (decision.mode === 'label' || decision.mode === 'prelabel') ? decision.stage : null}
              reviewStage={closedStage === null && decision.mode === 'review' ? decision.stage : null}
              closedStage={closedStage}
              imageId={imageId}
              onImage={onImage}
              onFinished={setFinished}
            />
          )}
        </EditLockGate>
      </>
    );
  }

  return (
    <div className="lbl-page" data-testid="page-labeling">
      {task.data ? (
        <Header task={task.data} wantReview={wantReview} onMode={(review) => setParam('mode', review ? 'review' : null)} />
      ) : (
        <header className="lbl-header">
          <Space size={12}>
            <BackToTasks />
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('title.labeling')}
            </Typography.Title>
          </Space>
          <LanguageSwitch />
        </header>
      )}
      {body}
    </div>
  );
}
