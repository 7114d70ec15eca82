import type { Defect, Inspection, InspectionImage, LpsMeasurement } from '../inspectionApi';
import type { Call } from '@/features/asset/testing/fixtures';

const API = '/gw/inspection/api/v2';

export function inspection(id: string, date: string, previous: string | null, componentType = 1): Inspection {
  return {
    inspectionId: id,
    inspectionGuid: id,
    turbineId: 't-1',
    turbineName: 'DBN-01',
    windFarmId: 'p-dogger',
    customerId: 'c-1',
    packageType: 1,
    componentType,
    inspectionDate: date,
    isActive: id === 'i-new',
    pilot: null,
    deviceId: null,
    inspectionDataConfigId: null,
    previousInspectionId: previous,
    defectCount: 2,
    imageCount: 3,
    tiledImageCount: 3,
    dpsStatus: 2,
    createdAt: `${date}T00:00:00.000Z`,
    blades: [1, 2, 3].map((position) => ({ position, serialNumber: `DBN1-${'ABC'[position - 1]}-B108`, length: 108 })),
  };
}

export function image(id: string, inspectionId: string, blade: number, path: number, chamber = 0, sortIndex = 1): InspectionImage {
  const base = `${API}/images/${id}`;
  return {
    guid: id,
    imageId: id,
    inspectionId,
    bladePosition: blade,
    pathViewIndex: path,
    chamber,
    section: null,
    sortIndex,
    distanceToRoot: 10,
    isActive: true,
    keyPartTag: null,
    fileName: `${id}.jpg`,
    format: 'jpeg',
    width: 2400,
    height: 800,
    sizeBytes: 1000,
    tileStatus: 'done',
    tileJobId: null,
    uri: `${base}/original`,
    thumbUri: `${base}/thumbnail`,
    dziUri: `${base}/image.dzi`,
  };
}

export function defect(id: string, over: Partial<Defect>): Defect {
  return {
    defectId: id,
    defectNo: '000001',
    inspectionId: 'i-new',
    imageId: 'img-1',
    windFarmId: 'p-dogger',
    turbineId: 't-1',
    turbineName: 'DBN-01',
    inspectionDate: '2026-03-05',
    severity: 3,
    defectType: 'Leading edge erosion',
    layer: 'Coating',
    affectedPart: 'Leading edge',
    recommendation: 'Repair within 3 months',
    sizeLength: 0.11,
    sizeWidth: 0.056,
    position: 5,
    bladePosition: 1,
    distanceToRoot: 30.2,
    chordwiseStart: null,
    chordwiseEnd: null,
    repairPriority: 3,
    polygon: [
      [855, 340],
      [965, 340],
      [965, 390],
      [855, 390],
    ],
    dpsStatus: 2,
    timelineStatus: 'INCREASED',
    timelineManual: false,
    previousDefectId: 'd-old',
    createdAt: '2026-03-05T10:00:00.000Z',
    ...over,
  };
}

export const INSPECTIONS = [inspection('i-new', '2026-03-05', 'i-old'), inspection('i-old', '2025-06-01', null)];
export const IMAGES: Record<string, InspectionImage[]> = {
  'i-new': [image('img-1', 'i-new', 1, 5), image('img-2', 'i-new', 1, 7, -1), image('img-4', 'i-new', 1, 6), image('img-3', 'i-new', 3, 5)],
  'i-old': [image('old-1', 'i-old', 1, 5), image('old-3', 'i-old', 3, 5)],
};
export const DEFECTS: Defect[] = [
  defect('d-1', {}),
  defect('d-2', { defectNo: '000002', imageId: 'img-3', bladePosition: 3, severity: 1, distanceToRoot: 60, timelineStatus: 'NEW', previousDefectId: null, defectType: 'Crack', repairPriority: null }),
  defect('d-old', { defectNo: '000001', inspectionId: 'i-old', imageId: 'old-1', inspectionDate: '2025-06-01', severity: 2, distanceToRoot: 30, timelineStatus: 'NOT_APPLICABLE', previousDefectId: null, dpsStatus: 1 }),
];
export const LPS: LpsMeasurement[] = [
  { id: 'l-1', inspectionId: 'i-lps', bladePosition: 1, receptorId: 'R1', side: 'PS', reading: '0.12', ohm: 0.12, openCircuit: false, minOhm: 0, maxOhm: 0.2, ringCount: 3, templateId: null, withinRange: true },
  { id: 'l-2', inspectionId: 'i-lps', bladePosition: 1, receptorId: 'R1', side: 'SS', reading: 'OC', ohm: null, openCircuit: true, minOhm: 0, maxOhm: 0.2, ringCount: null, templateId: null, withinRange: false },
];

