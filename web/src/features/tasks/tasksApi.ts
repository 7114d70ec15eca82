import { api } from '@/core/api/api';
import {
  taskFlowApi as generated,
  type DashboardSummaryView,
  type TasksAllApiArg,
  type TasksTodayApiArg,
} from '@/core/api/generated/task-flow';
import type { UsersPilotsApiResponse, UsersTaskHandlersApiResponse, CustomersListApiResponse, OrganizationsListApiResponse } from '@/core/api/generated/identity';
import type { ParkListsAllPermittedProjectFarmsApiResponse } from '@/core/api/generated/asset';
import { withFlags } from '@/core/api/requestFlags';

export type * from '@/core/api/generated/task-flow';

/*
 * The task-flow service's calls used by the task screens and the work tools (docs/task-flow.md):
 * the endpoints generated from its OpenAPI document (npm run openapi) with the tags the lists,
 * the live updates and the tools share. Lists page (1-based) and sort on the server; writes and
 * the detail reads are `silent`: the screens translate refusals.
 */

const BASE = '/gw/task/api/v2';

/** The URLs the screens name a refusal by (errorMessage's path) and the change-rate download. */
export const taskPaths = {
  tasks: `${BASE}/tasks`,
  pool: `${BASE}/tasks/pool`,
  mine: `${BASE}/tasks/mine`,
  today: `${BASE}/tasks/today`,
  task: (id: string) => `${BASE}/tasks/${encodeURIComponent(id)}`,
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
} as const;

/** The dashboard's stage cards, in SPEC §4 order. */
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
] as const satisfies readonly (keyof DashboardSummaryView)[];
export type SummaryStage = (typeof SUMMARY_STAGES)[number];

/** The sort fields the task lists offer (the server allows these on GET /tasks, /pool, /mine, /today). */
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

/** The query of a task list: the filters of GET /tasks, /pool and /mine, plus today's day and kind. */
export type TaskListArgs = TasksAllApiArg & Pick<TasksTodayApiArg, 'date' | 'kind'>;

/** The list endpoints the live updates touch: pool, my tasks, every task (history) and today's tasks. */
export type TaskListKind = 'pool' | 'mine' | 'all' | 'today';

/** What a write to a task makes stale. */
const taskWritten = (id: string) => ['TaskList' as const, 'TaskSummary' as const, 'StageCenter' as const, { type: 'TaskDetail' as const, id }];
const ofTask = (id: string) => [{ type: 'TaskDetail' as const, id }];

export const tasksApi = generated
  .enhanceEndpoints({
    addTagTypes: ['TaskList', 'TaskSummary', 'TaskDetail', 'StageCenter', 'ApprovalTasks', 'FlowSettings', 'LabelingQa'],
    endpoints: {
      tasksPool: { providesTags: ['TaskList'] },
      tasksMine: { providesTags: ['TaskList'] },
      tasksAll: { providesTags: ['TaskList'] },
      tasksToday: { providesTags: ['TaskList'] },
      tasksDashboard: { providesTags: ['TaskSummary'] },
      tasksGet: { providesTags: (_r, _e, { id }) => ofTask(id) },
      tasksHistory: { providesTags: (_r, _e, { id }) => ofTask(id) },
      tasksLogs: { providesTags: (_r, _e, { id }) => ofTask(id) },
      // The labeling tool's review reads them too; its QA submission makes them stale.
      qaResults: { providesTags: (_r, _e, { id }) => [...ofTask(id), 'LabelingQa'] },
      qaLabelingHistory: { providesTags: (_r, _e, { id }) => ofTask(id) },
      tasksStageCenter: { providesTags: ['StageCenter'] },
      tasksPick: { invalidatesTags: (_r, _e, { id }) => taskWritten(id) },
      tasksRelease: { invalidatesTags: (_r, _e, { id }) => taskWritten(id) },
      tasksAssign: { invalidatesTags: (_r, _e, { id }) => taskWritten(id) },
      tasksSetStatus: { invalidatesTags: (_r, _e, { id }) => taskWritten(id) },
      tasksRetry: { invalidatesTags: (_r, _e, { id }) => taskWritten(id) },
      tasksComplete: { invalidatesTags: (_r, _e, { id }) => taskWritten(id) },
      tasksSpentTime: { invalidatesTags: [] },
      qaSubmit: { invalidatesTags: (_r, _e, { id }) => [...taskWritten(id), 'LabelingQa'] },
      reinspectionRequest: { invalidatesTags: (_r, _e, { id }) => [...taskWritten(id), 'ApprovalTasks'] },
      reinspectionList: { providesTags: ['ApprovalTasks'] },
      reinspectionApprove: { invalidatesTags: ['ApprovalTasks', 'TaskList', 'TaskSummary', 'StageCenter', 'TaskDetail'] },
      tasksTimeLimits: { providesTags: ['FlowSettings'] },
      tasksSetTimeLimits: { invalidatesTags: ['FlowSettings'] },
      tasksFlowConfigs: { providesTags: ['FlowSettings'] },
      tasksOvertime: { invalidatesTags: ['TaskList', 'TaskSummary', 'StageCenter', 'TaskDetail'] },
      qaChangeRates: { providesTags: [] },
    },
  })
  .enhanceEndpoints({
    endpoints: {
      tasksDashboard: withFlags(),
      tasksGet: withFlags(),
      tasksHistory: withFlags(),
      tasksLogs: withFlags(),
      qaResults: withFlags(),
      qaLabelingHistory: withFlags(),
      tasksPick: withFlags(),
      tasksRelease: withFlags(),
      tasksAssign: withFlags(),
      tasksSetStatus: withFlags(),
      tasksRetry: withFlags(),
      tasksComplete: withFlags(),
      tasksSpentTime: withFlags(),
      qaSubmit: withFlags(),
      reinspectionRequest: withFlags(),
      reinspectionApprove: withFlags(),
      tasksSetTimeLimits: withFlags(),
      tasksOvertime: withFlags(),
    },
  });

