import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { TaskStageStatus as SS, TaskStatus as TS, type CustomerFlowConfig, type TaskLogParams, type TaskStageStatus, type TaskStatus } from '@windward/contracts';
import { cappedCount, pageWithCappedCount, type AuthUser, type ListCount, type PageRequest, rowColumns, Sql } from '@windward/service-kit';
import { scopeConditions } from '../common/access.js';
import { AUTO_STAGES } from './pipeline.js';

/** Anything that runs SQL: the DataSource, or a transaction's EntityManager. */
export type Queryable = Pick<EntityManager, 'query'>;

/** A row of `task`. */
export interface TaskRow {
  id: string;
  upload_task_id: string | null;
  inspection_id: string | null;
  wind_farm_id: string;
  windfarm_name: string;
  customer_id: string | null;
  customer_name: string;
  organization_id: string | null;
  organization_name: string;
  turbine_id: string | null;
  turbine_name: string;
  inspection_date: Date;
  campaign_id: string | null;
  project_type: number | null;
  package_type: number | null;
  component_type: number | null;
  inspection_staff_id: string | null;
  inspection_staff_name: string | null;
  upload_file_uri: string | null;
  drone_id: string | null;
  uploaded_time: Date | null;
  features: string[] | null;
  images_processed: boolean;
  status: TaskStatus;
  current_stage: number | null;
  current_stage_status: TaskStageStatus | null;
  handler_id: string | null;
  handler_name: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
  /** bigint: PostgreSQL sends it as text. */
  version: string;
}
export const TASK_ROW_COLUMNS = rowColumns<TaskRow>()('task', [
  'id', 'upload_task_id', 'inspection_id', 'wind_farm_id', 'windfarm_name', 'customer_id', 'customer_name', 'organization_id',
  'organization_name', 'turbine_id', 'turbine_name', 'inspection_date', 'campaign_id', 'project_type', 'package_type', 'component_type',
  'inspection_staff_id', 'inspection_staff_name', 'upload_file_uri', 'drone_id', 'uploaded_time', 'features', 'images_processed',
  'status', 'current_stage', 'current_stage_status', 'handler_id', 'handler_name', 'created_at', 'updated_at', 'completed_at', 'version'
]);

/** A task as the lists read it: `inspection_day` keeps the date a plain YYYY-MM-DD. */
export interface TaskItemRow extends TaskRow {
  inspection_day: string;
}

/** A row of `task_stage`. */
export interface TaskStageRecord {
  id: string;
  task_id: string;
  stage: number;
  seq: number;
  status: TaskStageStatus;
  handler_id: string | null;
  handler_name: string | null;
  ready_at: Date | null;
  started_at: Date | null;
  completed_at: Date | null;
  deadline: Date | null;
  error_message: string | null;
  job_id: string | null;
  progress_message: string | null;
  spent_seconds: number;
}
export const TASK_STAGE_ROW_COLUMNS = rowColumns<TaskStageRecord>()('task_stage', [
  'id', 'task_id', 'stage', 'seq', 'status', 'handler_id', 'handler_name', 'ready_at', 'started_at', 'completed_at', 'deadline',
  'error_message', 'job_id', 'progress_message', 'spent_seconds'
]);

/** A stage in the stage center, with what it shows of its task. */
export interface StageCenterRow extends TaskStageRecord {
  inspection_id: string | null;
  windfarm_name: string;
  turbine_name: string;
  customer_name: string;
  task_status: TaskStatus;
}

/** A row of `task_history`. */
export interface TaskHistoryRecord {
  /** bigserial: text. */
  id: string;
  task_id: string;
  at: Date;
  stage: number | null;
  stage_status: number | null;
  handler_id: string | null;
  handler_name: string | null;
  actor_id: string | null;
  actor_name: string | null;
  action: string | null;
  message: string;
  /** contracts TaskLogKind; null on lines written before kinds. */
  kind: string | null;
  params: TaskLogParams | null;
}
export const TASK_HISTORY_ROW_COLUMNS = rowColumns<TaskHistoryRecord>()('task_history', [
  'id', 'task_id', 'at', 'stage', 'stage_status', 'handler_id', 'handler_name', 'actor_id', 'actor_name', 'action', 'message', 'kind',
  'params'
]);

