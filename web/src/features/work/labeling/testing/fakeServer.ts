import { jsonResponse } from '@/test/renderApp';
import { recordingFetch, type FakeCall } from '@/test/fakeFetch';
import { defect, image, inspection } from '@/test/fixtures/inspection';
import { taskStage, workTask } from '@/test/fixtures/task';
import type { InspectionImage } from '@/shared/inspection';
import type { TaskDetailView } from '@/features/tasks';
import type { QaResultView } from '@/features/tasks';
import type { LabelingDefect } from '../labelingApi';

export type Call = FakeCall;

const INSP = '/gw/inspection/api/v2';
const TASK = '/gw/task/api/v2';

export function labelingTask(stage: number, handlerId: string | null = 'u-1', status = 4): TaskDetailView {
  return workTask({
    taskId: 'task-1',
    inspectionId: 'i-new',
    handlebyIds: handlerId ? [handlerId] : [],
    handlebyNames: handlerId ? ['Ada Lovelace'] : [],
    taskStageTypes: [stage],
    taskStageStatus: status,
    stages: [
      taskStage({ taskStageType: 3, status: 5, handlerId: 'u-1', handlerName: 'Ada Lovelace' }),
      taskStage({ taskStageType: stage, status, handlerId, handlerName: handlerId ? 'Ada Lovelace' : null }),
    ],
  });
}

/**
 * The task-flow and inspection calls of the labeling tool, answered from mutable state: the
 * writes change what the next read returns (so refetches after a save show the saved defect).
 */
