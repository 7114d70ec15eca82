import dayjs from 'dayjs';
import type { SorterResult } from 'antd/es/table/interface';
import { isApiError, type ApiError } from '@/app/api/baseQuery';
import {
  TASK_STAGE_ORDER,
  TaskStage,
  TaskStageStatus,
  TaskStatus,
  enabledStages,
  lookupMessage,
  type Locale,
  type PageResult,
} from './contracts';
import type { TaskItem, TaskListKind, TaskQueryParams, TaskSortField } from './tasksApi';

// ------------------------------------------------------------------ filters → query

/** The SPEC §3 task-list filters the screens offer. Dates are `YYYY-MM-DD` texts. */
export interface TaskFilters {
  inspectionId?: string;
  customerId?: string;
  windfarmId?: string;
  turbineName?: string;
  taskStageType?: number;
  taskStatusType?: number;
  packageType?: number;
  inspectionRange?: [string, string] | null;
  uploadRange?: [string, string] | null;
}

export interface PageState {
  pageIndex: number;
  pageSize: number;
}

export interface SortState {
  fieldToSort?: TaskSortField;
  descending?: boolean;
}

export const TASK_SORT_FIELDS: readonly TaskSortField[] = [
  'updateTime',
  'createTime',
  'inspectionDate',
  'uploadedTime',
  'customerName',
  'windfarmName',
  'turbineName',
  'taskStatusType',
  'taskStageTypes',
  'packageType',
];

const trimmed = (v: string | undefined): string | undefined => {
  const s = v?.trim();
  return s ? s : undefined;
};

/**
 * Filters, page and sort → the query of GET /tasks/pool, /tasks/mine (docs/task-flow.md): empty
 * values are left out; inspection dates are days, upload dates whole days as UTC instants.
 */
export function filtersToParams(filters: TaskFilters, page: PageState, sort: SortState = {}): TaskQueryParams {
  const params: TaskQueryParams = { pageIndex: page.pageIndex, pageSize: page.pageSize };
  if (sort.fieldToSort) {
    params.fieldToSort = sort.fieldToSort;
    params.descending = !!sort.descending;
  }
  const inspectionId = trimmed(filters.inspectionId);
  if (inspectionId) params.inspectionId = inspectionId;
  if (filters.customerId) params.customerId = filters.customerId;
  if (filters.windfarmId) params.windfarmId = filters.windfarmId;
  const turbineName = trimmed(filters.turbineName);
  if (turbineName) params.turbineName = turbineName;
  if (filters.taskStageType != null) params.taskStageType = filters.taskStageType;
  if (filters.taskStatusType != null) params.taskStatusType = filters.taskStatusType;
  if (filters.packageType != null) params.packageType = filters.packageType;
  if (filters.inspectionRange) {
    params.inspectionStartTime = filters.inspectionRange[0];
    params.inspectionEndTime = filters.inspectionRange[1];
  }
  if (filters.uploadRange) {
    params.uploadStartTime = dayjs(filters.uploadRange[0]).startOf('day').toISOString();
    params.uploadEndTime = dayjs(filters.uploadRange[1]).endOf('day').toISOString();
  }
  return params;
}

export function sortFromTable<T>(sorter: SorterResult<T> | SorterResult<T>[]): SortState {
  const s = Array.isArray(sorter) ? sorter[0] : sorter;
  const field = String(s?.columnKey ?? s?.field ?? '');
  if (!s?.order || !(TASK_SORT_FIELDS as readonly string[]).includes(field)) return {};
  return { fieldToSort: field as TaskSortField, descending: s.order === 'descend' };
}

export function sortOrderOf(field: TaskSortField, state: SortState): 'ascend' | 'descend' | null {
  if (state.fieldToSort !== field) return null;
  return state.descending ? 'descend' : 'ascend';
}

// ------------------------------------------------------------------ stage progress

export type StepState = 'done' | 'current' | 'waiting' | 'skipped';

export interface StageStep {
  stage: number;
  state: StepState;
  /** The current stage's status (only on the current step). */
  status?: number;
}

/** The stages that ran before automatic work; people pick the others. */
export const AUTOMATIC_STAGES: readonly number[] = [TaskStage.UPLOAD, TaskStage.AUTO_PROCESSING];

/**
 * A task's stages in SPEC §4 order as steps: the task's enabled stages (its `features`), those
 * before the current one done, the current one with its status, later ones waiting. A completed
 * task has every step done.
 */
export function stageProgress(task: Pick<TaskItem, 'features' | 'taskStageTypes' | 'taskStageStatus' | 'taskStatusType'>): StageStep[] {
  const stages = enabledStages(task.features ?? []);
  const current = task.taskStageTypes[0];
  if (current != null && !stages.includes(current as (typeof stages)[number])) {
    // A stage the plan left out cannot be current; show it anyway, in its place.
    stages.push(current as (typeof stages)[number]);
    stages.sort((a, b) => TASK_STAGE_ORDER.indexOf(a) - TASK_STAGE_ORDER.indexOf(b));
  }
  if (task.taskStatusType === TaskStatus.COMPLETED) return stages.map((stage) => ({ stage, state: 'done' }));
  const at = current == null ? -1 : stages.indexOf(current as (typeof stages)[number]);
  return stages.map((stage, i) => {
    if (at < 0) return { stage, state: 'waiting' };
    if (i < at) return { stage, state: 'done' };
    if (i === at) {
      const status = task.taskStageStatus ?? undefined;
      return { stage, state: status === TaskStageStatus.COMPLETED ? 'done' : 'current', status };
    }
    return { stage, state: 'waiting' };
  });
}

