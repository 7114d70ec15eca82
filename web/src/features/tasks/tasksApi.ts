import { api } from '@/core/api/api';
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
  today: `${BASE}/tasks/today`,
  summary: `${BASE}/tasks/dashboard-summary`,
  stageCenter: `${BASE}/tasks/stage-center`,
  task: (id: string) => `${BASE}/tasks/${encodeURIComponent(id)}`,
  history: (id: string) => `${BASE}/tasks/${encodeURIComponent(id)}/history`,
  logs: (id: string) => `${BASE}/tasks/${encodeURIComponent(id)}/logs`,
  qa: (id: string) => `${BASE}/tasks/${encodeURIComponent(id)}/qa`,
  labelingHistory: (id: string) => `${BASE}/tasks/${encodeURIComponent(id)}/labeling-history`,
  pick: (id: string) => `${BASE}/tasks/${encodeURIComponent(id)}/pick`,
  release: (id: string) => `${BASE}/tasks/${encodeURIComponent(id)}/release`,
  handler: (id: string) => `${BASE}/tasks/${encodeURIComponent(id)}/handler`,
  status: (id: string) => `${BASE}/tasks/${encodeURIComponent(id)}/status`,
  complete: (id: string, stage: number) => `${BASE}/tasks/${encodeURIComponent(id)}/stages/${stage}/complete`,
  retry: (id: string, stage: number) => `${BASE}/tasks/${encodeURIComponent(id)}/stages/${stage}/retry`,
  reinspection: (id: string) => `${BASE}/tasks/${encodeURIComponent(id)}/reinspection`,
  approvalTasks: `${BASE}/approval-tasks`,
  approve: `${BASE}/approval-tasks/approve`,
  timeLimits: `${BASE}/flow/time-limits`,
  flowConfigs: `${BASE}/flow/configs`,
  overtimeCheck: `${BASE}/admin/overtime-check`,
  changeRate: `${BASE}/statistics/change-rate`,
  changeRateExport: `${BASE}/statistics/change-rate/export`,
  customers: '/context/api/v2/Customers',
  parks: '/gw/asset/api/v2/windPark/allPermittedProjectFarms',
  taskHandlers: '/context/api/v1/users/task-handlers',
  organizations: '/context/api/v2/organizations',
  pilots: (userId: string) => `/context/api/v1/users/${encodeURIComponent(userId)}/pilots`,
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
  /** What happened (contracts TaskLogKind) with its parameters: render with taskLogText. */
  kind?: string | null;
  params?: Record<string, string | number> | null;
  /** What a user typed with it; on lines older than kinds, their stored text. */
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
  | 'packageType'
  | 'organizationName'
  | 'inspectionStaffName';

export type TaskQueryParams = Record<string, string | number | boolean | undefined>;