/** Answers the inspection service's calls from the fixtures (pass to the asset fetch stub as overrides). */
export function inspectionAnswer(call: Call): { status: number; body?: unknown } | undefined {
  const { method, path, query } = call;
  if (!path.startsWith(API)) return undefined;
  const rest = path.slice(API.length);
  let m: RegExpExecArray | null;
  if (method === 'GET' && rest === '/inspections') {
    const list = INSPECTIONS.filter((i) => !query.get('turbineId') || i.turbineId === query.get('turbineId'));
    return { status: 200, body: { results: list, totalCount: list.length } };
  }
  if ((m = /^\/inspections\/([^/]+)$/.exec(rest))) {
    const found = INSPECTIONS.find((i) => i.inspectionId === m![1]) ?? (m[1] === 'i-lps' ? inspection('i-lps', '2026-01-01', null, 0) : undefined);
    return found ? { status: 200, body: found } : { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
  }
  if ((m = /^\/inspections\/([^/]+)\/images$/.exec(rest))) {
    let list = IMAGES[m[1]!] ?? [];
    if (query.get('bladePosition')) list = list.filter((i) => String(i.bladePosition) === query.get('bladePosition'));
    if (query.get('path')) list = list.filter((i) => String(i.pathViewIndex) === query.get('path'));
    const size = Number(query.get('pageSize') ?? 100);
    const index = Number(query.get('pageIndex') ?? 1);
    return { status: 200, body: { results: list.slice((index - 1) * size, index * size), totalCount: list.length } };
  }
  if ((m = /^\/inspections\/([^/]+)\/lps-measurements$/.exec(rest))) return { status: 200, body: m[1] === 'i-lps' ? LPS : [] };
  if ((m = /^\/images\/([^/]+)$/.exec(rest))) {
    const img = Object.values(IMAGES).flat().find((i) => i.imageId === m![1]);
    return img ? { status: 200, body: img } : { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
  }
  if (/^\/images\/[^/]+\/thumbnail$/.test(rest)) return { status: 200, body: 'jpeg' };
  if (method === 'GET' && rest === '/defects') {
    let list = DEFECTS.filter((d) => d.inspectionId === query.get('inspectionId'));
    if (query.get('bladePosition')) list = list.filter((d) => query.get('bladePosition')!.split(',').includes(String(d.bladePosition)));
    const size = Number(query.get('pageSize') ?? 20);
    const index = Number(query.get('pageIndex') ?? 1);
    return { status: 200, body: { results: list.slice((index - 1) * size, index * size), totalCount: list.length, totalCountExact: true } };
  }
  if ((m = /^\/defects\/([^/]+)\/links$/.exec(rest))) return { status: 200, body: { state: 'UNLINKED', linked: [] } };
  if ((m = /^\/defects\/([^/]+)\/dps-status$/.exec(rest)) && method === 'PUT') {
    const d = DEFECTS.find((x) => x.defectId === m![1])!;
    return { status: 200, body: { ...d, dpsStatus: (call.body as { dpsStatus: number }).dpsStatus } };
  }
  if ((m = /^\/defects\/([^/]+)$/.exec(rest))) {
    const d = DEFECTS.find((x) => x.defectId === m![1]);
    return d ? { status: 200, body: d } : { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
  }
  return undefined;
}
