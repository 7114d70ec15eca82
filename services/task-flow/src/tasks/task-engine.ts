import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  AppError,
  EventTypes,
  TaskStage,
  TaskStageStatus as SS,
  TaskStatus as TS,
  TaskLogKind as LOG,
  type ChangeCounts,
  type CustomerFlowConfig,
  type QaOutcome,
  type TaskLogKind,
  type TaskLogParams,
  type TaskStageStatus,
  type TaskStatus,
} from '@windward/contracts';
import { EventPublisher, JobsService, type AuthUser } from '@windward/service-kit';
import type { TaskRow } from './task.repository.js';
import { TaskStateRepository } from './task-state.repository.js';
import {
  AUTO_STAGES,
  assertStageMove,
  assertTaskMove,
  currentStage,
  derivedTaskStatus,
  nextRunnable,
  plannedStages,
  type StageState,
} from './pipeline.js';

export const AUTO_PROCESSING_QUEUE = 'taskflow-auto-processing';

export interface Actor {
  id: string | null;
  name: string;
}
export const SYSTEM: Actor = { id: null, name: 'system' };

/** A review stage's verdict as taskflow.stage.completed carries it. */
export interface ReviewFigures {
  outcome: QaOutcome;
  /** The handler of the reviewed work stage. */
  reviewedHandlerId: string | null;
  /** The reviewer's counts of the reviewed work. */
  counts: ChangeCounts;
}

/**
 * The signed-in user as the actor of a change, by the name people see — the same name an
 * assignment records (identity's display name), so a handler is not "admin" here and "Super Admin" there.
 */
export const actorOf = (u: AuthUser): Actor => ({ id: u.userId, name: u.displayName || u.username });

export interface StageRow extends StageState {
  id: string;
  readyAt: Date | null;
  startedAt: Date | null;
  deadline: Date | null;
  errorMessage: string | null;
}

/** A history line: its kind (contracts TaskLogKind) and parameters, rendered in the reader's language. */
export interface LogLine {
  kind: TaskLogKind;
  params?: TaskLogParams;
}

export interface MoveOptions {
  actor?: Actor;
  /** New handler (undefined = keep, null = clear). */
  handler?: Actor | null;
  /** What the history says happened. */
  log?: LogLine;
  /** What the user typed with it (comments, reasons), kept as written. */
  note?: string;
  /** Labeling history action (contracts LabelingHistoryAction) this change records. */
  action?: string;
  error?: string;
}

/**
 * The one place task and stage statuses change. Every change: checks the transition tables,
 * writes a history row, bumps the task's version, publishes through the outbox and notifies
 * live screens after commit — all in the caller's transaction, so a crash loses nothing and
 * leaves nothing half done.
 */
@Injectable()
export class TaskEngine {
  constructor(
    private readonly state: TaskStateRepository,
    @Inject(EventPublisher) private readonly events: EventPublisher,
    @Inject(JobsService) private readonly jobs: JobsService,
  ) {}

  /** The task row, locked for this transaction (concurrent actions on one task queue up here). */
  async lock(m: EntityManager, taskId: string): Promise<TaskRow> {
    if (!/^[0-9a-f-]{36}$/i.test(taskId)) throw new AppError('NOT_FOUND');
    const t = await this.state.lock(m, taskId);
    if (!t) throw new AppError('NOT_FOUND');
    return t;
  }

  async stages(m: EntityManager, taskId: string): Promise<StageRow[]> {
    const rows = await this.state.stages(m, taskId);
    return rows.map((r) => ({
      id: r.id,
      stage: r.stage,
      status: r.status,
      handlerId: r.handler_id,
      handlerName: r.handler_name,
      readyAt: r.ready_at,
      startedAt: r.started_at,
      deadline: r.deadline,
      errorMessage: r.error_message,
    }));
  }

  stageOf(stages: StageRow[], stage: number): StageRow {
    const st = stages.find((s) => s.stage === stage);
    if (!st) throw new AppError('NOT_FOUND');
    return st;
  }

  /** Refuses any work on a task that cannot proceed (inactive campaign, finished or terminated). */
  async assertCanProceed(m: EntityManager, task: TaskRow): Promise<void> {
    if (task.status === TS.INACTIVE) throw new AppError('CAMPAIGN_INACTIVE_TASK_CANNOT_PROCEED');
    if (task.campaign_id) {
      if ((await this.state.campaignActive(m, task.campaign_id)) === false) throw new AppError('CAMPAIGN_INACTIVE_TASK_CANNOT_PROCEED');
    }
    if (task.status === TS.COMPLETED || task.status === TS.TERMINATED) throw new AppError('ILLEGAL_TRANSITION', { details: { taskStatus: task.status } });
  }

