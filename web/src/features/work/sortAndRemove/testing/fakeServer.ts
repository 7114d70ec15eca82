import { jsonResponse } from '@/test/renderApp';
import { recordingFetch, type FakeCall } from '@/test/fakeFetch';
import { taskStage, workTask } from '@/test/fixtures/task';
import type { TaskStageView } from '@/features/tasks';
import type { SarData, SarImage, SarPath, SarTask, SaveImage } from '../sortAndRemoveApi';

const INSPECTION = '/gw/inspection/api/v2';

export type Call = FakeCall;

export function image(guid: string, sortIndex: number, extra: Partial<SarImage> = {}): SarImage {
  return {
    guid,
    uri: `${INSPECTION}/images/${guid}/original`,
    thumbUri: `${INSPECTION}/images/${guid}/thumbnail`,
    sortIndex,
    distanceToRoot: null,
    isActive: true,
    keyPartTag: null,
    fileName: `${guid}.jpg`,
    width: 2400,
    height: 800,
    tileStatus: 'done',
    ...extra,
  };
}

function path(pathGuid: string, bladePosition: number, pathViewIndex: number, chamber: number, images: SarImage[], saved = false): SarPath {
  return {
    pathGuid,
    pathViewIndex,
    bladePosition,
    bladeGuid: `blade-${bladePosition}`,
    bladeSerialNo: `DBN1-${'ABC'[bladePosition - 1]}-B108`,
    bladeLength: 60,
    chamber,
    saved,
    savedAt: saved ? '2026-11-20T10:00:00.000Z' : null,
    savedBy: saved ? 'u-1' : null,
    CVPanoUri: null,
    CVPanoThumbUri: null,
    images,
  };
}

/** A big inspection: `perPath` images in each of blade 1..3's LE and TE paths. */
export function bigData(perPath: number): SarData {
  const paths: SarPath[] = [];
  for (const blade of [1, 2, 3]) {
    for (const view of [5, 7]) {
      const pathGuid = `p-${blade}-${view}`;
      paths.push(
        path(
          pathGuid,
          blade,
          view,
          0,
          Array.from({ length: perPath }, (_, i) => image(`${pathGuid}-${i}`, i)),
        ),
      );
    }
  }
  return { ...sarData(), paths };
}

/** Three paths: blade 1 LE (a, b, c), blade 1 TE leading-edge chamber (d, e), blade 2 PS (f, saved). */
export function sarData(): SarData {
  return {
    inspectionId: 'i-1',
    windfarmId: 'p-dogger',
    windfarmName: 'Dogger Bank North',
    turbineId: 't-1',
    turbineName: 'DBN-01',
    inspectionTime: '2025-06-10',
    componentType: 1,
    spentTime: null,
    paths: [
      path('p-le', 1, 5, 0, [image('a', 0), image('b', 1, { distanceToRoot: 12.5 }), image('c', 2)]),
      path('p-te', 1, 7, 1, [image('d', 0), image('e', 1)]),
      path('p-ps', 2, 6, 0, [image('f', 0, { keyPartTag: 'tip' })], true),
    ],
  };
}

/** The task as GET /tasks/{id} answers (the tool reads its SarTask part): at sort and remove (3), held by Ada. */
export function sarTask(overrides: Partial<SarTask> = {}, stage: Partial<TaskStageView> = {}): SarTask {
  return workTask({
    taskId: 't-1',
    inspectionId: 'i-1',
    taskStageTypes: [3],
    taskStatusType: 1,
    stages: [
      taskStage({ taskStageId: 's-2', taskStageType: 2, status: 5 }),
      taskStage({
        taskStageId: 's-3',
        taskStageType: 3,
        status: 4,
        handlerId: 'u-1',
        handlerName: 'Ada Lovelace',
        spentSeconds: 120,
        ...stage,
      }),
    ],
    ...overrides,
  });
}

/** Applies a path save as the inspection service does (enough for the screen: order, moves, edits, saved flags). */
function applySave(data: SarData, pathGuid: string, items: SaveImage[]): SarData {
  const all = new Map<string, { img: SarImage; from: string }>(
    data.paths.flatMap((p) => p.images.map((i) => [i.guid, { img: i, from: p.pathGuid }])),
  );
  const paths = data.paths.map((p) => ({ ...p, images: [...p.images] }));
  const byId = new Map(paths.map((p) => [p.pathGuid, p]));
  for (const item of items) {
    const found = all.get(item.guid)!;
    const target = item.pathGuid ?? pathGuid;
    const from = byId.get(found.from)!;
    from.images = from.images.filter((i) => i.guid !== item.guid);
    const next = {
      ...found.img,
      sortIndex: item.sortIndex,
      ...(item.isEdit ? { isActive: item.isActive, distanceToRoot: item.distanceToRoot, keyPartTag: item.keyPartTag } : {}),
    };
    byId.get(target)!.images.push(next);
    if (found.from !== target) for (const p of [found.from, target]) if (p !== pathGuid) byId.get(p)!.saved = false;
    found.img = next;
    all.set(item.guid, { img: next, from: target });
  }
  byId.get(pathGuid)!.saved = true;
  for (const p of paths) p.images.sort((x, y) => x.sortIndex - y.sortIndex);
  return { ...data, paths };
}

/** The task-flow and inspection double: task, data, saves, deletes (`c` has defects), spent time, completion. */
export function sarFetch(task: SarTask = sarTask(), initial: SarData = sarData()) {
  let data = initial;
  let current = task;
  const { fetchMock, calls } = recordingFetch(async ({ method, path: p, body: json }) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route reads its own body's fields
    const body = json as any;
    if (p.endsWith('/thumbnail') || p.endsWith('/original'))
      return new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200, headers: { 'Content-Type': 'image/jpeg' } });
    if (p === `/gw/task/api/v2/tasks/${current.taskId}` && method === 'GET') return jsonResponse(200, current);
    if (p.endsWith('/pick') && method === 'POST') {
      current = sarTask({}, { status: 4, handlerId: 'u-1', handlerName: 'Ada Lovelace' });
      return jsonResponse(200, current);
    }
    if (p.endsWith('/stages/3/spent-time')) return jsonResponse(200, { taskId: current.taskId, taskStageType: 3, spentSeconds: 1 });
    if (p.endsWith('/stages/3/complete')) {
      current = { ...current, taskStageTypes: [4] };
      return jsonResponse(200, current);
    }
    if (p === `${INSPECTION}/inspections/i-1/sort-and-remove`) return jsonResponse(200, data);
    const save = /\/inspections\/i-1\/paths\/([^/]+)$/.exec(p);
    if (save && method === 'PUT') {
      data = applySave(data, save[1]!, (body as { images: SaveImage[] }).images);
      return jsonResponse(200, data);
    }
    const del = /\/images\/([^/]+)$/.exec(p);
    if (del && method === 'DELETE') {
      if (del[1] === 'c') return jsonResponse(409, { code: 'IMAGE_HAS_DEFECTS', message: 'An image with defects cannot be deleted' });
      data = { ...data, paths: data.paths.map((x) => ({ ...x, images: x.images.filter((i) => i.guid !== del[1]) })) };
      return new Response(null, { status: 204 });
    }
    return jsonResponse(404, { code: 'NOT_FOUND', message: `no route ${method} ${p}` });
  });
  /** Another window (or person) completed the stage: the next read of the task shows it moved on. */
  const completeElsewhere = () => {
    current = {
      ...current,
      taskStageTypes: [4],
      stages: current.stages.map((st) => (st.taskStageType === 3 ? { ...st, status: 5 } : st)),
    };
  };
  return { fetchMock, calls, completeElsewhere };
}
