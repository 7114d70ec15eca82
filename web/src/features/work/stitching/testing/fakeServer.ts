import { assetFetch, type Call } from '@/test/fixtures/asset';
import { defect, image, inspection } from '@/test/fixtures/inspection';
import { workTask } from '@/test/fixtures/task';
import type { InspectionImage } from '@/shared/inspection';
import type { Offsets, Panorama, PanoramaStatus } from '../stitchingApi';

/*
 * A double of task-flow's task reads/writes and inspection's images, defects and panoramas for
 * the stitching and blade path pages. Each read of a queued/running panorama moves it on
 * (queued → running → done), so polling pages see a run finish; blade 2's path fails (−11005).
 */

const API = '/gw/inspection/api/v2';
const TASKS = '/gw/task/api/v2/tasks';

function placed(id: string, blade: number, path: number, sortIndex: number, distanceToRoot: number | null, chamber = 0): InspectionImage {
  return { ...image(id, 'i-1', blade, path, chamber, sortIndex), distanceToRoot, width: 2400, height: 800, fileName: `${id}.jpg` };
}

export const IMAGES: InspectionImage[] = [
  placed('img-1', 1, 5, 1, 10),
  placed('img-2', 1, 5, 2, 12),
  placed('img-3', 1, 5, 3, null),
  placed('img-4', 1, 7, 1, 30),
  placed('img-5', 2, 5, 1, 5),
  { ...placed('img-off', 1, 5, 9, 40), isActive: false },
];

/** An internal (blade internal, package 6) inspection: leading-edge photos per chamber, listed out of display order. */
export const INTERNAL_IMAGES: InspectionImage[] = [
  { ...placed('int-mid', 1, 5, 1, 20, 2), inspectionId: 'i-int' },
  { ...placed('int-te', 1, 5, 1, 15, -1), inspectionId: 'i-int' },
  { ...placed('int-le', 1, 5, 1, 10, 1), inspectionId: 'i-int' },
  { ...placed('int-le-2', 1, 5, 2, 14, 1), inspectionId: 'i-int' },
];

export const DEFECTS = [
  defect('d-1', {
    inspectionId: 'i-1',
    imageId: 'img-2',
    bladePosition: 1,
    severity: 3,
    defectNo: '000001',
    defectType: 'Erosion',
    distanceToRoot: 12.2,
  }),
  defect('d-2', {
    inspectionId: 'i-1',
    imageId: 'img-4',
    bladePosition: 1,
    severity: null,
    defectNo: '000002',
    defectType: 'Crack',
    distanceToRoot: 30.1,
  }),
];

function task(taskId: string, stage: number) {
  return workTask({
    taskId,
    inspectionId: 'i-1',
    handlebyIds: ['u-1'],
    handlebyNames: ['Ada Lovelace'],
    taskStageTypes: [stage],
    features: ['stitching'],
    version: 3,
  });
}

interface PanoState {
  panoramaId: string;
  bladePosition: number;
  pathViewIndex: number;
  chamber: number;
  status: PanoramaStatus;
  version: number;
  pixelSizeMm: number;
  offsets: Offsets;
}

/** Placements of blade 1's leading edge at scale 0.5: the offsets (source px) show as half. */
function panorama(p: PanoState): Panorama {
  const base = `${API}/panoramas/${p.panoramaId}`;
  const done = p.status === 'done';
  const rect = (imageId: string, x: number, sortIndex: number, d: number | null) => {
    const o = p.offsets[imageId] ?? { dx: 0, dy: 0 };
    return {
      imageId,
      x: x + o.dx / 2,
      y: 10 + o.dy / 2,
      width: 1200,
      height: 400,
      sourceWidth: 2400,
      sourceHeight: 800,
      sortIndex,
      distanceToRoot: d,
      fileName: `${imageId}.jpg`,
    };
  };
  const placements =
    done && p.pathViewIndex === 5 ? [rect('img-1', 0, 1, 10), rect('img-2', 1000, 2, 12), rect('img-3', 2200, 3, null)] : [];
  return {
    panoramaId: p.panoramaId,
    inspectionId: 'i-1',
    bladePosition: p.bladePosition,
    pathViewIndex: p.pathViewIndex,
    chamber: p.chamber,
    status: p.status,
    version: p.version,
    jobId: `job-${p.version}`,
    progress: done ? 100 : p.status === 'running' ? 40 : 0,
    progressMessage: null,
    pipelineState: done ? 5 : p.status === 'failed' ? null : 4,
    errorCode: p.status === 'failed' ? -11005 : null,
    errorMessage: p.status === 'failed' ? 'image img-5 (img-5.jpg) cannot be read' : null,
    pixelSizeMm: p.pixelSizeMm,
    offsets: p.offsets,
    width: done ? 3400 : null,
    height: done ? 420 : null,
    scale: done ? 0.5 : null,
    imageCount: done ? placements.length : null,
    panoUri: done ? `${base}/panorama?v=${p.version}` : null,
    dziUri: done ? `${base}/image.dzi?v=${p.version}` : null,
    thumbUri: done ? `${base}/thumbnail?v=${p.version}` : null,
    createdAt: '2026-03-06T10:00:00.000Z',
    updatedAt: '2026-03-06T10:00:00.000Z',
    placements,
    defects: placements.length
      ? [
          {
            defectId: 'd-1',
            defectNo: '000001',
            imageId: 'img-2',
            severity: 3,
            defectType: 'Erosion',
            dpsStatus: 2,
            distanceToRoot: 12.2,
            polygon: [
              [1100, 100],
              [1150, 100],
              [1125, 150],
            ] as [number, number][],
          },
        ]
      : [],
  };
}

