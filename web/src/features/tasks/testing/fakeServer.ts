import { jsonResponse } from '@/test/renderApp';
import { recordingFetch, type FakeCall } from '@/test/fakeFetch';
import type { ApprovalTaskView, DashboardSummaryView, QaResultView, TaskHistoryView, TaskView, TaskLogView, StageTimeLimitView } from '../tasksApi';
import { taskItem, taskStage } from '@/test/fixtures/task';

export type Call = FakeCall;

const info = (total: number, abnormal = 0) => ({ total, abnormal, status: abnormal ? 'abnormal' : 'normal' }) as const;

export const SUMMARY: DashboardSummaryView = {
  todayNewTaskCount: 7,
  todayCompletedTaskCount: 3,
  upload: info(1),
  autoprocessing: info(2),
  filtering: info(4, 1),
  labeling: info(5),
  labelingQA: info(0),
  labelingFQA: info(0),
  stitching: info(0),
  stitchingQA: info(0),
  stitchingFQA: info(0),
};

/** As task-flow answers: kinds with parameters; `message` only holds what a user typed. */
export const HISTORY: TaskHistoryView[] = [
  {
    time: '2026-11-20T09:00:00.000Z',
    stage: 1,
    handlerName: null,
    stageStatus: 5,
    kind: 'NO_UPLOAD_NEEDED',
    params: null,
    message: '',
    action: null,
    operatorName: 'system',
  },
  {
    time: '2026-11-20T09:30:00.000Z',
    stage: 3,
    handlerName: 'Ada Lovelace',
    stageStatus: 4,
    kind: 'PICKED',
    params: null,
    message: '',
    action: 'PICK',
    operatorName: 'Ada Lovelace',
  },
  {
    time: '2026-11-20T10:00:00.000Z',
    stage: null,
    handlerName: null,
    stageStatus: null,
    kind: 'TASK_STATUS_CHANGED',
    params: { from: 1, to: 3 },
    message: '',
    action: null,
    operatorName: 'system',
  },
  {
    time: '2026-11-20T11:00:00.000Z',
    stage: 5,
    handlerName: 'Grace Hopper',
    stageStatus: 4,
    kind: 'QA_RESULT',
    params: { result: 3 },
    message: '轮廓需要修改',
    action: 'QA_RESULT_ANALYSIS',
    operatorName: 'Grace Hopper',
  },
  {
    time: '2026-11-20T11:00:01.000Z',
    stage: 4,
    handlerName: 'Ada Lovelace',
    stageStatus: 4,
    kind: 'RETURNED',
    params: { stage: 4 },
    message: '轮廓需要修改',
    action: 'REQUEST_RETURN',
    operatorName: 'Grace Hopper',
  },
];

export const LOGS: TaskLogView[] = [
  {
    logId: 'l-1',
    logName: 'flight-0001.bag',
    logType: 'rosbag',
    droneId: 'DR-7',
    logFileUri: 's3://logs/flight-0001.bag',
    createTime: '2026-11-20T09:05:00.000Z',
  },
];

export const QA_RESULTS: QaResultView[] = [
  {
    qaResultId: 'q-1',
    taskStageType: 5,
    reviewedStageType: 4,
    result: 3,
    defectId: null,
    comments: 'Crack on blade B missed',
    reviewerId: 'u-9',
    reviewerName: 'Grace Hopper',
    labelerId: 'u-1',
    labelerName: 'Ada Lovelace',
    counts: { added: 2, deleted: 1, modified: 3, correct: 10 },
    time: '2026-11-20T11:00:00.000Z',
  },
];