export interface StageCenterRow {
  taskStageId: string;
  taskId: string;
  taskStageType: number;
  status: number;
  windfarmName: string | null;
  turbineName: string | null;
  handlerId?: string | null;
  handlerName: string | null;
  readyTime: string | null;
  startTime: string | null;
  deadline: string | null;
  taskStatusType?: number | null;
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

/** SPEC §3 task log item (docs/task-flow.md). */
export interface TaskLogItem {
  logId: string;
  logName: string;
  logType: string;
  droneId: string | null;
  logFileUri: string;
  createTime: string | null;
}

export interface ChangeCountsView {
  added: number;
  deleted: number;
  modified: number;
  correct: number;
}

/** One QA result (task-level rows have `defectId: null`). */
export interface QaResultItem {
  qaResultId: string;
  taskStageType: number;
  reviewedStageType: number;
  result: number;
  defectId: string | null;
  comments: string | null;
  reviewerId: string | null;
  reviewerName: string | null;
  labelerId: string | null;
  labelerName: string | null;
  counts: ChangeCountsView;
  time: string;
}

export interface LabelingHistoryItem {
  time: string;
  action: string;
  stage: number | null;
  operatorId: string | null;
  operatorName: string | null;
  handlerName: string | null;
  kind?: string | null;
  params?: Record<string, string | number> | null;
  message: string | null;
}

export interface QaSubmission {
  result: number;
  comments?: string;
  stage?: number;
  counts?: ChangeCountsView;
}

/** SPEC §3 approval task (plus the ids the server adds). */
export interface ApprovalTask {
  requestId: string;
  taskId: string;
  inspectionId: string | null;
  customerName: string | null;
  windfarmName: string | null;
  turbineName: string | null;
  inspectionDate: string | null;
  requester: string | null;
  requesterId: string | null;
  requestTime: string | null;
  sourceUrl: string | null;
  processor: string | null;
  processorId: string | null;
  processTime: string | null;
  /** 0 waiting for a decision, 1 decided. */
  requestStatus: number;
  requestComments: string | null;
  approved: boolean | null;
  processComments: string | null;
  reInspectionStatus: number;
  orgName: string | null;
  pilot: string | null;
}

export interface ApprovalTasksResult extends PageResult<ApprovalTask> {
  processingCount: number;
}

export interface ApproveRequest {
  inspectionId: string;
  approved: boolean;
  processComments: string;
}

export interface TimeLimit {
  taskStageType: number;
  minutes: number;
}

export interface FlowConfigView {
  componentType: number;
  features: string[];
  taskStages?: number[] | null;
}

export interface CustomerFlowConfigs {
  customerId: string;
  customerName: string;
  flowConfigs: FlowConfigView[];
}

export type ChangeRateGroup = 'labeler' | 'reviewer';

export interface ChangeRateRow extends ChangeCountsView {
  userId: string;
  userName: string | null;
  reviewCount: number;
  failCount: number;
  changeRate: number;
  changeRateWithoutDeletions: number;
}

export interface ChangeRateResult {
  groupBy: ChangeRateGroup;
  results: ChangeRateRow[];
  totalCount: number;
}

/** A user identity lists (task handlers, pilots). */
export interface HandlerQuery {
  keyword: string;
  customerId?: string | null;
  windFarmId?: string | null;
}

export interface UserOption {
  userId: string;
  username: string;
  displayName: string | null;
}

export interface OrganizationOption {
  organizationGuid: string;
  organizationName: string;
}

/** The list endpoints the live updates touch: pool, my tasks, every task (history) and today's tasks. */
export type TaskListKind = 'pool' | 'mine' | 'all' | 'today';

const tasksApiBase = api.enhanceEndpoints({
  addTagTypes: ['TaskList', 'TaskSummary', 'TaskDetail', 'StageCenter', 'ApprovalTasks', 'FlowSettings'],
});

/** What a write to a task makes stale. */
const taskWritten = (id: string) => [
  'TaskList' as const,
  'TaskSummary' as const,
  'StageCenter' as const,
  { type: 'TaskDetail' as const, id },
];
const listOf = <T>(r: PageResult<T> | T[] | null): T[] => (Array.isArray(r) ? r : (r?.results ?? []));

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
    allTasks: build.query<PageResult<TaskItem>, TaskQueryParams>({
      query: (params) => ({ url: taskPaths.tasks, params }),
      providesTags: ['TaskList'],
    }),
    todayTasks: build.query<PageResult<TaskItem>, TaskQueryParams>({
      query: (params) => ({ url: taskPaths.today, params }),
      providesTags: ['TaskList'],
    }),
    /** The summary of a UTC day (`YYYY-MM-DD`, default today). */
    dashboardSummary: build.query<DashboardSummary, string | void>({
      query: (date) => ({ url: taskPaths.summary, params: date ? { date } : undefined, silent: true }),
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
    taskLogs: build.query<PageResult<TaskLogItem>, string>({
      query: (id) => ({ url: taskPaths.logs(id), silent: true }),
      providesTags: (_r, _e, id) => [{ type: 'TaskDetail', id }],
    }),
    taskQaResults: build.query<PageResult<QaResultItem>, string>({
      query: (id) => ({ url: taskPaths.qa(id), silent: true }),
      providesTags: (_r, _e, id) => [{ type: 'TaskDetail', id }],
    }),
    labelingHistory: build.query<PageResult<LabelingHistoryItem>, string>({
      query: (id) => ({ url: taskPaths.labelingHistory(id), silent: true }),
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
    assignHandler: build.mutation<TaskDetail, { taskId: string; userId: string }>({
      query: ({ taskId, userId }) => ({ url: taskPaths.handler(taskId), method: 'PUT', body: { userId }, silent: true }),
      invalidatesTags: (_r, _e, a) => taskWritten(a.taskId),
    }),
    setTaskStatus: build.mutation<TaskDetail, { taskId: string; status: number }>({
      query: ({ taskId, status }) => ({ url: taskPaths.status(taskId), method: 'PUT', body: { status }, silent: true }),
      invalidatesTags: (_r, _e, a) => taskWritten(a.taskId),
    }),
    retryStage: build.mutation<TaskDetail, { taskId: string; stage: number }>({
      query: ({ taskId, stage }) => ({ url: taskPaths.retry(taskId, stage), method: 'POST', silent: true }),
      invalidatesTags: (_r, _e, a) => taskWritten(a.taskId),
    }),
    completeStage: build.mutation<TaskDetail, { taskId: string; stage: number }>({
      query: ({ taskId, stage }) => ({ url: taskPaths.complete(taskId, stage), method: 'POST', silent: true }),
      invalidatesTags: (_r, _e, a) => taskWritten(a.taskId),
    }),
    submitQa: build.mutation<TaskDetail, { taskId: string; body: QaSubmission }>({
      query: ({ taskId, body }) => ({ url: taskPaths.qa(taskId), method: 'POST', body, silent: true }),
      invalidatesTags: (_r, _e, a) => taskWritten(a.taskId),
    }),
    requestReinspection: build.mutation<TaskDetail, { taskId: string; requestComments: string; sourceUrl?: string }>({
      query: ({ taskId, ...body }) => ({ url: taskPaths.reinspection(taskId), method: 'POST', body, silent: true }),
      invalidatesTags: (_r, _e, a) => [...taskWritten(a.taskId), 'ApprovalTasks'],
    }),
    approvalTasks: build.query<ApprovalTasksResult, TaskQueryParams>({
      query: (params) => ({ url: taskPaths.approvalTasks, params }),
      providesTags: ['ApprovalTasks'],
    }),
    approveReinspection: build.mutation<TaskDetail, ApproveRequest>({
      query: (body) => ({ url: taskPaths.approve, method: 'PUT', body, silent: true }),
      invalidatesTags: ['ApprovalTasks', 'TaskList', 'TaskSummary', 'StageCenter', 'TaskDetail'],
    }),
    timeLimits: build.query<TimeLimit[], void>({
      query: () => ({ url: taskPaths.timeLimits }),
      providesTags: ['FlowSettings'],
    }),
    saveTimeLimits: build.mutation<TimeLimit[], TimeLimit[]>({
      query: (limits) => ({ url: taskPaths.timeLimits, method: 'PUT', body: { limits }, silent: true }),
      invalidatesTags: ['FlowSettings'],
    }),
    flowConfigs: build.query<CustomerFlowConfigs[], void>({
      query: () => ({ url: taskPaths.flowConfigs }),
      providesTags: ['FlowSettings'],
    }),
    runOvertimeCheck: build.mutation<{ overtimeStages: number }, void>({
      query: () => ({ url: taskPaths.overtimeCheck, method: 'POST', silent: true }),
      invalidatesTags: ['TaskList', 'TaskSummary', 'StageCenter', 'TaskDetail'],
    }),
    changeRates: build.query<ChangeRateResult, TaskQueryParams>({
      query: (params) => ({ url: taskPaths.changeRate, params }),
    }),
    /** Task handlers; with a task's customer and park only those who may handle it (docs/roles.md). */
    taskHandlers: build.query<UserOption[], string | HandlerQuery>({
      query: (q) => {
        const { keyword, customerId, windFarmId } = typeof q === 'string' ? { keyword: q } : q;
        return {
          url: taskPaths.taskHandlers,
          params: { pageIndex: 1, pageSize: 50, keyword: keyword || undefined, customerId: customerId ?? undefined, windFarmId: windFarmId ?? undefined },
          silent: true,
        };
      },
      transformResponse: (r: PageResult<UserOption> | UserOption[] | null) => listOf(r),
    }),
    pilots: build.query<UserOption[], string>({
      query: (userId) => ({ url: taskPaths.pilots(userId), params: { pageIndex: 1, pageSize: 500 }, silent: true, nullOn403: true }),
      transformResponse: (r: PageResult<UserOption> | UserOption[] | null) => listOf(r),
    }),
    // Named apart from user-center's `organizations` (paged, with arguments): endpoints of one api share one namespace.
    taskOrganizations: build.query<OrganizationOption[], void>({
      // Only holders of organizationList.show may list them; the others get no organization filter options.
      query: () => ({ url: taskPaths.organizations, params: { pageIndex: 1, pageSize: 500 }, silent: true, nullOn403: true }),
      transformResponse: (r: PageResult<OrganizationOption> | OrganizationOption[] | null) => listOf(r),
    }),
    taskCustomers: build.query<CustomerOption[], void>({
      query: () => ({ url: taskPaths.customers, params: { pageIndex: 1, pageSize: 500 }, silent: true }),
      transformResponse: (r: PageResult<CustomerOption> | CustomerOption[] | null) => listOf(r),
    }),
    taskParks: build.query<ParkOption[], void>({
      query: () => ({ url: taskPaths.parks, silent: true }),
      transformResponse: (r: ParkOption[] | PageResult<ParkOption> | null) => listOf(r),
    }),
  }),
});

export const {
  useTaskPoolQuery,
  useMyTasksQuery,
  useAllTasksQuery,
  useTodayTasksQuery,
  useDashboardSummaryQuery,
  useTaskQuery,
  useTaskHistoryQuery,
  useTaskLogsQuery,
  useTaskQaResultsQuery,
  useLabelingHistoryQuery,
  useStageCenterQuery,
  usePickTaskMutation,
  useReleaseTaskMutation,
  useAssignHandlerMutation,
  useSetTaskStatusMutation,
  useRetryStageMutation,
  useCompleteStageMutation,
  useSubmitQaMutation,
  useRequestReinspectionMutation,
  useApprovalTasksQuery,
  useApproveReinspectionMutation,
  useTimeLimitsQuery,
  useSaveTimeLimitsMutation,
  useFlowConfigsQuery,
  useRunOvertimeCheckMutation,
  useChangeRatesQuery,
  useTaskHandlersQuery,
  usePilotsQuery,
  useTaskOrganizationsQuery,
  useTaskCustomersQuery,
  useTaskParksQuery,
} = tasksApi;