/** The fetch double; `done` pre-stitches blade 1's leading edge (for the review and the blade view). */
export function stitchingFetch(opts: { done?: boolean } = {}) {
  const panoramas: PanoState[] = opts.done
    ? [{ panoramaId: 'p-1', bladePosition: 1, pathViewIndex: 5, chamber: 0, status: 'done', version: 1, pixelSizeMm: 2, offsets: {} }]
    : [];
  // While `hold` is set a run stays running (the page shows its progress); then it ends at the next read.
  // `stage` moves a task on (another window completed its stage); the test then pushes task.changed.
  const state = { hold: false, stage: {} as Record<string, number> };
  const advance = (p: PanoState) => {
    if (p.status === 'queued') p.status = 'running';
    else if (p.status === 'running' && !state.hold) p.status = p.bladePosition === 2 ? 'failed' : 'done';
  };
  const answer = (c: Call): { status: number; body?: unknown } | undefined => {
    const { method, path, query } = c;
    let m: RegExpExecArray | null;
    if ((m = /^\/gw\/task\/api\/v2\/tasks\/([^/]+)$/.exec(path))) {
      if (m[1] === 't-1') return { status: 200, body: task('t-1', state.stage['t-1'] ?? 6) };
      if (m[1] === 't-review') return { status: 200, body: task('t-review', state.stage['t-review'] ?? 7) };
      return { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
    }
    if (method === 'POST' && path === `${TASKS}/t-1/stages/6/complete`)
      return { status: 409, body: { code: 'STAGE_NOT_CURRENT', message: 'not current' } };
    if (method === 'POST' && path === `${TASKS}/t-review/qa`) return { status: 200, body: task('t-review', 12) };
    if (!path.startsWith(API)) return undefined;
    const rest = path.slice(API.length);
    if (rest === '/inspections/i-int')
      return { status: 200, body: { ...inspection('i-int', '2026-03-07', null), packageType: 6, componentType: 5, turbineName: 'DBN-01' } };
    if (rest === '/inspections/i-int/images') return { status: 200, body: { results: INTERNAL_IMAGES, totalCount: INTERNAL_IMAGES.length } };
    if (rest === '/inspections/i-int/panoramas') return { status: 200, body: { results: [], totalCount: 0 } };
    if (rest === '/inspections/i-1') return { status: 200, body: { ...inspection('i-1', '2026-03-05', null), turbineName: 'DBN-01' } };
    if (rest === '/inspections/i-1/images') {
      let list = IMAGES;
      if (query.get('bladePosition')) list = list.filter((i) => String(i.bladePosition) === query.get('bladePosition'));
      if (query.get('isActive')) list = list.filter((i) => String(i.isActive) === query.get('isActive'));
      return { status: 200, body: { results: list, totalCount: list.length } };
    }
    if (method === 'GET' && rest === '/defects') {
      const list = DEFECTS.filter((d) => !query.get('bladePosition') || String(d.bladePosition) === query.get('bladePosition'));
      return { status: 200, body: { results: list, totalCount: list.length } };
    }
    if (rest === '/inspections/i-1/panoramas' && method === 'GET') {
      panoramas.forEach(advance);
      const list = panoramas
        .filter((p) => !query.get('bladePosition') || String(p.bladePosition) === query.get('bladePosition'))
        .map(panorama);
      return { status: 200, body: { results: list, totalCount: list.length } };
    }
    if (rest === '/inspections/i-1/panoramas' && method === 'POST') {
      const b = c.body as { bladePosition: number; pathViewIndex: number; chamber: number; pixelSizeMm?: number };
      let p = panoramas.find((x) => x.bladePosition === b.bladePosition && x.pathViewIndex === b.pathViewIndex && x.chamber === b.chamber);
      if (p) Object.assign(p, { status: 'queued', version: p.version + 1, pixelSizeMm: b.pixelSizeMm ?? p.pixelSizeMm });
      else {
        p = { panoramaId: `p-${panoramas.length + 1}`, ...b, status: 'queued', version: 1, pixelSizeMm: b.pixelSizeMm ?? 1, offsets: {} };
        panoramas.push(p);
      }
      return { status: 202, body: { panoramaId: p.panoramaId, jobId: `job-${p.version}`, status: 'queued', version: p.version } };
    }
    if ((m = /^\/panoramas\/([^/]+)(\/offsets)?$/.exec(rest))) {
      const p = panoramas.find((x) => x.panoramaId === m![1]);
      if (!p) return { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
      if (m[2] && method === 'PUT') {
        Object.assign(p, { offsets: (c.body as { offsets: Offsets }).offsets, status: 'queued', version: p.version + 1 });
        return { status: 202, body: { panoramaId: p.panoramaId, jobId: `job-${p.version}`, status: 'queued', version: p.version } };
      }
      advance(p);
      return { status: 200, body: panorama(p) };
    }
    if (/^\/panoramas\/[^/]+\/thumbnail$/.test(rest)) return { status: 200, body: 'jpeg' };
    return undefined;
  };
  const { fetchMock, calls } = assetFetch(answer);
  return { fetchMock, calls, panoramas, state };
}