export const {
  useTasksPoolQuery,
  useTasksMineQuery,
  useTasksAllQuery,
  useTasksTodayQuery,
  useTasksDashboardQuery,
  useTasksGetQuery,
  useTasksHistoryQuery,
  useTasksLogsQuery,
  useQaResultsQuery,
  useQaLabelingHistoryQuery,
  useTasksStageCenterQuery,
  useTasksPickMutation,
  useTasksReleaseMutation,
  useTasksAssignMutation,
  useTasksSetStatusMutation,
  useTasksRetryMutation,
  useTasksCompleteMutation,
  useTasksSpentTimeMutation,
  useQaSubmitMutation,
  useReinspectionRequestMutation,
  useReinspectionListQuery,
  useReinspectionApproveMutation,
  useTasksTimeLimitsQuery,
  useTasksSetTimeLimitsMutation,
  useTasksFlowConfigsQuery,
  useTasksOvertimeMutation,
  useQaChangeRatesQuery,
} = tasksApi;

// ------------------------------------------------------------------ other services' lookups

/*
 * The filter options of the task screens come from identity's and asset's generated endpoints'
 * URLs and types, as endpoints of their own: the screens need them as plain lists, `silent`, and
 * (organizations, pilots) as no options on 403 — flags the same generated endpoints must not get
 * for the user center and asset screens, which share the one api.
 */

/** A user identity lists (task handlers, pilots). */
export type UserOption = Pick<UsersTaskHandlersApiResponse['results'][number], 'userId' | 'username' | 'displayName'>;
export type OrganizationOption = Pick<OrganizationsListApiResponse['results'][number], 'organizationGuid' | 'organizationName'>;
export type CustomerOption = Pick<CustomersListApiResponse['results'][number], 'customerId' | 'customerName'>;
export type ParkOption = Pick<ParkListsAllPermittedProjectFarmsApiResponse[number], 'windFarmId' | 'windFarmName' | 'customerId'>;

/** Task handlers, optionally only those who may handle a task of a customer and park (docs/roles.md). */
export interface HandlerQuery {
  keyword: string;
  customerId?: string | null;
  windFarmId?: string | null;
}

const lookups = {
  customers: '/context/api/v2/Customers',
  parks: '/gw/asset/api/v2/windPark/allPermittedProjectFarms',
  taskHandlers: '/context/api/v1/users/task-handlers',
  organizations: '/context/api/v2/organizations',
  pilots: (userId: string) => `/context/api/v1/users/${encodeURIComponent(userId)}/pilots`,
} as const;

/** A page's rows; null (a 403 with nullOn403) is no rows. */
const rowsOf = <T>(r: { results: T[] } | null): T[] => r?.results ?? [];

export const taskLookupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    taskHandlers: build.query<UserOption[], string | HandlerQuery>({
      query: (q) => {
        const { keyword, customerId, windFarmId } = typeof q === 'string' ? { keyword: q } : q;
        return {
          url: lookups.taskHandlers,
          params: { pageIndex: 1, pageSize: 50, keyword: keyword || undefined, customerId: customerId ?? undefined, windFarmId: windFarmId ?? undefined },
          silent: true,
        };
      },
      transformResponse: (r: UsersTaskHandlersApiResponse | null) => rowsOf(r),
    }),
    pilots: build.query<UserOption[], string>({
      query: (userId) => ({ url: lookups.pilots(userId), params: { pageIndex: 1, pageSize: 500 }, silent: true, nullOn403: true }),
      transformResponse: (r: UsersPilotsApiResponse | null) => rowsOf(r),
    }),
    // Named apart from user-center's `organizations` (paged, with arguments): endpoints of one api share one namespace.
    taskOrganizations: build.query<OrganizationOption[], void>({
      // Only holders of organizationList.show may list them; the others get no organization filter options.
      query: () => ({ url: lookups.organizations, params: { pageIndex: 1, pageSize: 500 }, silent: true, nullOn403: true }),
      transformResponse: (r: OrganizationsListApiResponse | null) => rowsOf(r),
    }),
    taskCustomers: build.query<CustomerOption[], void>({
      query: () => ({ url: lookups.customers, params: { pageIndex: 1, pageSize: 500 }, silent: true }),
      transformResponse: (r: CustomersListApiResponse | null) => rowsOf(r),
    }),
    taskParks: build.query<ParkOption[], void>({
      query: () => ({ url: lookups.parks, silent: true }),
      transformResponse: (r: ParkListsAllPermittedProjectFarmsApiResponse | null) => r ?? [],
    }),
  }),
});

export const { useTaskHandlersQuery, usePilotsQuery, useTaskOrganizationsQuery, useTaskCustomersQuery, useTaskParksQuery } = taskLookupsApi;
