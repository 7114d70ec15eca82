import dayjs from 'dayjs';
// The locales DAYJS_LOCALE names, whichever language's chunk (core/i18n) is loaded.
import 'dayjs/locale/en';
import 'dayjs/locale/zh-cn';
import type { SorterResult } from 'antd/es/table/interface';
import { isApiError, type ApiError } from '@/core/api/baseQuery';
import {
  TASK_STAGE_ORDER,
  TaskStage,
  TaskStageStatus,
  TaskStatus,
  enabledStages,
  lookupMessage,
  type Locale,
} from './contracts';
import type { ReinspectionListApiArg, StageTimeLimitDto, TaskListArgs, TaskListKind, TaskSortField, TaskView } from './tasksApi';

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
  /** A side may be open ("from" or "until" only). */
  inspectionRange?: [string | null, string | null] | null;
  uploadRange?: [string | null, string | null] | null;
  handleByUserId?: string;
  organizationId?: string;
  inspectionStaffId?: string;
  projectType?: number;
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
  'organizationName',
  'inspectionStaffName',
];

const trimmed = (v: string | undefined): string | undefined => {
  const s = v?.trim();
  return s ? s : undefined;
};

/**
 * Filters, page and sort → the query of GET /tasks, /tasks/pool, /tasks/mine (docs/task-flow.md): empty
 * values are left out; inspection dates are days, upload dates whole days as UTC instants.
 */
