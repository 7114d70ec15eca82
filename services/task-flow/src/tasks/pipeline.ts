import {
  AppError,
  FLOW_FEATURE_STAGES,
  OPTIONAL_FLOW_FEATURES,
  TASK_STAGE_ORDER,
  TaskStage,
  TaskStageStatus as SS,
  TaskStatus as TS,
  enabledStages,
  type CustomerFlowConfig,
  type TaskStageStatus,
  type TaskStatus,
} from '@windward/contracts';

/**
 * Allowed stage status changes. Anything not listed is refused with ILLEGAL_TRANSITION.
 * Skip and the terminal "completed" are only left when a review sends work back.
 */
export const STAGE_TRANSITIONS: Readonly<Record<TaskStageStatus, readonly TaskStageStatus[]>> = {
  [SS.SKIP]: [],
  // Readied when its predecessor completes; automatic stages start processing at once;
  // skipped when the flow config leaves it out.
  [SS.NOT_READY]: [SS.READY, SS.PROCESSING, SS.SKIP],
  // Picked or assigned; overtime when nobody picked it within the time limit.
  [SS.READY]: [SS.PROCESSING, SS.OVERTIME],
  // Done, failed, too slow, released back to the pool, or (a review stage) reset by its failed review.
  [SS.PROCESSING]: [SS.COMPLETED, SS.ERROR, SS.OVERTIME, SS.READY, SS.NOT_READY],
  // Overtime work can still be finished, fail, or be reset by a failed review.
  [SS.OVERTIME]: [SS.COMPLETED, SS.ERROR, SS.NOT_READY],
  // An administrator retries: manual stages go back to the pool, automatic ones run again.
  [SS.ERROR]: [SS.READY, SS.PROCESSING],
  // A failed QA/FQA or a rejected re-inspection returns the work (processing again), and the
  // reviews between that work and the failing review must be done again (not ready).
  [SS.COMPLETED]: [SS.PROCESSING, SS.NOT_READY],
};

/** Allowed task status changes; terminated, inactive and completed tasks never move again. */
export const TASK_TRANSITIONS: Readonly<Record<TaskStatus, readonly TaskStatus[]>> = {
  [TS.PROCESSING]: [TS.COMPLETED, TS.ERROR, TS.OVERTIME, TS.TERMINATED, TS.INACTIVE],
  [TS.OVERTIME]: [TS.PROCESSING, TS.COMPLETED, TS.ERROR, TS.TERMINATED, TS.INACTIVE],
  [TS.ERROR]: [TS.PROCESSING, TS.OVERTIME, TS.TERMINATED, TS.INACTIVE],
  [TS.COMPLETED]: [],
  [TS.TERMINATED]: [],
  [TS.INACTIVE]: [],
};

export function canMoveStage(from: TaskStageStatus, to: TaskStageStatus): boolean {
  return STAGE_TRANSITIONS[from].includes(to);
}
export function canMoveTask(from: TaskStatus, to: TaskStatus): boolean {
  return TASK_TRANSITIONS[from].includes(to);
}
export function assertStageMove(from: TaskStageStatus, to: TaskStageStatus, stage: number): void {
  if (!canMoveStage(from, to)) throw new AppError('ILLEGAL_TRANSITION', { details: { stage, from, to } });
}
export function assertTaskMove(from: TaskStatus, to: TaskStatus): void {
  if (!canMoveTask(from, to)) throw new AppError('ILLEGAL_TRANSITION', { details: { from, to } });
}

/** Stages run by the platform, not picked by people. */
export const AUTO_STAGES: readonly number[] = [TaskStage.UPLOAD, TaskStage.AUTO_PROCESSING];

/** Review stages and the work each one reviews (a failed review sends the task back there). */
export const REVIEWED_WORK: Readonly<Partial<Record<number, number>>> = {
  [TaskStage.LABELING_QA]: TaskStage.LABELING,
  [TaskStage.LABELING_FQA]: TaskStage.LABELING,
  [TaskStage.STITCHING_QA]: TaskStage.STITCHING,
  [TaskStage.STITCHING_FQA]: TaskStage.STITCHING,
  [TaskStage.TIMELINE_QA]: TaskStage.TIMELINE,
};
export const isReviewStage = (stage: number) => REVIEWED_WORK[stage] !== undefined;

/** Run-order position of a stage (0-based). */
export const seqOf = (stage: number) => TASK_STAGE_ORDER.indexOf(stage as TaskStage);

/**
 * The stages a task runs, from its customer's flow config for the component type: optional
 * features switch their stages on; a non-empty `taskStages` list narrows the optional ones
 * further (mandatory stages always run). No config = mandatory stages only.
 */
export function plannedStages(config: CustomerFlowConfig | undefined): { features: string[]; stages: Set<number> } {
  const features = (config?.features ?? []).filter((f) => (OPTIONAL_FLOW_FEATURES as readonly string[]).includes(f));
  const on = new Set<number>(enabledStages(features));
  const listed = config?.taskStages ?? [];
  if (listed.length) {
    const optional = new Set<number>(Object.values(FLOW_FEATURE_STAGES).flat());
    for (const s of [...on]) if (optional.has(s) && !listed.includes(s)) on.delete(s);
  }
  return { features: [...new Set(features)], stages: on };
}

export interface StageState {
  stage: number;
  status: TaskStageStatus;
  handlerId: string | null;
  handlerName: string | null;
}

/** The first stage in run order that is neither completed nor skipped (null when all are). */
export function currentStage<T extends StageState>(stages: readonly T[]): T | null {
  const sorted = [...stages].sort((a, b) => seqOf(a.stage) - seqOf(b.stage));
  return sorted.find((s) => s.status !== SS.COMPLETED && s.status !== SS.SKIP) ?? null;
}

/** Task status implied by its stages: error beats overtime beats processing; all done = completed. */
export function derivedTaskStatus(stages: readonly StageState[]): TaskStatus {
  if (stages.some((s) => s.status === SS.ERROR)) return TS.ERROR;
  if (stages.some((s) => s.status === SS.OVERTIME)) return TS.OVERTIME;
  if (stages.every((s) => s.status === SS.COMPLETED || s.status === SS.SKIP)) return TS.COMPLETED;
  return TS.PROCESSING;
}

/** The next stage after `stage` in run order that will run (not skipped), or null. */
export function nextRunnable<T extends StageState>(stages: readonly T[], stage: number): T | null {
  const pos = seqOf(stage);
  return (
    [...stages].sort((a, b) => seqOf(a.stage) - seqOf(b.stage)).find((s) => seqOf(s.stage) > pos && s.status !== SS.SKIP) ?? null
  );
}
