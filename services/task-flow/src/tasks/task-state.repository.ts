import { Injectable } from '@nestjs/common';
import { TaskStageStatus as SS, TaskStatus as TS, type CustomerFlowConfig, type TaskLogKind, type TaskLogParams, type TaskStageStatus, type TaskStatus } from '@windward/contracts';
import type { Queryable, TaskRow, TaskStageRecord } from './task.repository.js';
import { Sql } from '@windward/service-kit';

/** The pg_notify channel of changed tasks (sent in the writing transaction; TaskLive listens). */
export const taskChangeChannel = (sql: Sql) => `ww_task_changed_${sql.schema}`;

/** A task_history entry. */
export interface NewHistoryEntry {
  stage: number | null;
  stageStatus: number | null;
  handlerId: string | null;
  handlerName: string | null;
  actorId: string | null;
  actorName: string;
  action: string | null;
  /** What happened (contracts TaskLogKind) and its parameters: rendered in the reader's language. */
  kind: TaskLogKind | null;
  params: TaskLogParams | null;
  /** Only what a user typed (comments, reasons, a reported error). */
  message: string;
}

/** The task's fields derived from its stages. */
export interface TaskState {
  status: TaskStatus;
  currentStage: number | null;
  currentStageStatus: TaskStageStatus | null;
  handlerId: string | null;
  handlerName: string | null;
}

/**
 * The SQL of TaskEngine, the one place task and stage statuses change: the locked task, its
 * stages, history rows, stage moves and the task's derived state (always inside the caller's
 * transaction).
 */
@Injectable()
export class TaskStateRepository {
  constructor(private readonly sql: Sql) {}

  private get s() {
    return this.sql.s;
  }

  /** The task row locked for this transaction. */
  async lock(m: Queryable, taskId: string): Promise<TaskRow | undefined> {
    const [t] = await m.query<TaskRow[]>(`SELECT * FROM ${this.s}.task WHERE id = $1 FOR UPDATE`, [taskId]);
    return t;
  }

  async stages(m: Queryable, taskId: string): Promise<TaskStageRecord[]> {
    return m.query<TaskStageRecord[]>(`SELECT * FROM ${this.s}.task_stage WHERE task_id = $1 ORDER BY seq`, [taskId]);
  }

  /** Whether the campaign is active (undefined when task-flow has not heard of it). */
  async campaignActive(m: Queryable, campaignId: string): Promise<boolean | undefined> {
    const [c] = await m.query<{ active: boolean }[]>(`SELECT active FROM ${this.s}.campaign_ref WHERE campaign_id = $1`, [campaignId]);
    return c?.active;
  }