/** A row of `task_log`. */
export interface TaskLogRecord {
  id: string;
  task_id: string;
  log_name: string;
  log_type: string;
  drone_id: string | null;
  log_file_uri: string;
  created_at: Date;
}
export const TASK_LOG_ROW_COLUMNS = rowColumns<TaskLogRecord>()('task_log', [
  'id', 'task_id', 'log_name', 'log_type', 'drone_id', 'log_file_uri', 'created_at'
]);

export interface StageTimeLimitRecord {
  stage: number;
  minutes: number;
}
export const STAGE_TIME_LIMIT_ROW_COLUMNS = rowColumns<StageTimeLimitRecord>()('stage_time_limit', ['stage', 'minutes']);

export interface CustomerFlowConfigsRecord {
  customer_id: string;
  name: string;
  flow_configs: CustomerFlowConfig[] | null;
}
export const CUSTOMER_FLOW_CONFIGS_ROW_COLUMNS = rowColumns<CustomerFlowConfigsRecord>()('customer_ref', [
  'customer_id', 'name', 'flow_configs'
]);

export interface UserRefRecord {
  user_id: string;
  username: string;
  display_name: string;
  roles: number[];
  /** The user's data scope as identity announced it; NULL = not announced yet. */
  customer_ids: string[] | null;
  park_ids: string[] | null;
}
export const USER_REF_ROW_COLUMNS = rowColumns<UserRefRecord>()('user_ref', [
  'user_id', 'username', 'display_name', 'roles', 'customer_ids', 'park_ids'
]);

export interface LabelingStateRecord {
  complete: boolean;
  side_count: number;
  labeled_side_count: number;
}

/** Task list filters (the list query DTO's shape). */
export interface TaskFilter {
  inspectionId?: string[];
  customerId?: string[];
  windfarmId?: string[];
  turbineName?: string;
  taskStageType?: number[];
  handleByUserId?: string[];
  taskStatusType?: number[];
  packageType?: number[];
  organizationId?: string[];
  inspectionStaffId?: string;
  projectType?: number[];
  /** ISO instants; inspection dates compare by day. */
  inspectionFrom?: string | null;
  inspectionTo?: string | null;
  uploadFrom?: string | null;
  uploadTo?: string | null;
}

/** Which list: every task, the pool, the caller's, or the tasks created/completed on a day. */
export type TaskListScope =
  | { kind: 'all' | 'pool' }
  | { kind: 'mine'; userId: string }
  | { kind: 'today'; dayStart: string; which: 'all' | 'new' | 'completed' };