/** antd colour of a stage status (SPEC §3). */
export function stageStatusColor(status: number | null | undefined): string {
  switch (status) {
    case TaskStageStatus.READY:
      return 'blue';
    case TaskStageStatus.PROCESSING:
      return 'processing';
    case TaskStageStatus.COMPLETED:
      return 'success';
    case TaskStageStatus.ERROR:
      return 'error';
    case TaskStageStatus.OVERTIME:
      return 'warning';
    default:
      return 'default';
  }
}

/** antd colour of a task status (SPEC §3). */
export function taskStatusColor(status: number | null | undefined): string {
  switch (status) {
    case TaskStatus.PROCESSING:
      return 'processing';
    case TaskStatus.COMPLETED:
      return 'success';
    case TaskStatus.ERROR:
      return 'error';
    case TaskStatus.OVERTIME:
      return 'warning';
    default:
      return 'default';
  }
}

/** antd Steps status of a step. */
export function stepStatus(step: StageStep): 'wait' | 'process' | 'finish' | 'error' {
  if (step.state === 'done') return 'finish';
  if (step.state !== 'current') return 'wait';
  if (step.status === TaskStageStatus.ERROR || step.status === TaskStageStatus.OVERTIME) return 'error';
  return 'process';
}

// ------------------------------------------------------------------ membership and live changes

const ACTIVE: readonly number[] = [TaskStatus.PROCESSING, TaskStatus.OVERTIME, TaskStatus.ERROR];

/** In the pool: its current manual stage is ready or overtime and nobody holds it (docs/task-flow.md). */
export function inPool(task: TaskItem): boolean {
  const stage = task.taskStageTypes[0];
  return (
    stage != null &&
    !AUTOMATIC_STAGES.includes(stage) &&
    ACTIVE.includes(task.taskStatusType) &&
    (task.taskStageStatus === TaskStageStatus.READY || task.taskStageStatus === TaskStageStatus.OVERTIME) &&
    task.handlebyIds.length === 0
  );
}

/** Mine: I hold its current stage. */
export function isMine(task: TaskItem, userId: string | null | undefined): boolean {
  return !!userId && ACTIVE.includes(task.taskStatusType) && task.handlebyIds.includes(userId);
}

export function belongsTo(kind: TaskListKind, task: TaskItem, userId: string | null | undefined): boolean {
  return kind === 'pool' ? inPool(task) : isMine(task, userId);
}

/** Whether an item satisfies the filters of a cached list query (its params). */
export function matchesParams(task: TaskItem, params: TaskQueryParams): boolean {
  const eq = (key: string, value: unknown): boolean => params[key] === undefined || String(params[key]).split(',').includes(String(value));
  if (!eq('inspectionId', task.inspectionId)) return false;
  if (!eq('customerId', task.customerId)) return false;
  if (!eq('windfarmId', task.windFarmId)) return false;
  if (!eq('taskStageType', task.taskStageTypes[0])) return false;
  if (!eq('taskStatusType', task.taskStatusType)) return false;
  if (!eq('packageType', task.packageType)) return false;
  if (params.turbineName !== undefined && !(task.turbineName ?? '').toLowerCase().includes(String(params.turbineName).toLowerCase())) return false;
  return true;
}

export type ChangeOutcome =
  /** The row was replaced or removed in place. */
  | { kind: 'updated'; page: PageResult<TaskItem> }
  /** A task that now belongs to the list and is not on this page: the list must be fetched again. */
  | { kind: 'refetch' }
  | { kind: 'none' };

/**
 * Applies a `task.changed` item to one cached page of a list: a row on the page is replaced
 * (newer version) or removed when it no longer belongs; a task that newly belongs means a refetch
 * (its place depends on the server's sort and paging). Older or equal versions are ignored.
 */
export function applyTaskChange(
  page: PageResult<TaskItem>,
  task: TaskItem,
  kind: TaskListKind,
  params: TaskQueryParams,
  userId: string | null | undefined,
): ChangeOutcome {
  const i = page.results.findIndex((r) => r.taskId === task.taskId);
  const belongs = belongsTo(kind, task, userId) && matchesParams(task, params);
  if (i >= 0) {
    if ((page.results[i]!.version ?? 0) >= task.version) return { kind: 'none' };
    if (belongs) {
      const results = page.results.slice();
      results[i] = task;
      return { kind: 'updated', page: { ...page, results } };
    }
    return {
      kind: 'updated',
      page: { ...page, results: page.results.filter((r) => r.taskId !== task.taskId), totalCount: Math.max(0, page.totalCount - 1) },
    };
  }
  return belongs ? { kind: 'refetch' } : { kind: 'none' };
}

/** The highest version among tasks (the `since` of a resync). */
export function maxVersion(tasks: readonly Pick<TaskItem, 'version'>[], start = 0): number {
  return tasks.reduce((m, t) => (typeof t.version === 'number' && t.version > m ? t.version : m), start);
}

// ------------------------------------------------------------------ texts

export function errorMessage(error: unknown, locale: Locale, path?: string): string {
  if (isApiError(error)) {
    const e = error as ApiError;
    if (e.status === 'NETWORK' || e.status === 'TIMEOUT' || e.status === 403 || e.status === 408) return e.message;
    if (e.data !== undefined && e.data !== null) return lookupMessage(e.data, locale, path);
    return e.message;
  }
  return lookupMessage(error, locale, path);
}

const DAYJS_LOCALE: Record<Locale, string> = { en_us: 'en', zh_cn: 'zh-cn' };

export function formatTime(value: string | null | undefined, locale: Locale): string {
  if (!value) return '–';
  const d = dayjs(value);
  return d.isValid() ? d.locale(DAYJS_LOCALE[locale]).format('YYYY-MM-DD HH:mm') : '–';
}

export function formatDay(value: string | null | undefined): string {
  if (!value) return '–';
  return value.slice(0, 10);
}