  async insertHistory(m: Queryable, taskId: string, e: NewHistoryEntry): Promise<void> {
    await m.query(
      `INSERT INTO ${this.s}.task_history (task_id, stage, stage_status, handler_id, handler_name, actor_id, actor_name, action, message, kind, params)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [taskId, e.stage, e.stageStatus, e.handlerId, e.handlerName, e.actorId, e.actorName, e.action, e.message, e.kind, e.params ? JSON.stringify(e.params) : null],
    );
  }

  /**
   * Writes a stage's new status with the timestamps and deadline that go with it: ready and
   * returned/automatic processing start the stage's time limit (picked work keeps the pool's),
   * completed/skipped/error clear the deadline, not ready clears the handler too.
   */
  async moveStage(
    m: Queryable,
    taskId: string,
    stage: number,
    from: TaskStageStatus,
    to: TaskStageStatus,
    o: { error?: string; handler?: { id: string | null; name: string } | null },
  ): Promise<void> {
    const sets: string[] = ['status = $3'];
    const params: unknown[] = [taskId, stage, to];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const limitMinutes = `(SELECT minutes FROM ${this.s}.stage_time_limit WHERE stage = $2)`;
    if (to === SS.READY) sets.push('ready_at = now()', 'started_at = NULL', 'error_message = NULL', `deadline = now() + make_interval(mins => ${limitMinutes})`);
    if (to === SS.PROCESSING) {
      sets.push('started_at = now()', 'error_message = NULL', 'completed_at = NULL');
      // Automatic stages and returned work start a fresh time limit; picked work keeps the pool deadline.
      if (from !== SS.READY) sets.push(`deadline = now() + make_interval(mins => ${limitMinutes})`, 'ready_at = coalesce(ready_at, now())');
    }
    if (to === SS.COMPLETED) sets.push('completed_at = now()', 'deadline = NULL', 'progress_message = NULL');
    if (to === SS.SKIP) sets.push('deadline = NULL');
    if (to === SS.NOT_READY) sets.push('deadline = NULL', 'ready_at = NULL', 'started_at = NULL', 'completed_at = NULL', 'handler_id = NULL', 'handler_name = NULL');
    if (to === SS.ERROR) sets.push(`error_message = ${p(o.error ?? 'error')}`, 'deadline = NULL');
    if (o.handler !== undefined && to !== SS.NOT_READY) sets.push(`handler_id = ${p(o.handler?.id ?? null)}`, `handler_name = ${p(o.handler?.name ?? null)}`);
    await m.query(`UPDATE ${this.s}.task_stage SET ${sets.join(', ')} WHERE task_id = $1 AND stage = $2`, params);
  }

  async setStageHandler(m: Queryable, taskId: string, stage: number, handler: { id: string | null; name: string } | null): Promise<void> {
    await m.query(`UPDATE ${this.s}.task_stage SET handler_id = $3, handler_name = $4 WHERE task_id = $1 AND stage = $2`, [
      taskId,
      stage,
      handler?.id ?? null,
      handler?.name ?? null,
    ]);
  }

  /** What performance statistics count with a stage event: time spent on the stage, the inspection's images and defects. */
  async stageFigures(m: Queryable, taskId: string, stage: number, inspectionId: string | null): Promise<{ spentSeconds: number; imageCount: number | null; defectCount: number | null }> {
    const [row] = await m.query<{ spent: number | null; images: number | null; defects: number | null }[]>(
      `SELECT (SELECT spent_seconds FROM ${this.s}.task_stage WHERE task_id = $1 AND stage = $2) AS spent,
              (SELECT image_count FROM ${this.s}.inspection_ref WHERE inspection_id = $3) AS images,
              CASE WHEN $3::uuid IS NULL THEN NULL ELSE (SELECT count(*)::int FROM ${this.s}.inspection_defect WHERE inspection_id = $3) END AS defects`,
      [taskId, stage, inspectionId],
    );
    return { spentSeconds: row?.spent ?? 0, imageCount: row?.images ?? null, defectCount: row?.defects ?? null };
  }

  async setStageJob(m: Queryable, taskId: string, stage: number, jobId: string | null): Promise<void> {
    await m.query(`UPDATE ${this.s}.task_stage SET job_id = $3 WHERE task_id = $1 AND stage = $2`, [taskId, stage, jobId]);
  }

  async customerFlowConfigs(m: Queryable, customerId: string | null): Promise<CustomerFlowConfig[] | null> {
    const [c] = await m.query<{ flow_configs: CustomerFlowConfig[] | null }[]>(`SELECT flow_configs FROM ${this.s}.customer_ref WHERE customer_id = $1`, [customerId]);
    return c?.flow_configs ?? null;
  }

  async setFeatures(m: Queryable, taskId: string, features: string[]): Promise<void> {
    await m.query(`UPDATE ${this.s}.task SET features = $2 WHERE id = $1`, [taskId, features]);
  }

  /** Stores the task's derived state with a new version (completed_at set once when completed). */
  async saveState(m: Queryable, taskId: string, st: TaskState): Promise<Pick<TaskRow, 'version' | 'status' | 'current_stage' | 'handler_id'>> {
    type Saved = Pick<TaskRow, 'version' | 'status' | 'current_stage' | 'handler_id'>;
    // TypeORM answers an UPDATE … RETURNING on PostgreSQL with [rows, affected count], not rows.
    const [rows] = await m.query<[Saved[], number]>(
      `UPDATE ${this.s}.task SET status = $2, current_stage = $3, current_stage_status = $4, handler_id = $5, handler_name = $6,
         completed_at = CASE WHEN $2 = ${TS.COMPLETED} THEN coalesce(completed_at, now()) ELSE completed_at END,
         updated_at = now(), version = nextval('${this.s.replace(/"/g, '')}.change_seq')
       WHERE id = $1 RETURNING version, status, current_stage, handler_id`,
      [taskId, st.status, st.currentStage, st.currentStageStatus, st.handlerId, st.handlerName],
    );
    return rows[0]!;
  }

  /** Post-commit notification for live screens (PostgreSQL delivers it only if this transaction commits). */
  async notify(m: Queryable, taskId: string): Promise<void> {
    await m.query('SELECT pg_notify($1, $2)', [taskChangeChannel(this.sql), taskId]);
  }
}