export const APPROVALS: ApprovalTaskView[] = [
  {
    requestId: 'r-1',
    taskId: '03',
    inspectionId: 'insp-03',
    customerName: 'North Sea Wind',
    windfarmName: 'Dogger Bank North',
    turbineName: 'DBN-03',
    inspectionDate: '2026-11-19',
    requester: 'Ada Lovelace',
    requesterId: 'u-1',
    requestTime: '2026-11-20T12:00:00.000Z',
    sourceUrl: null,
    processor: null,
    processorId: null,
    processTime: null,
    requestStatus: 0,
    requestComments: 'Images of blade C are blurred',
    approved: null,
    processComments: null,
    reInspectionStatus: 1,
    orgName: 'Sky Pilots',
    pilot: 'Pilot One',
  },
  {
    requestId: 'r-2',
    taskId: '07',
    inspectionId: 'insp-07',
    customerName: 'North Sea Wind',
    windfarmName: 'Dogger Bank North',
    turbineName: 'DBN-07',
    inspectionDate: '2026-11-18',
    requester: 'Ada Lovelace',
    requesterId: 'u-1',
    requestTime: '2026-11-19T12:00:00.000Z',
    sourceUrl: 'https://example.com/evidence',
    processor: 'Grace Hopper',
    processorId: 'u-9',
    processTime: '2026-11-19T15:00:00.000Z',
    requestStatus: 1,
    requestComments: 'Tower missing',
    approved: false,
    processComments: 'The tower images are fine',
    reInspectionStatus: 3,
    orgName: 'Sky Pilots',
    pilot: 'Pilot One',
  },
  {
    // Decided by someone else meanwhile: the server refuses a second decision.
    requestId: 'r-3',
    taskId: '08',
    inspectionId: 'insp-08',
    customerName: 'North Sea Wind',
    windfarmName: 'Dogger Bank North',
    turbineName: 'DBN-08',
    inspectionDate: '2026-11-18',
    requester: 'Ada Lovelace',
    requesterId: 'u-1',
    requestTime: '2026-11-18T12:00:00.000Z',
    sourceUrl: null,
    processor: null,
    processorId: null,
    processTime: null,
    requestStatus: 0,
    requestComments: 'Nacelle photos missing',
    approved: null,
    processComments: null,
    reInspectionStatus: 1,
    orgName: 'Sky Pilots',
    pilot: 'Pilot One',
  },
];

const DEFAULT_LIMITS: StageTimeLimitView[] = [1, 2, 3, 10, 4, 5, 11, 6, 7, 12, 8, 9].map((s) => ({
  taskStageType: s,
  minutes: s === 2 ? 240 : s === 4 || s === 6 ? 2880 : 1440,
}));

export const HANDLERS = [
  { userId: 'u-1', username: 'ada', displayName: 'Ada Lovelace', roles: [4], organizationId: null },
  { userId: 'u-2', username: 'data-admin', displayName: 'Data Admin', roles: [92], organizationId: null },
];

const err = (status: number, code: string, message: string) => jsonResponse(status, { code, message });

/**
 * A task-flow double: pool, mine, every task, today's, summary, detail, history, logs, QA results,
 * pick (the second picker loses), release, admin writes, QA, re-inspection, approvals, flow
 * settings and change rates; identity's task handlers, organizations and pilots.
 */
