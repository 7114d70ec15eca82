import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AppError,
  TaskStage,
  TaskStageStatus as SS,
  TaskStatus as TS,
  TaskLogType,
  LabelingHistoryAction as LA,
  isEnumValue,
  isUuid,
} from '@windward/contracts';
import { cappedCount, parsePage, type AuthUser } from '@windward/service-kit';
import { Sql, type Row } from '../common/sql.js';
import { assertVisible, bad, dateParam, intList, isFlowAdmin, scopeConditions, uuidList } from '../common/access.js';
import { AUTO_STAGES, currentStage, isReviewStage } from './pipeline.js';
import { TaskEngine, type Actor } from './task-engine.js';
import { TASK_COLUMNS, stageItem, taskItem } from './task-view.js';

const TASK_SORT: Record<string, string> = {
  updateTime: 't.updated_at',
  createTime: 't.created_at',
  inspectionDate: 't.inspection_date',
  uploadedTime: 't.uploaded_time',
  customerName: 't.customer_name',
  windfarmName: 't.windfarm_name',
  turbineName: 't.turbine_name',
  taskStatusType: 't.status',
  taskStageTypes: 't.current_stage',
  packageType: 't.package_type',
  organizationName: 't.organization_name',
  inspectionStaffName: 't.inspection_staff_name',
};

/** Nullable sort columns put empty values last; NOT NULL ones keep plain order so their (column, id) index serves the sort. */
const NULLABLE_SORT = new Set(['uploadedTime', 'taskStageTypes', 'packageType', 'inspectionStaffName']);

export type TaskView = 'all' | 'pool' | 'mine' | 'today';

/** Dashboard keys of SPEC §3 per stage. */
const DASHBOARD_STAGES: Record<string, number> = {
  upload: TaskStage.UPLOAD,
  autoprocessing: TaskStage.AUTO_PROCESSING,
  filtering: TaskStage.SORT_AND_REMOVE,
  labeling: TaskStage.LABELING,
  labelingQA: TaskStage.LABELING_QA,
  stitching: TaskStage.STITCHING,
  stitchingQA: TaskStage.STITCHING_QA,
  labelingFQA: TaskStage.LABELING_FQA,
  stitchingFQA: TaskStage.STITCHING_FQA,
};

/** Task stage center counts (SPEC §3): the five stages people work on. */
const STAGE_CENTER: Record<string, number> = {
  sortAndRemoveCount: TaskStage.SORT_AND_REMOVE,
  labelingCount: TaskStage.LABELING,
  labelingQACount: TaskStage.LABELING_QA,
  stitchingCount: TaskStage.STITCHING,
  stitchingQACount: TaskStage.STITCHING_QA,
};
const ACTIVE_STAGE_STATUSES = [SS.READY, SS.PROCESSING, SS.OVERTIME, SS.ERROR];

export const actorOf = (u: AuthUser): Actor => ({ id: u.userId, name: u.username });

/** Start of a UTC day given as YYYY-MM-DD (default today). */
function dayStart(v: unknown): string {
  if (v === undefined || v === '') return new Date(new Date().toISOString().slice(0, 10)).toISOString();
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v))) bad('date', v);
  return new Date(v as string).toISOString();
}

@Injectable()
export class TasksService {
  constructor(
    private readonly ds: DataSource,
    private readonly sql: Sql,
    private readonly engine: TaskEngine,
  ) {}

  private get s() {
    return this.sql.s;
  }

