import { vi } from 'vitest';
import { jsonResponse } from '@/test/renderApp';
import type { DashboardSummary, TaskHistoryItem, TaskItem } from '../tasksApi';
import { task } from './fixtures';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
}

const info = (total: number, abnormal = 0) => ({ total, abnormal, status: abnormal ? 'abnormal' : 'normal' }) as const;

export const SUMMARY: DashboardSummary = {
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

export const HISTORY: TaskHistoryItem[] = [
  { time: '2026-11-20T09:00:00.000Z', stage: 1, handlerName: null, stageStatus: 5, message: 'upload completed', action: null, operatorName: 'system' },
  { time: '2026-11-20T09:30:00.000Z', stage: 3, handlerName: 'Ada Lovelace', stageStatus: 4, message: 'picked', action: 'PICK', operatorName: 'Ada Lovelace' },
];

/** A task-flow double: pool, mine, summary, detail, history, pick (the second picker loses), release. */
export function tasksFetch() {
  const calls: Call[] = [];
  const pool: TaskItem[] = [task({ taskId: '01' }), task({ taskId: '02', version: 11, features: ['stitching'] })];
  const mine: TaskItem[] = [task({ taskId: '03', taskStageTypes: [4], taskStageStatus: 4, handlebyIds: ['u-1'], handlebyNames: ['Ada Lovelace'] })];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push({ method, path: url.pathname, query: url.searchParams });
    const p = url.pathname;
    if (p.endsWith('/tasks/pool')) return jsonResponse(200, { results: pool, totalCount: pool.length });
    if (p.endsWith('/tasks/mine')) return jsonResponse(200, { results: mine, totalCount: mine.length });
    if (p.endsWith('/tasks/dashboard-summary')) return jsonResponse(200, SUMMARY);
    if (p.endsWith('/tasks/stage-center'))
      return jsonResponse(200, {
        sortAndRemoveCount: 2,
        labelingCount: 1,
        labelingQACount: 0,
        stitchingCount: 0,
        stitchingQACount: 0,
        results: [
          { taskStageId: 'st-1', taskId: '01', taskStageType: 3, status: 7, windfarmName: 'Dogger Bank North', turbineName: 'DBN-01', handlerName: null, readyTime: null, startTime: null, deadline: null },
        ],
        totalCount: 1,
      });
    if (p.endsWith('/Customers')) return jsonResponse(200, { results: [{ customerId: 'c-1', customerName: 'North Sea Wind' }], totalCount: 1 });
    if (p.endsWith('/allPermittedProjectFarms')) return jsonResponse(200, [{ windFarmId: 'p-1', windFarmName: 'Dogger Bank North', customerId: 'c-1' }]);
    const m = /\/tasks\/([^/]+)(\/\w+)?$/.exec(p);
    if (m) {
      const id = m[1]!;
      const t = [...pool, ...mine].find((x) => x.taskId === id);
      if (!t) return jsonResponse(404, { code: 'NOT_FOUND', message: 'not found' });
      if (m[2] === '/history') return jsonResponse(200, { results: HISTORY, totalCount: HISTORY.length });
      if (m[2] === '/pick' && method === 'POST') {
        if (id === '02') return jsonResponse(409, { code: 'TASK_ALREADY_PICKED', message: 'The task has already been picked' });
        return jsonResponse(200, { ...t, handlebyIds: ['u-1'], stages: [] });
      }
      if (m[2] === '/release' && method === 'POST') return jsonResponse(200, { ...t, handlebyIds: [], stages: [] });
      if (!m[2])
        return jsonResponse(200, {
          ...t,
          uploadFileUri: null,
          droneId: null,
          stages: [
            { taskStageId: 's1', taskStageType: 1, status: 5, handlerId: null, handlerName: null, readyTime: null, startTime: null, completeTime: null, deadline: null, errorMessage: null, progressMessage: null },
            { taskStageId: 's3', taskStageType: 3, status: 4, handlerId: 'u-1', handlerName: 'Ada Lovelace', readyTime: null, startTime: null, completeTime: null, deadline: null, errorMessage: null, progressMessage: null },
          ],
        });
    }
    return jsonResponse(404, { code: 'NOT_FOUND', message: `no route ${p}` });
  });
  return { fetchMock, calls, pool, mine };
}