export function filtersToParams(filters: TaskFilters, page: PageState, sort: SortState = {}): TaskListArgs {
  const params: TaskListArgs = { pageIndex: page.pageIndex, pageSize: page.pageSize };
  if (sort.fieldToSort) {
    params.fieldToSort = sort.fieldToSort;
    params.descending = !!sort.descending;
  }
  const inspectionId = trimmed(filters.inspectionId);
  if (inspectionId) params.inspectionId = [inspectionId];
  if (filters.customerId) params.customerId = [filters.customerId];
  if (filters.windfarmId) params.windfarmId = [filters.windfarmId];
  const turbineName = trimmed(filters.turbineName);
  if (turbineName) params.turbineName = turbineName;
  if (filters.taskStageType != null) params.taskStageType = [filters.taskStageType];
  if (filters.taskStatusType != null) params.taskStatusType = [filters.taskStatusType];
  if (filters.packageType != null) params.packageType = [filters.packageType];
  if (filters.handleByUserId) params.handleByUserId = [filters.handleByUserId];
  if (filters.organizationId) params.organizationId = [filters.organizationId];
  if (filters.inspectionStaffId) params.inspectionStaffId = filters.inspectionStaffId;
  if (filters.projectType != null) params.projectType = [filters.projectType];
  const [inspectionFrom, inspectionTo] = filters.inspectionRange ?? [null, null];
  if (inspectionFrom) params.inspectionStartTime = inspectionFrom;
  if (inspectionTo) params.inspectionEndTime = inspectionTo;
  const [uploadFrom, uploadTo] = filters.uploadRange ?? [null, null];
  if (uploadFrom) params.uploadStartTime = dayjs(uploadFrom).startOf('day').toISOString();
  if (uploadTo) params.uploadEndTime = dayjs(uploadTo).endOf('day').toISOString();
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
export function stageProgress(task: Pick<TaskView, 'features' | 'taskStageTypes' | 'taskStageStatus' | 'taskStatusType'>): StageStep[] {
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
export function inPool(task: TaskView): boolean {
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
export function isMine(task: TaskView, userId: string | null | undefined): boolean {
  return !!userId && ACTIVE.includes(task.taskStatusType) && task.handlebyIds.includes(userId);
}

/** The UTC day (`YYYY-MM-DD`) of an instant. */
const utcDay = (value: string | null | undefined): string | null => {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
};

/** Today's UTC day, the server's "today" (docs/task-flow.md decision 4). */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** In today's list of `date` and `kind` (new / completed / all): created and/or completed that UTC day. */
export function isOfDay(task: Pick<TaskView, 'createTime' | 'completeTime'>, date: string, kind: string = 'all'): boolean {
  const created = utcDay(task.createTime) === date;
  const completed = utcDay(task.completeTime) === date;
  if (kind === 'new') return created;
  if (kind === 'completed') return completed;
  return created || completed;
}

export function belongsTo(kind: TaskListKind, task: TaskView, userId: string | null | undefined, params: TaskListArgs = {}): boolean {
  switch (kind) {
    case 'pool':
      return inPool(task);
    case 'mine':
      return isMine(task, userId);
    case 'today':
      return isOfDay(task, String(params.date ?? todayUtc()), String(params.kind ?? 'all'));
    case 'all':
      return true;
  }
}

/** Whether an item satisfies the filters of a cached list query (its params). */
export function matchesParams(task: TaskView, params: TaskListArgs): boolean {
  // A filter is one value or a list of them (the query repeats the name); a list also matches as 'a,b'.
  const eq = (key: keyof TaskListArgs, value: unknown): boolean =>
    params[key] === undefined || [params[key]].flat().flatMap((v) => String(v).split(',')).includes(String(value));
  if (!eq('inspectionId', task.inspectionId)) return false;
  if (!eq('customerId', task.customerId)) return false;
  if (!eq('windfarmId', task.windFarmId)) return false;
  if (!eq('taskStageType', task.taskStageTypes[0])) return false;
  if (!eq('taskStatusType', task.taskStatusType)) return false;
  if (!eq('packageType', task.packageType)) return false;
  if (!eq('organizationId', task.organizationId)) return false;
  if (!eq('inspectionStaffId', task.inspectionStaffId)) return false;
  if (!eq('projectType', task.projectType)) return false;
  if (
    params.handleByUserId !== undefined &&
    ![params.handleByUserId]
      .flat()
      .flatMap((v) => String(v).split(','))
      .some((id) => task.handlebyIds.includes(id))
  )
    return false;
  if (params.turbineName !== undefined && !(task.turbineName ?? '').toLowerCase().includes(String(params.turbineName).toLowerCase()))
    return false;
  return true;
}

/** A cached page of a task list (what a change is applied to). */
export type TaskRows = { results: TaskView[]; totalCount: number };

export type ChangeOutcome<P extends TaskRows = TaskRows> =
  /** The row was replaced or removed in place. */
  | { kind: 'updated'; page: P }
  /** A task that now belongs to the list and is not on this page: the list must be fetched again. */
  | { kind: 'refetch' }
  | { kind: 'none' };

/**
 * Applies a `task.changed` item to one cached page of a list: a row on the page is replaced
 * (newer version) or removed when it no longer belongs; a task that newly belongs means a refetch
 * (its place depends on the server's sort and paging). Older or equal versions are ignored.
 */
export function applyTaskChange<P extends TaskRows>(
  page: P,
  task: TaskView,
  kind: TaskListKind,
  params: TaskListArgs,
  userId: string | null | undefined,
): ChangeOutcome<P> {
  const i = page.results.findIndex((r) => r.taskId === task.taskId);
  const belongs = belongsTo(kind, task, userId, params) && matchesParams(task, params);
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
  // Every task belongs to the history list; refetching it for each change elsewhere would make the
  // page jump while someone reads it, so only its rows update in place.
  return belongs && kind !== 'all' ? { kind: 'refetch' } : { kind: 'none' };
}

/** The highest version among tasks (the `since` of a resync). */
export function maxVersion(tasks: readonly Pick<TaskView, 'version'>[], start = 0): number {
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

// ------------------------------------------------------------------ work and review

/** Review stages: QA and FQA (the reviewer posts a QA result instead of completing). */
export const REVIEW_STAGES: readonly number[] = [
  TaskStage.LABELING_QA,
  TaskStage.STITCHING_QA,
  TaskStage.TIMELINE_QA,
  TaskStage.LABELING_FQA,
  TaskStage.STITCHING_FQA,
];

export const isReviewStage = (stage: number | null | undefined): boolean => stage != null && REVIEW_STAGES.includes(stage);

/** Where the work of a task's current stage is done: a standalone tool or the turbine page (hash route and query). */
export function workTarget(
  task: Pick<TaskView, 'taskId' | 'taskStageTypes' | 'windFarmId' | 'turbineId' | 'inspectionId'>,
): { path: string; query: Record<string, string> } | null {
  const stage = task.taskStageTypes[0];
  const taskId = task.taskId;
  switch (stage) {
    case TaskStage.SORT_AND_REMOVE:
      return { path: '/sortAndRemove', query: { taskId } };
    case TaskStage.PRE_LABEL:
    case TaskStage.LABELING:
      return { path: '/labeling', query: { taskId } };
    case TaskStage.LABELING_QA:
    case TaskStage.LABELING_FQA:
      return { path: '/labeling', query: { taskId, mode: 'review' } };
    case TaskStage.STITCHING:
      return { path: '/stitching', query: { taskId } };
    case TaskStage.STITCHING_QA:
    case TaskStage.STITCHING_FQA:
      return { path: '/stitching', query: { taskId, mode: 'review' } };
    case TaskStage.TIMELINE:
    case TaskStage.TIMELINE_QA: {
      // The defect timeline is read on the turbine page of the inspection (asset's selection query names).
      const query: Record<string, string> = {};
      if (task.windFarmId) query.windFarmId = task.windFarmId;
      if (task.turbineId) query.turbineId = task.turbineId;
      if (task.inspectionId) query.inspectionId = task.inspectionId;
      return { path: '/inspection/turbine', query };
    }
    default:
      return null;
  }
}

// ------------------------------------------------------------------ flow settings

/** A stage's time limit in minutes: 1 minute to 365 days (the server's bound, PUT /flow/time-limits). */
export const MIN_STAGE_MINUTES = 1;
export const MAX_STAGE_MINUTES = 525_600;

export function validMinutes(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_STAGE_MINUTES && value <= MAX_STAGE_MINUTES;
}

/** Minutes as days / hours / minutes for reading (`2d 4h`, `45m`). */
export function minutesText(minutes: number, units: { d: string; h: string; m: string }): string {
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts = [d ? `${d}${units.d}` : '', h ? `${h}${units.h}` : '', m ? `${m}${units.m}` : ''].filter(Boolean);
  return parts.join(' ') || `0${units.m}`;
}

/** The limits that differ from the saved ones (what PUT /flow/time-limits needs). */
export function changedLimits(
  saved: readonly { taskStageType: number; minutes: number }[],
  edited: Record<string, number | null | undefined>,
): StageTimeLimitDto[] {
  return saved
    .filter((l) => edited[String(l.taskStageType)] != null && edited[String(l.taskStageType)] !== l.minutes)
    // The saved limits are the server's stages, so their numbers are its TaskStage values.
    .map((l) => ({ taskStageType: l.taskStageType as StageTimeLimitDto['taskStageType'], minutes: edited[String(l.taskStageType)] as number }));
}

/** A change rate (0..n) as a percentage text. */
export const percent = (rate: number | null | undefined): string =>
  typeof rate === 'number' && Number.isFinite(rate) ? `${(rate * 100).toFixed(1)}%` : '–';

// ------------------------------------------------------------------ approval tasks

/** Sort fields of GET /approval-tasks (docs/task-flow.md). */
export const APPROVAL_SORT_FIELDS = [
  'requestTime',
  'processTime',
  'customerName',
  'windfarmName',
  'turbineName',
  'inspectionDate',
  'reInspectionStatus',
] as const;
export type ApprovalSortField = (typeof APPROVAL_SORT_FIELDS)[number];

export interface ApprovalFilters {
  inspectionId?: string;
  customerId?: string;
  windfarmId?: string;
  turbineName?: string;
  /** 0 waiting for a decision, 1 decided. */
  requestStatus?: 0 | 1;
  reInspectionStatus?: number;
  orgId?: string;
}

/** SPEC §3 approval-task filters, page and sort → the list query (empty values left out). */
export function approvalParams(
  f: ApprovalFilters,
  page: PageState,
  sort: { field?: ApprovalSortField; descending?: boolean },
): ReinspectionListApiArg {
  const p: ReinspectionListApiArg = { pageIndex: page.pageIndex, pageSize: page.pageSize };
  if (sort.field) {
    p.fieldToSort = sort.field;
    p.descending = !!sort.descending;
  }
  const text = (v: string | undefined): string | undefined => v?.trim() || undefined;
  const inspectionId = text(f.inspectionId);
  const customerId = text(f.customerId);
  const windfarmId = text(f.windfarmId);
  const turbineName = text(f.turbineName);
  const orgId = text(f.orgId);
  if (inspectionId) p.inspectionId = [inspectionId];
  if (customerId) p.customerId = [customerId];
  if (windfarmId) p.windfarmId = [windfarmId];
  if (turbineName) p.turbineName = turbineName;
  if (f.requestStatus != null) p.requestStatus = [f.requestStatus];
  if (f.reInspectionStatus != null) p.reInspectionStatus = [f.reInspectionStatus];
  if (orgId) p.orgId = [orgId];
  return p;
}