  async history(
    m: EntityManager,
    taskId: string,
    e: { stage?: number | null; stageStatus?: number | null; handler?: Actor | null; actor?: Actor; action?: string | null; log?: LogLine; note?: string },
  ) {
    await this.state.insertHistory(m, taskId, {
      stage: e.stage ?? null,
      stageStatus: e.stageStatus ?? null,
      handlerId: e.handler?.id ?? null,
      handlerName: e.handler?.name ?? null,
      actorId: e.actor?.id ?? null,
      actorName: e.actor?.name ?? 'system',
      action: e.action ?? null,
      kind: e.log?.kind ?? null,
      params: e.log?.params ?? null,
      message: e.note ?? '',
    });
  }

  /** Moves one stage to `to` after checking STAGE_TRANSITIONS; keeps timestamps and the deadline right. */
  async moveStage(m: EntityManager, task: TaskRow, st: StageRow, to: TaskStageStatus, o: MoveOptions = {}): Promise<void> {
    assertStageMove(st.status, to, st.stage);
    let handler: Actor | null = st.handlerId ? { id: st.handlerId, name: st.handlerName ?? '' } : null;
    if (to === SS.NOT_READY) handler = null;
    if (o.handler !== undefined && to !== SS.NOT_READY) handler = o.handler;
    await this.state.moveStage(m, task.id, st.stage, st.status, to, { error: o.error ?? o.note ?? 'error', handler: o.handler });
    st.status = to;
    st.handlerId = handler?.id ?? null;
    st.handlerName = handler?.name ?? null;
    if (to === SS.ERROR) st.errorMessage = o.error ?? o.note ?? 'error';
    await this.history(m, task.id, { stage: st.stage, stageStatus: to, handler, actor: o.actor ?? SYSTEM, action: o.action ?? null, log: o.log, note: o.note });
  }

  /** Changes only the handler of a stage (assign, reassign, release of overtime work). */
  async setHandler(m: EntityManager, task: TaskRow, st: StageRow, handler: Actor | null, o: MoveOptions) {
    await this.state.setStageHandler(m, task.id, st.stage, handler);
    st.handlerId = handler?.id ?? null;
    st.handlerName = handler?.name ?? null;
    await this.history(m, task.id, { stage: st.stage, stageStatus: st.status, handler, actor: o.actor ?? SYSTEM, action: o.action ?? null, log: o.log, note: o.note });
  }

  /**
   * Applies the customer's flow config once the component type is known (or at the latest when
   * auto-processing ends): stages the config leaves out are skipped.
   */
  async plan(m: EntityManager, task: TaskRow, stages: StageRow[]): Promise<void> {
    if (task.features) return;
    const stored = await this.state.customerFlowConfigs(m, task.customer_id);
    const configs: CustomerFlowConfig[] = Array.isArray(stored) ? stored : [];
    const config = task.component_type == null ? undefined : configs.find((x) => x.componentType === task.component_type);
    const plan = plannedStages(config);
    for (const st of stages) {
      if (!plan.stages.has(st.stage) && st.status === SS.NOT_READY) {
        await this.moveStage(m, task, st, SS.SKIP, { log: { kind: LOG.NOT_IN_FLOW_CONFIG } });
      }
    }
    task.features = plan.features;
    await this.state.setFeatures(m, task.id, plan.features);
    if (task.inspection_id) {
      await this.events.publish(m, EventTypes.TaskflowTaskCreated, task.id, {
        taskId: task.id,
        inspectionId: task.inspection_id,
        stages: stages.filter((s) => s.status !== SS.SKIP).map((s) => s.stage),
      });
    }
  }

  /**
   * Completes a stage, publishes taskflow.stage.completed and readies the next stage that runs.
   * `review`: a review stage's verdict and whose work it reviewed (a pass; rejects go through `announceStage`).
   */
  async completeStage(m: EntityManager, task: TaskRow, stages: StageRow[], stage: number, o: MoveOptions = {}, review?: ReviewFigures): Promise<void> {
    const st = this.stageOf(stages, stage);
    await this.moveStage(m, task, st, SS.COMPLETED, o);
    if (stage === TaskStage.AUTO_PROCESSING) await this.plan(m, task, stages);
    const next = nextRunnable(stages, stage);
    await this.announceStage(m, task, stage, next?.stage ?? null, o.actor, review);
    if (next && next.status === SS.NOT_READY) await this.start(m, task, next);
  }