  /** SPEC §3 task list filters as SQL over the task table (alias t). */
  private filters(user: AuthUser, q: Record<string, unknown>, params: unknown[]): string[] {
    const w = scopeConditions(user, params);
    const add = (cond: (n: string) => string, value: unknown) => {
      params.push(value);
      w.push(cond(`$${params.length}`));
    };
    const inspectionIds = uuidList('inspectionId', q.inspectionId);
    if (inspectionIds.length) add((n) => `t.inspection_id = ANY(${n}::uuid[])`, inspectionIds);
    const customers = uuidList('customerId', q.customerId);
    if (customers.length) add((n) => `t.customer_id = ANY(${n}::uuid[])`, customers);
    const parks = uuidList('windfarmId', q.windfarmId ?? q.windFarmId);
    if (parks.length) add((n) => `t.wind_farm_id = ANY(${n}::uuid[])`, parks);
    if (typeof q.turbineName === 'string' && q.turbineName.trim()) add((n) => `t.turbine_name ILIKE ${n}`, `%${q.turbineName.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const stages = intList('taskStageType', q.taskStageType);
    if (stages.length) add((n) => `t.current_stage = ANY(${n}::int[])`, stages);
    const handlers = uuidList('handleByUserId', q.handleByUserId);
    if (handlers.length) add((n) => `t.handler_id = ANY(${n}::uuid[])`, handlers);
    const statuses = intList('taskStatusType', q.taskStatusType);
    if (statuses.length) add((n) => `t.status = ANY(${n}::int[])`, statuses);
    const packages = intList('packageType', q.packageType);
    if (packages.length) add((n) => `t.package_type = ANY(${n}::int[])`, packages);
    const orgs = uuidList('organizationId', q.organizationId);
    if (orgs.length) add((n) => `t.organization_id = ANY(${n}::uuid[])`, orgs);
    if (typeof q.inspectionStaffId === 'string' && q.inspectionStaffId) add((n) => `t.inspection_staff_id = ${n}`, q.inspectionStaffId);
    const projectTypes = intList('projectType', q.projectType);
    if (projectTypes.length) add((n) => `t.project_type = ANY(${n}::int[])`, projectTypes);
    const iFrom = dateParam('inspectionStartTime', q.inspectionStartTime);
    const iTo = dateParam('inspectionEndTime', q.inspectionEndTime);
    const uFrom = dateParam('uploadStartTime', q.uploadStartTime);
    const uTo = dateParam('uploadEndTime', q.uploadEndTime);
    if ((iFrom && iTo && iFrom > iTo) || (uFrom && uTo && uFrom > uTo)) throw new AppError('INVALID_TIME_RANGE');
    if (iFrom) add((n) => `t.inspection_date >= ${n}::timestamptz::date`, iFrom);
    if (iTo) add((n) => `t.inspection_date <= ${n}::timestamptz::date`, iTo);
    if (uFrom) add((n) => `t.uploaded_time >= ${n}::timestamptz`, uFrom);
    if (uTo) add((n) => `t.uploaded_time <= ${n}::timestamptz`, uTo);
    return w;
  }

  /** Task lists: every task, the pool (waiting for a picker), my tasks, today's tasks. Paged and sorted here. */
  async list(user: AuthUser, view: TaskView, q: Record<string, unknown>) {
    const page = parsePage(q, Object.keys(TASK_SORT), { sortField: 'updateTime', descending: true });
    const params: unknown[] = [];
    const w = this.filters(user, q, params);
    if (view === 'pool') {
      w.push(
        // Same predicate as the partial index task_pool_ix (literal values, so the planner can use it).
        `t.status IN (1, 4) AND t.current_stage_status IN (3, 7) AND t.handler_id IS NULL AND t.current_stage NOT IN (${AUTO_STAGES.join(',')})`,
      );
    }
    if (view === 'mine') {
      params.push(user.userId);
      w.push(`t.handler_id = $${params.length}`);
    }
    if (view === 'today') {
      params.push(dayStart(q.date));
      const n = `$${params.length}`;
      const kind = q.kind ?? 'all';
      if (kind === 'new') w.push(`t.created_at >= ${n}::timestamptz AND t.created_at < ${n}::timestamptz + interval '1 day'`);
      else if (kind === 'completed') w.push(`t.completed_at >= ${n}::timestamptz AND t.completed_at < ${n}::timestamptz + interval '1 day'`);
      else if (kind === 'all')
        w.push(
          `((t.created_at >= ${n}::timestamptz AND t.created_at < ${n}::timestamptz + interval '1 day') OR (t.completed_at >= ${n}::timestamptz AND t.completed_at < ${n}::timestamptz + interval '1 day'))`,
        );
      else bad('kind', kind);
    }
    const where = w.length ? `WHERE ${w.join(' AND ')}` : '';
    const dir = page.descending ? 'DESC' : 'ASC';
    const [rows, count] = await Promise.all([
      this.ds.query(
        `SELECT ${TASK_COLUMNS} FROM ${this.s}.task t ${where} ORDER BY ${TASK_SORT[page.sortField]} ${dir}${NULLABLE_SORT.has(page.sortField) ? ' NULLS LAST' : ''}, t.id ${dir} LIMIT ${page.take} OFFSET ${page.skip}`,
        params,
      ),
      cappedCount(this.ds, `FROM ${this.s}.task t ${where}`, params),
    ]);
    return { results: rows.map(taskItem), ...count, pageIndex: page.pageIndex, pageSize: page.pageSize };
  }

  async get(user: AuthUser, id: string) {
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const [row] = await this.ds.query(`SELECT ${TASK_COLUMNS} FROM ${this.s}.task t WHERE t.id = $1`, [id]);
    if (!row) throw new AppError('NOT_FOUND');
    assertVisible(user, row);
    const stages: Row[] = await this.ds.query(`SELECT * FROM ${this.s}.task_stage WHERE task_id = $1 ORDER BY seq`, [id]);
    return { ...taskItem(row), uploadFileUri: row.upload_file_uri, droneId: row.drone_id, stages: stages.map(stageItem) };
  }

  /** Tasks in scope changed after `since` (live screens resynchronise after a reconnect). */
  async changesSince(user: AuthUser, since: unknown, limit = 500) {
    const from = since === undefined || since === null || since === '' ? null : Number(since);
    if (from !== null && (!Number.isInteger(from) || from < 0)) bad('since', since);
    const [{ v }] = await this.ds.query(`SELECT coalesce(max(version), 0)::bigint AS v FROM ${this.s}.task`);
    const latestVersion = Number(v);
    if (from === null) return { latestVersion, complete: false, tasks: [] };
    const params: unknown[] = [from];
    const w = [`t.version > $1`, ...scopeConditions(user, params)];
    const rows: Row[] = await this.ds.query(`SELECT ${TASK_COLUMNS} FROM ${this.s}.task t WHERE ${w.join(' AND ')} ORDER BY t.version LIMIT ${limit + 1}`, params);
    // More than the limit: the client refetches its lists instead of applying a long list of changes.
    const complete = rows.length <= limit;
    return { latestVersion, complete, tasks: complete ? rows.map(taskItem) : [] };
  }

  async history(user: AuthUser, id: string, q: Record<string, unknown>) {
    await this.get(user, id);
    const page = parsePage(q, ['time'], { sortField: 'time', descending: false, pageSize: 100 });
    const rows: Row[] = await this.ds.query(
      `SELECT * FROM ${this.s}.task_history WHERE task_id = $1 ORDER BY id ${page.descending ? 'DESC' : 'ASC'} LIMIT ${page.take} OFFSET ${page.skip}`,
      [id],
    );
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n FROM ${this.s}.task_history WHERE task_id = $1`, [id]);
    return {
      results: rows.map((r) => ({
        time: r.at,
        stage: r.stage,
        handlerName: r.handler_name,
        stageStatus: r.stage_status,
        message: r.message,
        action: r.action,
        operatorName: r.actor_name,
      })),
      totalCount: n,
    };
  }

