import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { TASK_STAGE_LABELS, TaskStageStatus, labelOf, type TaskStage } from './contracts';
import { useTaskLive, type LiveStatus } from './live';

/*
 * A tool window's stage (docs/work-tools.md "Stage closed elsewhere"): the tool pages (sort and
 * remove, labeling and its review, stitching and its review) keep their task live over the
 * task-flow socket; `task.changed` makes their task query read the task again, and once the stage
 * the window was opened for is completed (or the task has moved on from it), every window of that
 * task disables its submit / pass / reject / complete buttons and says why.
 */

export interface StageTask {
  taskStageTypes: number[];
  stages: readonly { taskStageType: number; status: number }[];
}

/** The window's stage when it is closed now: completed, or no longer current. Else null. */
export function closedStageOf(task: StageTask, opened: number | null): number | null {
  if (opened === null) return null;
  const row = task.stages.find((s) => s.taskStageType === opened);
  return !task.taskStageTypes.includes(opened) || row?.status === TaskStageStatus.COMPLETED ? opened : null;
}

/**
 * Keeps the task of a tool window live and tells whether the stage the window works on closed.
 * `kinds` are the stages the tool handles (e.g. labeling 4 and pre-label 10); the window's stage is
 * the first of them it saw current. Another set of kinds (labeling ⇄ review) starts over.
 */
export function useStageWindow(task: StageTask | undefined, kinds: readonly number[]): { closedStage: number | null; live: LiveStatus } {
  const live = useTaskLive();
  const key = kinds.join(',');
  const [opened, setOpened] = useState<{ key: string; stage: number } | null>(null);
  const current = task?.taskStageTypes.find((s) => kinds.includes(s)) ?? null;
  useEffect(() => {
    if (current !== null && opened?.key !== key) setOpened({ key, stage: current });
  }, [current, key, opened?.key]);
  const stage = opened?.key === key ? opened.stage : null;
  return { closedStage: task ? closedStageOf(task, stage) : null, live };
}

/** The short notice a tool shows once its stage closed (in the reader's language). */
export function StageClosedNotice({ stage }: { stage: number }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  return (
    <Alert
      type="info"
      showIcon
      data-testid="stage-closed"
      data-stage={stage}
      title={t('stageClosed.title', { stage: labelOf(TASK_STAGE_LABELS, stage as TaskStage, locale) })}
      description={t('stageClosed.body')}
    />
  );
}