export function labelingServer(opts: {
  task: TaskDetailView;
  defects?: LabelingDefect[];
  qa?: QaResultView[];
  templates?: boolean;
  /** Task-flow refuses this many completions with ALL_SIDES_MUST_BE_LABELED (its event not yet arrived). */
  lateLabelingEvent?: number;
}) {
  let lateRefusals = opts.lateLabelingEvent ?? 0;
  const images: InspectionImage[] = [image('img-1', 'i-new', 1, 5), image('img-2', 'i-new', 1, 5, 0, 2), image('img-3', 'i-new', 1, 6)];
  const defects: LabelingDefect[] = opts.defects ?? [
    { ...defect('d-1', {}), suggested: false },
    {
      ...defect('d-2', {
        defectNo: '000002',
        imageId: 'img-1',
        severity: 1,
        defectType: 'Crack',
        polygon: [
          [1000, 100],
          [1100, 100],
          [1100, 200],
        ],
      }),
      suggested: false,
    },
  ];
  const labeled = new Set<string>();
  let next = 3;
  const status = () => {
    const list = images.map((i) => {
      const count = defects.filter((d) => d.imageId === i.imageId && !d.suggested).length;
      return {
        imageId: i.imageId,
        bladePosition: i.bladePosition,
        pathViewIndex: i.pathViewIndex,
        labeled: labeled.has(i.imageId),
        defectCount: count,
        suggestionCount: defects.filter((d) => d.imageId === i.imageId && d.suggested).length,
        done: labeled.has(i.imageId) || count > 0,
      };
    });
    const sides = [
      ...new Map(
        list.map((i) => [`${i.bladePosition}/${i.pathViewIndex}`, { bladePosition: i.bladePosition, pathViewIndex: i.pathViewIndex }]),
      ).values(),
    ].map((s) => {
      const of = list.filter((i) => i.bladePosition === s.bladePosition && i.pathViewIndex === s.pathViewIndex);
      return { ...s, imageCount: of.length, doneCount: of.filter((i) => i.done).length, labeled: of.every((i) => i.done) };
    });
    return {
      inspectionId: 'i-new',
      complete: sides.every((s) => s.labeled),
      activeImageCount: list.length,
      doneImageCount: list.filter((i) => i.done).length,
      pendingSuggestionCount: list.reduce((n, i) => n + i.suggestionCount, 0),
      sides,
      images: list,
    };
  };
  const { fetchMock, calls } = recordingFetch(async ({ method, path: p, body: json }, url) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route reads its own body's fields
    const body = json as any;
    let m: RegExpExecArray | null;
    if (p === `${TASK}/tasks/task-1`) return jsonResponse(200, opts.task);
    if (p === `${TASK}/tasks/task-1/qa` && method === 'GET')
      return jsonResponse(200, { results: opts.qa ?? [], totalCount: (opts.qa ?? []).length });
    if (p === `${TASK}/tasks/task-1/qa` && method === 'POST') return jsonResponse(200, opts.task);
    if ((m = /^\/gw\/task\/api\/v2\/tasks\/task-1\/stages\/(\d+)\/complete$/.exec(p))) {
      if (lateRefusals > 0 && m[1] === '4') {
        lateRefusals--;
        return jsonResponse(400, { code: 'ALL_SIDES_MUST_BE_LABELED', message: 'All image sides must be labeled.' });
      }
      return jsonResponse(200, opts.task);
    }
    if (p === `${INSP}/inspections/i-new`) return jsonResponse(200, inspection('i-new', '2026-03-05', null));
    if (p === `${INSP}/inspections/i-new/images`) return jsonResponse(200, { results: images, totalCount: images.length });
    if (p === `${INSP}/customers/c-1/defect-templates`)
      return jsonResponse(
        200,
        opts.templates
          ? {
              types: [
                { id: 't1', name: 'Erosion' },
                { id: 't2', name: 'Crack' },
              ],
              severities: [{ id: 's1', name: 'Serious', level: 4 }],
              recommendations: [],
            }
          : { types: [], severities: [], recommendations: [] },
      );
    if (p === `${INSP}/inspections/i-new/labeling-status`) {
      const s = status();
      if (url.searchParams.get('require') === 'true' && !s.complete) {
        return jsonResponse(400, { code: 'ALL_SIDES_MUST_BE_LABELED', message: 'All image sides must be labeled.' });
      }
      return jsonResponse(200, s);
    }
    if (p === `${INSP}/defects` && method === 'GET') {
      const list = defects.filter((d) => url.searchParams.get('includeSuggested') === 'true' || !d.suggested);
      return jsonResponse(200, { results: list, totalCount: list.length, totalCountExact: true });
    }
    if (p === `${INSP}/inspections/i-new/defects` && method === 'POST') {
      const b = body as Record<string, unknown>;
      if (!b.polygon) return jsonResponse(400, { code: 'POLYGON_REQUIRED', message: 'Please draw a polygon first.' });
      const d = {
        ...defect(`d-${next}`, { ...(b as object), defectNo: String(next).padStart(6, '0') }),
        suggested: false,
      } as LabelingDefect;
      next++;
      defects.push(d);
      return jsonResponse(201, d);
    }
    if (p === `${INSP}/defects/bulk` && method === 'PATCH') {
      const b = body as { defectIds: string[]; changes: Record<string, unknown> };
      for (const d of defects) if (b.defectIds.includes(d.defectId)) Object.assign(d, b.changes);
      return jsonResponse(200, { results: defects.filter((d) => b.defectIds.includes(d.defectId)), totalCount: b.defectIds.length });
    }
    if ((m = /^\/gw\/inspection\/api\/v2\/defects\/([^/]+)\/(accept|reject)$/.exec(p))) {
      const d = defects.find((x) => x.defectId === m![1]);
      if (!d?.suggested) return jsonResponse(409, { code: 'DEFECT_NOT_SUGGESTED', message: 'not a suggestion' });
      if (m[2] === 'accept') d.suggested = false;
      else defects.splice(defects.indexOf(d), 1);
      return m[2] === 'accept' ? jsonResponse(200, d) : new Response(null, { status: 204 });
    }
    if ((m = /^\/gw\/inspection\/api\/v2\/inspections\/i-new\/suggestions\/(accept|reject)$/.exec(p))) {
      const ids = defects.filter((d) => d.suggested).map((d) => d.defectId);
      for (const id of ids) {
        const d = defects.find((x) => x.defectId === id)!;
        if (m[1] === 'accept') d.suggested = false;
        else defects.splice(defects.indexOf(d), 1);
      }
      return jsonResponse(200, { defectIds: ids });
    }
    if ((m = /^\/gw\/inspection\/api\/v2\/defects\/([^/]+)$/.exec(p))) {
      const d = defects.find((x) => x.defectId === m![1]);
      if (!d) return jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found' });
      if (method === 'PATCH') {
        Object.assign(d, body as object);
        return jsonResponse(200, d);
      }
      if (method === 'DELETE') {
        defects.splice(defects.indexOf(d), 1);
        return new Response(null, { status: 204 });
      }
      return jsonResponse(200, d);
    }
    if ((m = /^\/gw\/inspection\/api\/v2\/images\/([^/]+)\/labeled$/.exec(p))) {
      const on = (body as { labeled: boolean }).labeled;
      if (on) labeled.add(m[1]!);
      else labeled.delete(m[1]!);
      return jsonResponse(200, { imageId: m[1], labeled: on });
    }
    if (/\/thumbnail$/.test(p)) return new Response('jpeg', { status: 200 });
    return jsonResponse(404, { code: 'NOT_FOUND', message: `no route ${method} ${p}` });
  });
  return { fetchMock, calls, defects, labeled };
}