export function tasksFetch() {
  const pool: TaskView[] = [taskItem({ taskId: '01' }), taskItem({ taskId: '02', version: 11, features: ['stitching'] })];
  const mine: TaskView[] = [
    taskItem({ taskId: '03', taskStageTypes: [4], taskStageStatus: 4, handlebyIds: ['u-1'], handlebyNames: ['Ada Lovelace'] }),
    taskItem({ taskId: '04', taskStageTypes: [5], taskStageStatus: 4, handlebyIds: ['u-1'], handlebyNames: ['Ada Lovelace'] }),
  ];
  const done: TaskView[] = [
    taskItem({ taskId: '05', taskStageTypes: [5], taskStageStatus: 5, taskStatusType: 2, completeTime: '2026-11-20T16:00:00.000Z' }),
    taskItem({ taskId: '06', taskStageTypes: [6], taskStageStatus: 6, taskStatusType: 3, features: ['stitching'] }),
  ];
  const limits: StageTimeLimitView[] = DEFAULT_LIMITS.map((l) => ({ ...l }));
  const page = (rows: unknown[]) => ({ results: rows, totalCount: rows.length });
  const { fetchMock, calls } = recordingFetch(async (call, url) => {
    const { method } = call;
    const body = call.body as Record<string, unknown> | undefined;
    const p = url.pathname;
    const all = [...pool, ...mine, ...done];
    if (p.endsWith('/tasks/pool')) return jsonResponse(200, page(pool));
    if (p.endsWith('/tasks/mine')) return jsonResponse(200, page(mine));
    if (p.endsWith('/tasks/today')) {
      // Rows of the asked day, as the server's membership rule (created / completed that UTC day) has them.
      const day = url.searchParams.get('date') ?? new Date().toISOString().slice(0, 10);
      const kind = url.searchParams.get('kind') ?? 'all';
      const created = pool.map((r) => ({ ...r, createTime: `${day}T07:00:00.000Z` }));
      const completed = [{ ...done[0]!, completeTime: `${day}T16:00:00.000Z` }];
      return jsonResponse(200, page(kind === 'completed' ? completed : kind === 'new' ? created : [...created, ...completed]));
    }
    if (p.endsWith('/task/api/v2/tasks')) return jsonResponse(200, page(all));
    if (p.endsWith('/tasks/dashboard-summary')) return jsonResponse(200, SUMMARY);
    if (p.endsWith('/tasks/stage-center'))
      return jsonResponse(200, {
        sortAndRemoveCount: 2,
        labelingCount: 1,
        labelingQACount: 0,
        stitchingCount: 0,
        stitchingQACount: 0,
        results: [
          {
            taskStageId: 'st-1',
            taskId: '01',
            taskStageType: 3,
            status: 7,
            windfarmName: 'Dogger Bank North',
            turbineName: 'DBN-01',
            handlerId: null,
            handlerName: null,
            readyTime: null,
            startTime: null,
            deadline: null,
            taskStatusType: 4,
          },
          {
            taskStageId: 'st-6',
            taskId: '06',
            taskStageType: 6,
            status: 6,
            windfarmName: 'Dogger Bank North',
            turbineName: 'DBN-06',
            handlerId: null,
            handlerName: null,
            readyTime: null,
            startTime: null,
            deadline: null,
            taskStatusType: 3,
          },
        ],
        totalCount: 2,
      });
    if (p.endsWith('/approval-tasks')) {
      const status = url.searchParams.get('requestStatus');
      const rows = status == null ? APPROVALS : APPROVALS.filter((a) => String(a.requestStatus) === status);
      return jsonResponse(200, { ...page(rows), processingCount: APPROVALS.filter((a) => a.requestStatus === 0).length });
    }
    if (p.endsWith('/approval-tasks/approve')) {
      if (typeof body?.processComments !== 'string' || !body.processComments.trim())
        return err(400, 'REINSPECTION_REASON_REQUIRED', "Reasons for approval to re-inspection can't be empty");
      if (body.inspectionId === 'insp-03') return jsonResponse(200, { ...mine[0], stages: [] });
      return err(409, 'ILLEGAL_TRANSITION', 'Illegal transition');
    }
    if (p.endsWith('/flow/time-limits')) {
      if (method === 'PUT') {
        const asked = (body?.limits ?? []) as StageTimeLimitView[];
        if (asked.some((l) => !Number.isInteger(l.minutes) || l.minutes < 1 || l.minutes > 525600))
          return err(400, 'VALIDATION_FAILED', 'Validation failed');
        for (const l of asked) limits.find((x) => x.taskStageType === l.taskStageType)!.minutes = l.minutes;
      }
      return jsonResponse(200, limits);
    }
    if (p.endsWith('/flow/configs'))
      return jsonResponse(200, [
        {
          customerId: 'c-1',
          customerName: 'North Sea Wind',
          flowConfigs: [{ componentType: 1, features: ['stitching', 'prelabel'], taskStages: [] }],
        },
        { customerId: 'c-2', customerName: 'Steppe Power', flowConfigs: [] },
      ]);
    if (p.endsWith('/admin/overtime-check')) return jsonResponse(200, { overtimeStages: 2 });
    if (p.endsWith('/statistics/change-rate/export'))
      return new Response('xlsx-bytes', {
        status: 200,
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': 'attachment; filename="change-rate.xlsx"',
        },
      });
    if (p.endsWith('/statistics/change-rate'))
      return jsonResponse(200, {
        groupBy: url.searchParams.get('groupBy') ?? 'labeler',
        results: [
          {
            userId: 'u-1',
            userName: 'Ada Lovelace',
            reviewCount: 4,
            failCount: 1,
            added: 2,
            deleted: 1,
            modified: 3,
            correct: 10,
            changeRate: 0.4,
            changeRateWithoutDeletions: 0.3333,
          },
        ],
        totalCount: 1,
      });
    if (p.endsWith('/users/task-handlers')) {
      const kw = (url.searchParams.get('keyword') ?? '').toLowerCase();
      return jsonResponse(200, page(HANDLERS.filter((u) => !kw || u.displayName.toLowerCase().includes(kw) || u.username.includes(kw))));
    }
    if (p.endsWith('/api/v2/organizations'))
      return jsonResponse(200, page([{ organizationGuid: 'o-1', organizationName: 'Sky Pilots', customerCount: 1, pilotCount: 2 }]));
    if (/\/users\/[^/]+\/pilots$/.test(p))
      return jsonResponse(200, page([{ userId: 'pi-1', username: 'pilot-one', displayName: 'Pilot One', organizationId: 'o-1' }]));
    if (p.endsWith('/Customers'))
      return jsonResponse(200, { results: [{ customerId: 'c-1', customerName: 'North Sea Wind' }], totalCount: 1 });
    if (p.endsWith('/allPermittedProjectFarms'))
      return jsonResponse(200, [{ windFarmId: 'p-1', windFarmName: 'Dogger Bank North', customerId: 'c-1' }]);
    const m = /\/tasks\/([^/]+)(\/[\w-]+)?(?:\/(\d+)\/(\w+))?$/.exec(p);
    if (m) {
      const id = m[1]!;
      const t = all.find((x) => x.taskId === id);
      if (!t) return err(404, 'NOT_FOUND', 'not found');
      const sub = m[2];
      const detail = { ...t, stages: [] };
      if (sub === '/history') return jsonResponse(200, page(HISTORY));
      if (sub === '/logs') return jsonResponse(200, page(LOGS));
      if (sub === '/labeling-history') return jsonResponse(200, page(HISTORY.filter((h) => h.action)));
      if (sub === '/qa' && method === 'GET') return jsonResponse(200, page(QA_RESULTS));
      if (sub === '/qa' && method === 'POST') {
        if (body?.result === 3 && !(typeof body.comments === 'string' && body.comments.trim()))
          return err(400, 'QA_FAIL_REASON_REQUIRED', 'Reasons required');
        return jsonResponse(200, detail);
      }
      if (sub === '/reinspection') {
        if (typeof body?.requestComments !== 'string' || !body.requestComments.trim())
          return err(400, 'VALIDATION_FAILED', 'Validation failed');
        return jsonResponse(200, detail);
      }
      if (sub === '/pick' && method === 'POST') {
        if (id === '02') return err(409, 'TASK_ALREADY_PICKED', 'The task has already been picked');
        return jsonResponse(200, { ...detail, handlebyIds: ['u-1'] });
      }
      if (sub === '/release' && method === 'POST') return jsonResponse(200, { ...detail, handlebyIds: [] });
      if (sub === '/handler' && method === 'PUT') {
        if (!HANDLERS.some((u) => u.userId === body?.userId)) return err(404, 'USER_NOT_FOUND', 'User does not exist');
        return jsonResponse(200, { ...detail, handlebyIds: [body!.userId] });
      }
      if (sub === '/status' && method === 'PUT') return jsonResponse(200, { ...detail, taskStatusType: body?.status });
      if (sub === '/stages' && m[4] === 'retry')
        return t.taskStageStatus === 6 ? jsonResponse(200, detail) : err(409, 'ILLEGAL_TRANSITION', 'Illegal transition');
      if (sub === '/stages' && m[4] === 'complete') return jsonResponse(200, detail);
      if (!sub)
        return jsonResponse(200, {
          ...t,
          uploadFileUri: null,
          droneId: null,
          stages: [
            taskStage({ taskStageId: 's1', taskStageType: 1, status: 5 }),
            taskStage({ taskStageId: 's3', taskStageType: 3, status: 4, handlerId: 'u-1', handlerName: 'Ada Lovelace' }),
          ],
        });
    }
    return err(404, 'NOT_FOUND', `no route ${p}`);
  });
  return { fetchMock, calls, pool, mine, done, limits };
}