/** Sort keys of the task lists → columns. */
export const TASK_SORT: Record<string, string> = {
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

/** Sort keys of the stage center → columns. */
export const STAGE_CENTER_SORT: Record<string, string> = {
  readyTime: 'ts.ready_at',
  deadline: 'ts.deadline',
  windfarmName: 't.windfarm_name',
  turbineName: 't.turbine_name',
  startTime: 'ts.started_at',
};

/** Columns every task item reads. */
const TASK_COLUMNS = `t.*, to_char(t.inspection_date, 'YYYY-MM-DD') AS inspection_day`;

/** `%text%` for ILIKE, with the pattern characters escaped. */
export const containsPattern = (v: string) => `%${v.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Conditions for `t` rows within one UTC day starting at parameter `n`. */
const onDay = (column: string, n: string) => `${column} >= ${n}::timestamptz AND ${column} < ${n}::timestamptz + interval '1 day'`;

/**
 * Hand-written SQL over task, task_stage, task_history and task_log (the reads and the simple
 * writes of the task use cases; status changes go through TaskEngine).
 */
@Injectable()
export class TaskRepository {
  constructor(
    private readonly ds: DataSource,
    private readonly sql: Sql,
  ) {}

  private get s() {
    return this.sql.s;
  }

  /** SPEC §3 task list filters as SQL over the task table (alias t). */
  private filterConditions(user: AuthUser, f: TaskFilter, params: unknown[]): string[] {
    const w = scopeConditions(user, params);
    const add = (cond: (n: string) => string, value: unknown) => {
      params.push(value);
      w.push(cond(`$${params.length}`));
    };
    if (f.inspectionId?.length) add((n) => `t.inspection_id = ANY(${n}::uuid[])`, f.inspectionId);
    if (f.customerId?.length) add((n) => `t.customer_id = ANY(${n}::uuid[])`, f.customerId);
    if (f.windfarmId?.length) add((n) => `t.wind_farm_id = ANY(${n}::uuid[])`, f.windfarmId);
    if (f.turbineName?.trim()) add((n) => `t.turbine_name ILIKE ${n}`, containsPattern(f.turbineName));
    if (f.taskStageType?.length) add((n) => `t.current_stage = ANY(${n}::int[])`, f.taskStageType);
    if (f.handleByUserId?.length) add((n) => `t.handler_id = ANY(${n}::uuid[])`, f.handleByUserId);
    if (f.taskStatusType?.length) add((n) => `t.status = ANY(${n}::int[])`, f.taskStatusType);
    if (f.packageType?.length) add((n) => `t.package_type = ANY(${n}::int[])`, f.packageType);
    if (f.organizationId?.length) add((n) => `t.organization_id = ANY(${n}::uuid[])`, f.organizationId);
    if (f.inspectionStaffId) add((n) => `t.inspection_staff_id = ${n}`, f.inspectionStaffId);
    if (f.projectType?.length) add((n) => `t.project_type = ANY(${n}::int[])`, f.projectType);
    if (f.inspectionFrom) add((n) => `t.inspection_date >= ${n}::timestamptz::date`, f.inspectionFrom);
    if (f.inspectionTo) add((n) => `t.inspection_date <= ${n}::timestamptz::date`, f.inspectionTo);
    if (f.uploadFrom) add((n) => `t.uploaded_time >= ${n}::timestamptz`, f.uploadFrom);
    if (f.uploadTo) add((n) => `t.uploaded_time <= ${n}::timestamptz`, f.uploadTo);
    return w;
  }

  /** One page of a task list in the caller's scope, and its (capped) count. */
  async list(user: AuthUser, scope: TaskListScope, f: TaskFilter, page: PageRequest): Promise<{ rows: TaskItemRow[]; count: ListCount }> {
    const params: unknown[] = [];
    const w = this.filterConditions(user, f, params);
    if (scope.kind === 'pool') {
      w.push(
        // Same predicate as the partial index task_pool_ix (literal values, so the planner can use it).
        `t.status IN (1, 4) AND t.current_stage_status IN (3, 7) AND t.handler_id IS NULL AND t.current_stage NOT IN (${AUTO_STAGES.join(',')})`,
      );
    }
    if (scope.kind === 'mine') {
      params.push(scope.userId);
      w.push(`t.handler_id = $${params.length}`);
    }
    if (scope.kind === 'today') {
      params.push(scope.dayStart);
      const n = `$${params.length}`;
      if (scope.which === 'new') w.push(onDay('t.created_at', n));
      else if (scope.which === 'completed') w.push(onDay('t.completed_at', n));
      else w.push(`((${onDay('t.created_at', n)}) OR (${onDay('t.completed_at', n)}))`);
    }
    const where = w.length ? `WHERE ${w.join(' AND ')}` : '';
    const dir = page.descending ? 'DESC' : 'ASC';
    const { rows, ...count } = await pageWithCappedCount<TaskItemRow>(
      this.ds,
      {
        select: TASK_COLUMNS,
        fromWhere: `FROM ${this.s}.task t ${where}`,
        tail: `ORDER BY ${TASK_SORT[page.sortField]} ${dir}${NULLABLE_SORT.has(page.sortField) ? ' NULLS LAST' : ''}, t.id ${dir} LIMIT ${page.take} OFFSET ${page.skip}`,
      },
      params,
    );
    return { rows, count };
  }

  /**
   * The task and its stages read from one snapshot, so a change committed in between is seen in
   * both or in neither (a stage in error always comes with its task in error).
   */
  async findItemWithStages(id: string): Promise<{ row: TaskItemRow; stages: TaskStageRecord[] } | undefined> {
    return this.ds.transaction('REPEATABLE READ', async (m) => {
      const [row] = await m.query<TaskItemRow[]>(`SELECT ${TASK_COLUMNS} FROM ${this.s}.task t WHERE t.id = $1`, [id]);
      return row ? { row, stages: await this.stagesOf(id, m) } : undefined;
    });
  }

  async findItems(ids: string[]): Promise<TaskItemRow[]> {
    return this.ds.query<TaskItemRow[]>(`SELECT ${TASK_COLUMNS} FROM ${this.s}.task t WHERE t.id = ANY($1::uuid[])`, [ids]);
  }

  /** The customer of each of these parks (park read model). */
  async parkCustomers(parkIds: string[]): Promise<{ wind_farm_id: string; customer_id: string | null }[]> {
    return this.ds.query(`SELECT wind_farm_id, customer_id FROM ${this.s}.park_ref WHERE wind_farm_id = ANY($1::uuid[])`, [parkIds]);
  }

  async stagesOf(taskId: string, m: Queryable = this.ds): Promise<TaskStageRecord[]> {
    return m.query<TaskStageRecord[]>(`SELECT * FROM ${this.s}.task_stage WHERE task_id = $1 ORDER BY seq`, [taskId]);
  }

  async latestVersion(): Promise<number> {
    const [{ v }] = await this.ds.query<{ v: string }[]>(`SELECT coalesce(max(version), 0)::bigint AS v FROM ${this.s}.task`);
    return Number(v);
  }

  /** Tasks in the caller's scope changed after `version`, oldest change first, at most `limit`. */
  async changedSince(user: AuthUser, version: number, limit: number): Promise<TaskItemRow[]> {
    const params: unknown[] = [version];
    const w = [`t.version > $1`, ...scopeConditions(user, params)];
    return this.ds.query<TaskItemRow[]>(`SELECT ${TASK_COLUMNS} FROM ${this.s}.task t WHERE ${w.join(' AND ')} ORDER BY t.version LIMIT ${limit}`, params);
  }

  async history(taskId: string, page: PageRequest): Promise<{ rows: TaskHistoryRecord[]; total: number }> {
    const rows = await this.ds.query<TaskHistoryRecord[]>(
      `SELECT * FROM ${this.s}.task_history WHERE task_id = $1 ORDER BY id ${page.descending ? 'DESC' : 'ASC'} LIMIT ${page.take} OFFSET ${page.skip}`,
      [taskId],
    );
    const [{ n }] = await this.ds.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${this.s}.task_history WHERE task_id = $1`, [taskId]);
    return { rows, total: n };
  }

  /** History entries that carry a labeling history action. */
  async labelingHistory(taskId: string): Promise<TaskHistoryRecord[]> {
    return this.ds.query<TaskHistoryRecord[]>(`SELECT * FROM ${this.s}.task_history WHERE task_id = $1 AND action IS NOT NULL ORDER BY id`, [taskId]);
  }

  async logs(taskId: string): Promise<TaskLogRecord[]> {
    return this.ds.query<TaskLogRecord[]>(`SELECT * FROM ${this.s}.task_log WHERE task_id = $1 ORDER BY created_at, id`, [taskId]);
  }

  async insertLog(m: Queryable, log: { taskId: string; logName: string; logType: string; droneId: string | null; logFileUri: string }): Promise<TaskLogRecord> {
    const [r] = await m.query<TaskLogRecord[]>(
      `INSERT INTO ${this.s}.task_log (task_id, log_name, log_type, drone_id, log_file_uri) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
      [log.taskId, log.logName, log.logType, log.droneId, log.logFileUri],
    );
    return r!;
  }

  /** Tasks in scope created and completed on the day starting at `dayStart`. */
  async dayCounts(user: AuthUser, dayStart: string): Promise<{ created: number; completed: number }> {
    const params: unknown[] = [dayStart];
    const scope = scopeConditions(user, params);
    const where = scope.length ? `AND ${scope.join(' AND ')}` : '';
    const [row] = await this.ds.query<{ created: number; completed: number }[]>(
      `SELECT count(*) FILTER (WHERE ${onDay('t.created_at', '$1')})::int AS created,
              count(*) FILTER (WHERE ${onDay('t.completed_at', '$1')})::int AS completed
       FROM ${this.s}.task t WHERE (t.created_at >= $1::timestamptz OR t.completed_at >= $1::timestamptz) ${where}`,
      params,
    );
    return row!;
  }

  /** Unfinished tasks in scope per current stage, and how many of them are in error or overtime. */
  async perStageCounts(user: AuthUser): Promise<{ stage: number; total: number; abnormal: number }[]> {
    const params: unknown[] = [];
    const scope = scopeConditions(user, params);
    const where = scope.length ? `AND ${scope.join(' AND ')}` : '';
    return this.ds.query<{ stage: number; total: number; abnormal: number }[]>(
      `SELECT t.current_stage AS stage, count(*)::int AS total,
              count(*) FILTER (WHERE t.current_stage_status IN (${SS.ERROR}, ${SS.OVERTIME}))::int AS abnormal
       FROM ${this.s}.task t WHERE t.status IN (${TS.PROCESSING}, ${TS.ERROR}, ${TS.OVERTIME}) AND t.current_stage IS NOT NULL ${where}
       GROUP BY t.current_stage`,
      params,
    );
  }

  /**
   * Stage center: one page of stages of `stages` in `statuses` (narrowed to `listed` when given),
   * its count, and the count per stage of all of `stages` under the same filters.
   */
  async stageCenter(
    user: AuthUser,
    f: { stages: number[]; statuses: number[]; listed: number[]; windfarmId?: string[]; turbineName?: string; taskStageId?: string },
    page: PageRequest,
  ): Promise<{ rows: StageCenterRow[]; count: ListCount; perStage: { stage: number; n: number }[] }> {
    const params: unknown[] = [f.stages, f.statuses];
    const w = [`ts.stage = ANY($1::int[])`, `ts.status = ANY($2::int[])`, ...scopeConditions(user, params)];
    if (f.windfarmId?.length) {
      params.push(f.windfarmId);
      w.push(`t.wind_farm_id = ANY($${params.length}::uuid[])`);
    }
    if (f.turbineName?.trim()) {
      params.push(containsPattern(f.turbineName));
      w.push(`t.turbine_name ILIKE $${params.length}`);
    }
    if (f.taskStageId) {
      params.push(f.taskStageId);
      w.push(`ts.id = $${params.length}`);
    }
    const countWhere = w.join(' AND ');
    const listW = [...w];
    const listParams = [...params];
    if (f.listed.length) {
      listParams.push(f.listed);
      listW.push(`ts.stage = ANY($${listParams.length}::int[])`);
    }
    const from = `FROM ${this.s}.task_stage ts JOIN ${this.s}.task t ON t.id = ts.task_id`;
    const dir = page.descending ? 'DESC' : 'ASC';
    const [rows, count, perStage] = await Promise.all([
      this.ds.query<StageCenterRow[]>(
        `SELECT ts.*, t.inspection_id, t.windfarm_name, t.turbine_name, t.customer_name, t.status AS task_status ${from} WHERE ${listW.join(' AND ')}
         ORDER BY ${STAGE_CENTER_SORT[page.sortField]} ${dir} NULLS LAST, ts.id LIMIT ${page.take} OFFSET ${page.skip}`,
        listParams,
      ),
      cappedCount(this.ds, `${from} WHERE ${listW.join(' AND ')}`, listParams),
      this.ds.query<{ stage: number; n: number }[]>(`SELECT ts.stage, count(*)::int AS n ${from} WHERE ${countWhere} GROUP BY ts.stage`, params),
    ]);
    return { rows, count, perStage };
  }

  /** An active, not deleted user identity announced. */
  async activeUser(m: Queryable, userId: string): Promise<UserRefRecord | undefined> {
    const [u] = await m.query<UserRefRecord[]>(`SELECT user_id, username, display_name, roles, customer_ids, park_ids FROM ${this.s}.user_ref WHERE user_id = $1 AND NOT deleted AND active`, [userId]);
    return u;
  }

  async hasPendingReinspection(m: Queryable, taskId: string): Promise<boolean> {
    const rows = await m.query<unknown[]>(`SELECT 1 FROM ${this.s}.reinspection_request WHERE task_id = $1 AND status = 1`, [taskId]);
    return rows.length > 0;
  }

  /** Inspection's latest labeling completeness (undefined when it never announced one). */
  async labelingState(m: Queryable, inspectionId: string): Promise<LabelingStateRecord | undefined> {
    const [row] = await m.query<LabelingStateRecord[]>(
      `SELECT complete, side_count, labeled_side_count FROM ${this.s}.inspection_labeling WHERE inspection_id = $1`,
      [inspectionId],
    );
    return row;
  }

  /**
   * Blade paths of the inspection and how many are stitched, as inspection last announced them
   * (inspection.stitching.changed, first sent with the processed photos). An inspection that never
   * announced them (older data) is not checked, like labeling.
   */
  async stitchingState(m: Queryable, inspectionId: string): Promise<{ path_count: number; stitched_path_count: number } | undefined> {
    const [row] = await m.query<{ path_count: number; stitched_path_count: number }[]>(
      `SELECT path_count, stitched_path_count FROM ${this.s}.inspection_stitching WHERE inspection_id = $1`,
      [inspectionId],
    );
    return row;
  }

  /** Defects of the inspection the reviewer gave no result for (`reviewed`: defect ids of the QA body). */
  async unreviewedDefects(m: Queryable, inspectionId: string, reviewed: string[]): Promise<number> {
    const [row] = await m.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM ${this.s}.inspection_defect WHERE inspection_id = $1 AND NOT (defect_id::text = ANY($2::text[]))`,
      [inspectionId, reviewed.map((id) => id.trim().toLowerCase())],
    );
    return row!.n;
  }

  /** Adds seconds to a stage's spent time; answers the new total. */
  async addSpentSeconds(m: Queryable, taskId: string, stage: number, seconds: number): Promise<number> {
    await m.query(`UPDATE ${this.s}.task_stage SET spent_seconds = spent_seconds + $3 WHERE task_id = $1 AND stage = $2`, [taskId, stage, seconds]);
    const [row] = await m.query<{ spent_seconds: number }[]>(`SELECT spent_seconds FROM ${this.s}.task_stage WHERE task_id = $1 AND stage = $2`, [taskId, stage]);
    return row!.spent_seconds;
  }

  /** Re-reads from the inspection read model whether the task's images are processed (before auto-processing runs again). */
  async refreshImagesProcessed(m: Queryable, taskId: string, inspectionId: string | null): Promise<void> {
    await m.query(
      `UPDATE ${this.s}.task SET images_processed = EXISTS (SELECT 1 FROM ${this.s}.inspection_ref i WHERE i.inspection_id = $1 AND i.images_processed_at IS NOT NULL AND i.image_count > 0) WHERE id = $2`,
      [inspectionId, taskId],
    );
  }

  async timeLimits(): Promise<StageTimeLimitRecord[]> {
    return this.ds.query<StageTimeLimitRecord[]>(`SELECT stage, minutes FROM ${this.s}.stage_time_limit ORDER BY stage`);
  }

  async setTimeLimits(limits: { stage: number; minutes: number }[]): Promise<void> {
    await this.ds.transaction(async (m) => {
      for (const l of limits) await m.query(`UPDATE ${this.s}.stage_time_limit SET minutes = $2 WHERE stage = $1`, [l.stage, l.minutes]);
    });
  }

  /** Flow configs of the customers task-flow knows, those of `customerIds` only unless null. */
  async customerFlowConfigs(customerIds: string[] | null): Promise<CustomerFlowConfigsRecord[]> {
    const params: unknown[] = [];
    const w: string[] = ['NOT deleted'];
    if (customerIds !== null) {
      params.push(customerIds);
      w.push(`customer_id = ANY($1::uuid[])`);
    }
    return this.ds.query<CustomerFlowConfigsRecord[]>(`SELECT customer_id, name, flow_configs FROM ${this.s}.customer_ref WHERE ${w.join(' AND ')} ORDER BY lower(name)`, params);
  }
}