  /**
   * Publishes taskflow.stage.completed with who did it and the figures performance statistics
   * count (docs/delivery.md). A rejected review is announced too, with `qaOutcome: REJECT` and the
   * work stage it returned to as `nextStage`.
   */
  async announceStage(m: EntityManager, task: TaskRow, stage: number, nextStage: number | null, actor: Actor | undefined, review?: ReviewFigures): Promise<void> {
    const figures = await this.state.stageFigures(m, task.id, stage, task.inspection_id);
    const handler = actor && actor.id ? actor : null;
    await this.events.publish(m, EventTypes.TaskflowStageCompleted, task.id, {
      taskId: task.id,
      inspectionId: task.inspection_id ?? '',
      stage,
      nextStage,
      handlerId: handler?.id ?? null,
      handlerName: handler?.name ?? null,
      ...figures,
      ...(review ? { qaOutcome: review.outcome, reviewedHandlerId: review.reviewedHandlerId, qaCounts: review.counts } : {}),
    }, actor?.id ?? undefined);
  }

  /** Makes a stage available: automatic stages start processing (auto-processing as a job), others wait in the pool. */
  async start(m: EntityManager, task: TaskRow, st: StageRow): Promise<void> {
    if (AUTO_STAGES.includes(st.stage)) {
      await this.moveStage(m, task, st, SS.PROCESSING, { log: { kind: LOG.STARTED_AUTOMATICALLY } });
      if (st.stage === TaskStage.AUTO_PROCESSING) await this.enqueueAutoProcessing(m, task.id);
    } else {
      await this.moveStage(m, task, st, SS.READY, { log: { kind: LOG.READY } });
    }
  }

  async enqueueAutoProcessing(m: EntityManager, taskId: string): Promise<void> {
    // pg-boss is outside this transaction: the job locks the task row first, so it waits for this
    // commit and does nothing if the stage is no longer processing (a redelivered event may queue twice).
    const jobId = await this.jobs.send(AUTO_PROCESSING_QUEUE, { taskId });
    await this.state.setStageJob(m, taskId, TaskStage.AUTO_PROCESSING, jobId);
  }

  /**
   * Recomputes the task from its stages (current stage, handler, derived status unless a
   * terminal status was set), checks TASK_TRANSITIONS, bumps the version, publishes a status
   * change and tells live screens after commit.
   */
  async sync(m: EntityManager, task: TaskRow, stages: StageRow[], forced?: TaskStatus, actor: Actor = SYSTEM): Promise<void> {
    const from = task.status as TaskStatus;
    let to: TaskStatus = from;
    if (forced !== undefined) to = forced;
    else if (from !== TS.TERMINATED && from !== TS.INACTIVE && from !== TS.COMPLETED) to = derivedTaskStatus(stages);
    if (to !== from) assertTaskMove(from, to);
    const cur = currentStage(stages);
    const previousHandler = task.handler_id;
    const row = await this.state.saveState(m, task.id, {
      status: to,
      currentStage: cur?.stage ?? null,
      currentStageStatus: cur?.status ?? null,
      handlerId: cur?.handlerId ?? null,
      handlerName: cur?.handlerName ?? null,
    });
    Object.assign(task, row);
    const handlerId = cur?.handlerId ?? null;
    task.handler_id = handlerId;
    if (handlerId !== previousHandler) {
      await this.events.publish(m, EventTypes.TaskflowHandlerChanged, task.id, { taskId: task.id, inspectionId: task.inspection_id, handlerId }, actor.id ?? undefined);
    }
    if (to !== from) {
      await this.history(m, task.id, { stage: cur?.stage ?? null, actor, log: { kind: LOG.TASK_STATUS_CHANGED, params: { from, to } } });
      await this.events.publish(m, EventTypes.TaskflowTaskStatusChanged, task.id, { taskId: task.id, status: to }, actor.id ?? undefined);
    }
    await this.notify(m, task.id);
  }

  /** Post-commit notification for live screens (PostgreSQL delivers it only if this transaction commits). */
  async notify(m: EntityManager, taskId: string): Promise<void> {
    await this.state.notify(m, taskId);
  }
}
