import { api } from '@/app/api/api';
import type { PageResult } from './contracts';

/*
 * The task-flow service's calls used by the task screens (docs/task-flow.md). Lists page
 * (1-based) and sort on the server; writes are `silent`: the screens translate refusals.
 */

const BASE = '/gw/task/api/v2';

export const taskPaths = {
  tasks: `${BASE}/tasks`,
  pool: `${BASE}/tasks/pool`,
  mine: `${BASE}/tasks/mine`,
  summary: `${BASE}/tasks/dashboard-summary`,
  stageCenter: `${BASE}/tasks/stage-center`,
  task: (id: string) => `${BASE}/tasks/${encodeURIComponent(id)}`,
  history: (id: string) => `${BASE}/tasks/${encodeURIComponent(id)}/history`,
  pick: (id: string) => `${BASE}/tasks/${encodeURIComponent(id)}/pick`,
  release: (id: string) => `${BASE}/tasks/${encodeURIComponent(id)}/release`,
  customers: '/context/api/v2/Customers',
  parks: '/gw/asset/api/v2/windPark/allPermittedProjectFarms',
} as const;

/** SPEC §3 task item plus ids, the current stage's status and the version (docs/task-flow.md). */
export interface TaskItem {
  taskId: string;
  inspectionId: string | null;
  uploadTaskId: string | null;
  customerId: string | null;
  customerName: string | null;
  windFarmId: string | null;
  windfarmName: string | null;
  turbineId: string | null;
  turbineName: string | null;
  handlebyIds: string[];
  handlebyNames: string[];
  taskStageTypes: number[];
  taskStageStatus: number | null;
  taskStatusType: number;
  updateTime: string | null;
  createTime: string | null;
  completeTime: string | null;
  inspectionDate: string | null;
  packageType: number | null;
  uploadedTime: string | null;
  organizationId: string | null;
  organizationName: string | null;
  inspectionStaffId: string | null;
  inspectionStaffName: string | null;
  projectType: number | null;
  campaignId: string | null;
  features: string[] | null;
  version: number;
}

export interface TaskStageRow {
  taskStageId: string;
  taskStageType: number;
  status: number;
  handlerId: string | null;
  handlerName: string | null;
  readyTime: string | null;
  startTime: string | null;
  completeTime: string | null;
  deadline: string | null;
  errorMessage: string | null;
  progressMessage: string | null;
}

export interface TaskDetail extends TaskItem {
  uploadFileUri: string | null;
  droneId: string | null;
  stages: TaskStageRow[];
}

export interface TaskHistoryItem {
  time: string;
  stage: number | null;
  handlerName: string | null;
  stageStatus: number | null;
  message: string | null;
  action: string | null;
  operatorName: string | null;
}

export interface StageInfo {
  total: number;
  abnormal: number;
  status: 'normal' | 'abnormal';
}

export const SUMMARY_STAGES = [
  'upload',
  'autoprocessing',
  'filtering',
  'labeling',
  'labelingQA',
  'labelingFQA',
  'stitching',
  'stitchingQA',
  'stitchingFQA',
] as const;
export type SummaryStage = (typeof SUMMARY_STAGES)[number];

export type DashboardSummary = { todayNewTaskCount: number; todayCompletedTaskCount: number } & Record<SummaryStage, StageInfo>;

export type TaskSortField =
  | 'updateTime'
  | 'createTime'
  | 'inspectionDate'
  | 'uploadedTime'
  | 'customerName'
  | 'windfarmName'
  | 'turbineName'
  | 'taskStatusType'
  | 'taskStageTypes'
  | 'packageType';

export type TaskQueryParams = Record<string, string | number | boolean | undefined>;

export interface StageCenterRow {
  taskStageId: string;
  taskId: string;
  taskStageType: number;
  status: number;
  windfarmName: string | null;
  turbineName: string | null;
  handlerName: string | null;
  readyTime: string | null;
  startTime: string | null;
  deadline: string | null;
  [key: string]: unknown;
}

export interface StageCenterResult extends PageResult<StageCenterRow> {
  sortAndRemoveCount: number;
  labelingCount: number;
  labelingQACount: number;
  stitchingCount: number;
  stitchingQACount: number;
}

export interface CustomerOption {
  customerId: string;
  customerName: string;
}

export interface ParkOption {
  windFarmId: string;
  windFarmName: string;
  customerId: string;
}

/** The list endpoints the live updates touch. */
export type TaskListKind = 'pool' | 'mine';

const tasksApiBase = api.enhanceEndpoints({ addTagTypes: ['TaskList', 'TaskSummary', 'TaskDetail', 'StageCenter'] });

export const tasksApi = tasksApiBase.injectEndpoints({
  endpoints: (build) => ({
    taskPool: build.query<PageResult<TaskItem>, TaskQueryParams>({
      query: (params) => ({ url: taskPaths.pool, params }),
      providesTags: ['TaskList'],
    }),
    myTasks: build.query<PageResult<TaskItem>, TaskQueryParams>({
      query: (params) => ({ url: taskPaths.mine, params }),
      providesTags: ['TaskList'],
    }),
    dashboardSummary: build.query<DashboardSummary, void>({
      query: () => ({ url: taskPaths.summary, silent: true }),
      providesTags: ['TaskSummary'],
    }),
    task: build.query<TaskDetail, string>({
      query: (id) => ({ url: taskPaths.task(id), silent: true }),
      providesTags: (_r, _e, id) => [{ type: 'TaskDetail', id }],
    }),
    taskHistory: build.query<PageResult<TaskHistoryItem>, string>({
      query: (id) => ({ url: taskPaths.history(id), params: { pageIndex: 1, pageSize: 500 }, silent: true }),
      providesTags: (_r, _e, id) => [{ type: 'TaskDetail', id }],
    }),
    stageCenter: build.query<StageCenterResult, TaskQueryParams>({
      query: (params) => ({ url: taskPaths.stageCenter, params }),
      providesTags: ['StageCenter'],
    }),
    pickTask: build.mutation<TaskDetail, string>({
      query: (id) => ({ url: taskPaths.pick(id), method: 'POST', silent: true }),
      invalidatesTags: (_r, _e, id) => ['TaskList', 'TaskSummary', 'StageCenter', { type: 'TaskDetail', id }],
    }),
    releaseTask: build.mutation<TaskDetail, string>({
      query: (id) => ({ url: taskPaths.release(id), method: 'POST', silent: true }),
      invalidatesTags: (_r, _e, id) => ['TaskList', 'TaskSummary', 'StageCenter', { type: 'TaskDetail', id }],
    }),
    taskCustomers: build.query<CustomerOption[], void>({
      query: () => ({ url: taskPaths.customers, params: { pageIndex: 1, pageSize: 500 }, silent: true }),
      transformResponse: (r: PageResult<CustomerOption> | CustomerOption[] | null) => (Array.isArray(r) ? r : (r?.results ?? [])),
    }),
    taskParks: build.query<ParkOption[], void>({
      query: () => ({ url: taskPaths.parks, silent: true }),
      transformResponse: (r: ParkOption[] | PageResult<ParkOption> | null) => (Array.isArray(r) ? r : (r?.results ?? [])),
    }),
  }),
});

export const {
  useTaskPoolQuery,
  useMyTasksQuery,
  useDashboardSummaryQuery,
  useTaskQuery,
  useTaskHistoryQuery,
  useStageCenterQuery,
  usePickTaskMutation,
  useReleaseTaskMutation,
  useTaskCustomersQuery,
  useTaskParksQuery,
} = tasksApi;