  async logs(user: AuthUser, id: string) {
    await this.get(user, id);
    const rows: Row[] = await this.ds.query(`SELECT * FROM ${this.s}.task_log WHERE task_id = $1 ORDER BY created_at, id`, [id]);
    return {
      results: rows.map((r) => ({ logId: r.id, logName: r.log_name, logType: r.log_type, droneId: r.drone_id, logFileUri: r.log_file_uri, createTime: r.created_at })),
      totalCount: rows.length,
    };
  }

  async addLog(user: AuthUser, id: string, b: Record<string, unknown>) {
    const types = Object.values(TaskLogType) as string[];
    if (typeof b.logName !== 'string' || !b.logName.trim() || b.logName.length > 255) bad('logName', b.logName);
    if (typeof b.logType !== 'string' || !types.includes(b.logType)) bad('logType', b.logType);
    if (typeof b.logFileUri !== 'string' || !b.logFileUri.trim() || b.logFileUri.length > 2048) bad('logFileUri', b.logFileUri);
    if (b.droneId != null && typeof b.droneId !== 'string') bad('droneId', b.droneId);
    return this.ds.transaction(async (m) => {
      const task = await this.engine.lock(m, id);
      assertVisible(user, task);
      const [r] = await m.query(
        `INSERT INTO ${this.s}.task_log (task_id, log_name, log_type, drone_id, log_file_uri) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
        [id, (b.logName as string).trim(), b.logType, (b.droneId as string | undefined) ?? task.drone_id, b.logFileUri],
      );
      return { logId: r.id, logName: r.log_name, logType: r.log_type, droneId: r.drone_id, logFileUri: r.log_file_uri, createTime: r.created_at };
    });
  }

  /** SPEC §3 dashboard summary in the caller's scope. */
  async dashboard(user: AuthUser, q: Record<string, unknown>) {
    const params: unknown[] = [dayStart(q.date)];
    const scope = scopeConditions(user, params);
    const where = scope.length ? `AND ${scope.join(' AND ')}` : '';
    const stageParams: unknown[] = [];
    const stageScope = scopeConditions(user, stageParams);
    const stageWhere = stageScope.length ? `AND ${stageScope.join(' AND ')}` : '';
    const [[today], perStage] = await Promise.all([
      this.ds.query(
        `SELECT count(*) FILTER (WHERE t.created_at >= $1::timestamptz AND t.created_at < $1::timestamptz + interval '1 day')::int AS new,
                count(*) FILTER (WHERE t.completed_at >= $1::timestamptz AND t.completed_at < $1::timestamptz + interval '1 day')::int AS done
         FROM ${this.s}.task t WHERE (t.created_at >= $1::timestamptz OR t.completed_at >= $1::timestamptz) ${where}`,
        params,
      ),
      this.ds.query(
        `SELECT t.current_stage AS stage, count(*)::int AS total,
                count(*) FILTER (WHERE t.current_stage_status IN (${SS.ERROR}, ${SS.OVERTIME}))::int AS abnormal
         FROM ${this.s}.task t WHERE t.status IN (${TS.PROCESSING}, ${TS.ERROR}, ${TS.OVERTIME}) AND t.current_stage IS NOT NULL ${stageWhere}
         GROUP BY t.current_stage`,
        stageParams,
      ),
    ]);
    const by = new Map<number, Row>(perStage.map((r: Row) => [r.stage, r]));
    const out: Record<string, unknown> = { todayNewTaskCount: today.new, todayCompletedTaskCount: today.done };
    for (const [key, stage] of Object.entries(DASHBOARD_STAGES)) {
      const r = by.get(stage);
      const abnormal = r?.abnormal ?? 0;
      out[key] = { total: r?.total ?? 0, abnormal, status: abnormal > 0 ? 'abnormal' : 'normal' };
    }
    return out;
  }

  /** SPEC §3 task stage center: active stage rows with per-stage counts. */
  async stageCenter(user: AuthUser, q: Record<string, unknown>) {
    const sort: Record<string, string> = { readyTime: 'ts.ready_at', deadline: 'ts.deadline', windfarmName: 't.windfarm_name', turbineName: 't.turbine_name', startTime: 'ts.started_at' };
    const page = parsePage(q, Object.keys(sort), { sortField: 'readyTime', descending: false });
    const params: unknown[] = [Object.values(STAGE_CENTER), ACTIVE_STAGE_STATUSES];
    const w = [`ts.stage = ANY($1::int[])`, `ts.status = ANY($2::int[])`, ...scopeConditions(user, params)];
    const parks = uuidList('windfarmId', q.windfarmId ?? q.windFarmId);
    if (parks.length) {
      params.push(parks);
      w.push(`t.wind_farm_id = ANY($${params.length}::uuid[])`);
    }
    if (typeof q.turbineName === 'string' && q.turbineName.trim()) {
      params.push(`%${q.turbineName.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      w.push(`t.turbine_name ILIKE $${params.length}`);
    }
    if (q.taskStageId !== undefined && q.taskStageId !== '') {
      if (!isUuid(q.taskStageId)) bad('taskStageId', q.taskStageId);
      params.push(q.taskStageId);
      w.push(`ts.id = $${params.length}`);
    }
    const countWhere = w.join(' AND ');
    const stages = intList('taskStageType', q.taskStageType);
    for (const st of stages) if (!Object.values(STAGE_CENTER).includes(st)) bad('taskStageType', st);
    const listW = [...w];
    const listParams = [...params];
    if (stages.length) {
      listParams.push(stages);
      listW.push(`ts.stage = ANY($${listParams.length}::int[])`);
    }
    const from = `FROM ${this.s}.task_stage ts JOIN ${this.s}.task t ON t.id = ts.task_id`;
    const dir = page.descending ? 'DESC' : 'ASC';
    const [rows, count, counts] = await Promise.all([
      this.ds.query(
        `SELECT ts.*, t.inspection_id, t.windfarm_name, t.turbine_name, t.customer_name, t.status AS task_status ${from} WHERE ${listW.join(' AND ')}
         ORDER BY ${sort[page.sortField]} ${dir} NULLS LAST, ts.id LIMIT ${page.take} OFFSET ${page.skip}`,
        listParams,
      ),
      cappedCount(this.ds, `${from} WHERE ${listW.join(' AND ')}`, listParams),
      this.ds.query(`SELECT ts.stage, count(*)::int AS n ${from} WHERE ${countWhere} GROUP BY ts.stage`, params),
    ]);
    const byStage = new Map<number, number>(counts.map((r: Row) => [r.stage, r.n]));
    const out: Record<string, unknown> = {};
    for (const [key, stage] of Object.entries(STAGE_CENTER)) out[key] = byStage.get(stage) ?? 0;
    return {
      ...out,
      results: rows.map((r: Row) => ({
        ...stageItem(r),
        taskId: r.task_id,
        inspectionId: r.inspection_id,
        windfarmName: r.windfarm_name,
        turbineName: r.turbine_name,
        customerName: r.customer_name,
        taskStatusType: r.task_status,
      })),
      ...count,
    };
  }

  // --- actions ------------------------------------------------------------------------------

  /** Runs an action on the locked, visible task and returns the task as it is afterwards. */
  private async act(user: AuthUser, id: string, fn: (m: EntityManager, task: Row) => Promise<void>) {
    await this.ds.transaction(async (m) => {
      const task = await this.engine.lock(m, id);
      assertVisible(user, task);
      await fn(m, task);
    });
    return this.get(user, id);
  }

  /** First picker wins: the row lock queues concurrent picks and only the first finds the stage free. */
  pick(user: AuthUser, id: string) {
    return this.act(user, id, async (m, task) => {
      await this.engine.assertCanProceed(m, task);
      const stages = await this.engine.stages(m, id);
      const cur = currentStage(stages);
      if (!cur || AUTO_STAGES.includes(cur.stage)) throw new AppError('ILLEGAL_TRANSITION', { details: { stage: cur?.stage ?? null } });
      if (cur.handlerId) throw new AppError('TASK_ALREADY_PICKED');
      const st = this.engine.stageOf(stages, cur.stage);
      if (st.status === SS.OVERTIME) await this.engine.setHandler(m, task, st, actorOf(user), { actor: actorOf(user), action: LA.PICK, message: 'Picked (overtime)' });
      else await this.engine.moveStage(m, task, st, SS.PROCESSING, { actor: actorOf(user), handler: actorOf(user), action: LA.PICK, message: 'Picked' });
      await this.engine.sync(m, task, stages, undefined, actorOf(user));
    });
  }

  /** Assigns (or reassigns) the current stage to a user identity announced. */
  assign(user: AuthUser, id: string, userId: unknown) {
    if (!isUuid(userId)) bad('userId', userId);
    return this.act(user, id, async (m, task) => {
      await this.engine.assertCanProceed(m, task);
      const [u] = await m.query(`SELECT user_id, username, display_name FROM ${this.s}.user_ref WHERE user_id = $1 AND NOT deleted AND active`, [userId]);
      if (!u) throw new AppError('USER_NOT_FOUND');
      const handler: Actor = { id: u.user_id, name: u.display_name || u.username };
      const stages = await this.engine.stages(m, id);
      const cur = currentStage(stages);
      if (!cur || AUTO_STAGES.includes(cur.stage)) throw new AppError('ILLEGAL_TRANSITION', { details: { stage: cur?.stage ?? null } });
      const st = this.engine.stageOf(stages, cur.stage);
      const o = { actor: actorOf(user), action: LA.PROCESSING, message: `Assigned to ${handler.name}` };
      if (st.status === SS.READY) await this.engine.moveStage(m, task, st, SS.PROCESSING, { ...o, handler });
      else if (st.status === SS.PROCESSING || st.status === SS.OVERTIME) await this.engine.setHandler(m, task, st, handler, o);
      else throw new AppError('ILLEGAL_TRANSITION', { details: { stage: st.stage, from: st.status } });
      await this.engine.sync(m, task, stages, undefined, actorOf(user));
    });
  }

  /** The handler (or a flow administrator) gives the current stage back to the pool. */
  release(user: AuthUser, id: string) {
    return this.act(user, id, async (m, task) => {
      await this.engine.assertCanProceed(m, task);
      const stages = await this.engine.stages(m, id);
      const cur = currentStage(stages);
      if (!cur || !cur.handlerId) throw new AppError('ILLEGAL_TRANSITION', { details: { stage: cur?.stage ?? null } });
      if (cur.handlerId !== user.userId && !isFlowAdmin(user)) throw new AppError('NOT_TASK_HANDLER');
      const st = this.engine.stageOf(stages, cur.stage);
      const o = { actor: actorOf(user), message: 'Released to the task pool' };
      if (st.status === SS.OVERTIME) await this.engine.setHandler(m, task, st, null, o);
      else await this.engine.moveStage(m, task, st, SS.READY, { ...o, handler: null });
      await this.engine.sync(m, task, stages, undefined, actorOf(user));
    });
  }

  /** The handler finishes a work stage (reviews finish through their QA result). */
  complete(user: AuthUser, id: string, stage: number) {
    return this.act(user, id, async (m, task) => {
      await this.engine.assertCanProceed(m, task);
      const stages = await this.engine.stages(m, id);
      const cur = currentStage(stages);
      if (!cur || cur.stage !== stage) throw new AppError('STAGE_NOT_CURRENT', { details: { stage, current: cur?.stage ?? null } });
      if (AUTO_STAGES.includes(stage) || isReviewStage(stage)) throw new AppError('ILLEGAL_TRANSITION', { details: { stage } });
      if (cur.handlerId !== user.userId) throw new AppError('NOT_TASK_HANDLER');
      const [pending] = await m.query(`SELECT 1 FROM ${this.s}.reinspection_request WHERE task_id = $1 AND status = 1`, [id]);
      if (pending) throw new AppError('REINSPECTION_PENDING');
      if (stage === TaskStage.LABELING && task.inspection_id) {
        // SPEC §5: every image side labeled before submit. Inspection announces each flip; an
        // inspection that never announced one has no active images to label.
        const [labeling] = await m.query(
          `SELECT complete, side_count, labeled_side_count FROM ${this.s}.inspection_labeling WHERE inspection_id = $1`,
          [task.inspection_id],
        );
        if (labeling && !labeling.complete) {
          throw new AppError('ALL_SIDES_MUST_BE_LABELED', {
            details: { sideCount: labeling.side_count, labeledSideCount: labeling.labeled_side_count },
          });
        }
      }
      await this.engine.completeStage(m, task, stages, stage, { actor: actorOf(user), action: LA.COMPLETED, message: 'Completed' });
      await this.engine.sync(m, task, stages, undefined, actorOf(user));
    });
  }

  /**
   * The handler adds time spent on the current stage (the work tools send it every minute while
   * visible). No status change: no history row, no version bump; the row lock keeps sums exact.
   */
  async addSpentTime(user: AuthUser, id: string, stage: number, seconds: unknown) {
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 1 || seconds > 3600) bad('seconds', seconds);
    return this.ds.transaction(async (m) => {
      const task = await this.engine.lock(m, id);
      assertVisible(user, task);
      await this.engine.assertCanProceed(m, task);
      const cur = currentStage(await this.engine.stages(m, id));
      if (!cur || cur.stage !== stage) throw new AppError('STAGE_NOT_CURRENT', { details: { stage, current: cur?.stage ?? null } });
      if (cur.handlerId !== user.userId) throw new AppError('NOT_TASK_HANDLER');
      await m.query(`UPDATE ${this.s}.task_stage SET spent_seconds = spent_seconds + $3 WHERE task_id = $1 AND stage = $2`, [id, stage, seconds]);
      const [row] = await m.query(`SELECT spent_seconds FROM ${this.s}.task_stage WHERE task_id = $1 AND stage = $2`, [id, stage]);
      return { taskId: id, taskStageType: stage, spentSeconds: row.spent_seconds as number };
    });
  }

  /** The handler or an administrator reports that the current stage cannot be done. */
  reportError(user: AuthUser, id: string, stage: number, message: unknown) {
    if (typeof message !== 'string' || !message.trim() || message.length > 2000) bad('message', message);
    return this.act(user, id, async (m, task) => {
      await this.engine.assertCanProceed(m, task);
      const stages = await this.engine.stages(m, id);
      const cur = currentStage(stages);
      if (!cur || cur.stage !== stage) throw new AppError('STAGE_NOT_CURRENT', { details: { stage, current: cur?.stage ?? null } });
      if (cur.handlerId !== user.userId && !isFlowAdmin(user)) throw new AppError('NOT_TASK_HANDLER');
      await this.engine.moveStage(m, task, this.engine.stageOf(stages, stage), SS.ERROR, { actor: actorOf(user), error: (message as string).trim(), message: (message as string).trim() });
      await this.engine.sync(m, task, stages, undefined, actorOf(user));
    });
  }

  /** An administrator retries a stage in error: automatic stages run again, manual ones return to the pool. */
  retry(user: AuthUser, id: string, stage: number) {
    return this.act(user, id, async (m, task) => {
      await this.engine.assertCanProceed(m, task);
      const stages = await this.engine.stages(m, id);
      const st = this.engine.stageOf(stages, stage);
      // Retrying is leaving "error"; any other status has nothing to retry.
      if (st.status !== SS.ERROR) throw new AppError('ILLEGAL_TRANSITION', { details: { stage, from: st.status } });
      const auto = AUTO_STAGES.includes(stage);
      await this.engine.moveStage(m, task, st, auto ? SS.PROCESSING : SS.READY, { actor: actorOf(user), handler: auto ? undefined : null, message: 'Retried' });
      if (stage === TaskStage.AUTO_PROCESSING) {
        await m.query(`UPDATE ${this.s}.task SET images_processed = EXISTS (SELECT 1 FROM ${this.s}.inspection_ref i WHERE i.inspection_id = $1 AND i.images_processed_at IS NOT NULL AND i.image_count > 0) WHERE id = $2`, [
          task.inspection_id,
          id,
        ]);
        await this.engine.enqueueAutoProcessing(m, id);
      }
      await this.engine.sync(m, task, stages, undefined, actorOf(user));
    });
  }

  /** Administrators end a task: terminated or inactive (both final, checked against TASK_TRANSITIONS). */
  setStatus(user: AuthUser, id: string, status: unknown) {
    if (status !== TS.TERMINATED && status !== TS.INACTIVE) {
      if (!isEnumValue(TS, status)) bad('status', status);
      throw new AppError('ILLEGAL_TRANSITION', { details: { to: status } });
    }
    return this.act(user, id, async (m, task) => {
      // Setting the status a task already has is not a transition either.
      if (task.status === status) throw new AppError('ILLEGAL_TRANSITION', { details: { from: task.status, to: status } });
      const stages = await this.engine.stages(m, id);
      await this.engine.sync(m, task, stages, status, actorOf(user));
    });
  }

  async timeLimits() {
    const rows: Row[] = await this.ds.query(`SELECT stage, minutes FROM ${this.sql.s}.stage_time_limit ORDER BY stage`);
    return rows.map((r) => ({ taskStageType: r.stage, minutes: r.minutes }));
  }

  async setTimeLimits(b: unknown) {
    const list = (b as { limits?: unknown })?.limits;
    if (!Array.isArray(list) || list.length === 0) bad('limits', list);
    for (const [i, l] of (list as Row[]).entries()) {
      if (!isEnumValue(TaskStage, l?.taskStageType)) bad(`limits[${i}].taskStageType`, l?.taskStageType);
      if (!Number.isInteger(l.minutes) || l.minutes < 1 || l.minutes > 525_600) bad(`limits[${i}].minutes`, l.minutes);
    }
    await this.ds.transaction(async (m) => {
      for (const l of list as Row[]) await m.query(`UPDATE ${this.sql.s}.stage_time_limit SET minutes = $2 WHERE stage = $1`, [l.taskStageType, l.minutes]);
    });
    return this.timeLimits();
  }

  /** Flow configs of the customers task-flow knows (flow management screen; edited in identity). */
  async flowConfigs(user: AuthUser) {
    const params: unknown[] = [];
    const w: string[] = ['NOT deleted'];
    if (user.customerIds !== null) {
      params.push(user.customerIds.filter(isUuid));
      w.push(`customer_id = ANY($1::uuid[])`);
    }
    const rows: Row[] = await this.ds.query(`SELECT customer_id, name, flow_configs FROM ${this.sql.s}.customer_ref WHERE ${w.join(' AND ')} ORDER BY lower(name)`, params);
    return rows.map((r) => ({ customerId: r.customer_id, customerName: r.name, flowConfigs: r.flow_configs ?? [] }));
  }
}
