import { recordingFetch, type FakeCall } from '@/test/fakeFetch';
import type { ComponentTypeItem, Park, ParkListEntry, Turbine } from '../assetApi';

export const CUSTOMER_ID = '11111111-1111-4111-8111-111111111111';

export const PARKS: Park[] = [
  {
    windFarmId: 'p-dogger',
    windFarmName: 'Dogger Bank North',
    customerId: CUSTOMER_ID,
    customerName: 'North Sea Wind',
    latitude: 54.92,
    longitude: 2.13,
    province: null,
    city: null,
    region: 'North Sea',
    capacity: 1200,
    turbineCount: 8,
    lastInspectionTime: '2026-03-05T10:30:00.000Z',
    active: true,
  },
  {
    windFarmId: 'p-hornsea',
    windFarmName: 'Hornsea Edge',
    customerId: CUSTOMER_ID,
    customerName: 'North Sea Wind',
    latitude: 53.88,
    longitude: 1.79,
    province: null,
    city: null,
    region: 'North Sea',
    capacity: 700,
    turbineCount: 6,
    lastInspectionTime: null,
    active: false,
  },
  {
    windFarmId: 'p-bayan',
    windFarmName: 'Bayan Obo Steppe',
    customerId: '22222222-2222-4222-8222-222222222222',
    customerName: 'Gobi Renewables',
    latitude: null,
    longitude: null,
    province: 'Inner Mongolia',
    city: 'Baotou',
    region: 'North China',
    capacity: 360,
    turbineCount: 10,
    lastInspectionTime: null,
    active: true,
  },
];

export const PARK_LIST: ParkListEntry[] = PARKS.filter((p) => p.active).map((p) => ({
  id: p.windFarmId,
  windFarmId: p.windFarmId,
  windFarmName: p.windFarmName,
  customerId: p.customerId,
  projectId: null,
  projectName: null,
  lastInspectionTime: p.lastInspectionTime,
  latitude: p.latitude,
  longitude: p.longitude,
}));

export function turbine(i: number, parkId = 'p-dogger'): Turbine {
  const name = `DBN-${String(i).padStart(2, '0')}`;
  const drone = { id: 1, guid: `00000000-0000-4000-8000-00000000000${i}`, bizId: 'DRONE-DBN', serialNumber: `M300-DBN-${i}`, displayName: 'Inspection drone' };
  return {
    turbineId: `t-${i}`,
    turbineGuid: `t-${i}`,
    turbineName: name,
    serialNumber: `WTG-DBN-000${i}`,
    turbineStatus: 0,
    turbineTypeGuid: 'g-1',
    turbineTypeName: 'SG 14-222 DD',
    bladeTypeGuid: 'b-1',
    bladeTypeName: 'B108',
    nacelleTypeGuid: 'n-1',
    nacelleTypeName: 'SG 14 nacelle',
    towerTypeGuid: 'tw-1',
    towerTypeName: 'Offshore tubular 115 m',
    foundationTypeGuid: 'f-1',
    foundationTypeName: 'Monopile XL',
    windfarmId: parkId,
    latitude: 54.93,
    longitude: 2.14,
    blades: ['A', 'B', 'C'].map((letter, k) => ({
      bladeId: `bl-${i}-${letter}`,
      position: k + 1,
      name: letter,
      serialNumber: `DBN${i}-${letter}-B108`,
      length: 108,
      width: 5.8,
    })),
    devices: [drone],
    assetConfigs: [
      { packageType: 1, componentType: 1, devices: [drone] },
      { packageType: 5, componentType: 2, devices: [drone] },
    ],
    inspectionCount: i === 1 ? 2 : 0,
    defectCount: 0,
    lastInspectionTime: i === 1 ? '2026-03-05T10:30:00.000Z' : null,
    inspections:
      i === 1
        ? [
            { inspectionId: 'i-old', inspectionGuid: 'i-old', packageType: 1, componentType: 1, isActive: false, inspectionDate: '2025-06-01T08:00:00.000Z' },
            { inspectionId: 'i-new', inspectionGuid: 'i-new', packageType: 2, componentType: 1, isActive: true, inspectionDate: '2026-03-05T10:30:00.000Z' },
          ]
        : [],
  };
}

export const TYPES: Record<string, ComponentTypeItem[]> = {
  generator: [{ typeId: 'g-1', kind: 'generator', windFarmId: 'p-dogger', name: 'SG 14-222 DD', manufacturer: null, model: null, ratedPower: 14000, updatedAt: '2026-01-01T00:00:00Z' }],
  blade: [
    {
      typeId: 'b-1',
      kind: 'blade',
      windFarmId: 'p-dogger',
      name: 'B108',
      manufacturer: 'Siemens Gamesa Blades',
      bladeManufacturer: 'Siemens Gamesa Blades',
      model: null,
      length: 108,
      width: 5.8,
      updatedAt: '2026-01-01T00:00:00Z',
    },
  ],
  nacelle: [],
  tower: [],
  foundation: [],
};

export type Call = FakeCall;

export type Responder = (call: Call) => { status: number; body?: unknown } | undefined;

/**
 * A fetch stub serving the asset API from fixtures; `overrides` answer first (e.g. a refusal).
 * Returns the stub and the list of calls it saw.
 */
export function assetFetch(overrides: Responder = () => undefined) {
  return recordingFetch((call) => {
    const answer = overrides(call) ?? defaultAnswer(call);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

function defaultAnswer({ method, path, query }: Call): { status: number; body?: unknown } {
  const page = <T,>(all: T[]) => {
    const size = Number(query.get('pageSize') ?? 10);
    const index = Number(query.get('pageIndex') ?? 1);
    return { results: all.slice((index - 1) * size, index * size), totalCount: all.length };
  };
  if (method === 'GET' && path === '/context/api/v1/plants') return { status: 200, body: page(PARKS) };
  let m = /^\/context\/api\/v1\/plants\/([^/]+)$/.exec(path);
  if (method === 'GET' && m) return { status: 200, body: PARKS.find((p) => p.windFarmId === m![1]) };
  m = /^\/context\/api\/v1\/plants\/([^/]+)\/last-inspection-info$/.exec(path);
  if (m) {
    return m[1] === 'p-dogger'
      ? { status: 200, body: { windFarmId: 'p-dogger', lastInspectionTime: '2026-03-05T10:30:00.000Z', inspectionId: 'i-new', turbineId: 't-1', packageType: 2 } }
      : { status: 404, body: { code: 'LAST_INSPECTION_TIME_NOT_EXIST', message: 'Last Inspection Time Does Not Exist' } };
  }
  if (/^\/context\/api\/v2\/plants\/[^/]+\/projects$/.test(path)) {
    return { status: 200, body: { results: [{ projectId: 'pr-1', projectName: 'Spring campaign 2026', projectStatusType: 1, projectType: 1, operation: false, campaignTypes: [] }], totalCount: 1 } };
  }
  if (method === 'GET' && /^\/context\/api\/v1\/plants\/[^/]+\/turbines$/.test(path)) {
    return { status: 200, body: page([1, 2, 3].map((i) => turbine(i))) };
  }
  if (/^\/context\/api\/v2\/plants\/[^/]+\/all-turbines$/.test(path)) return { status: 200, body: [1, 2, 3].map((i) => turbine(i)) };
  m = /^\/context\/api\/v1\/plants\/[^/]+\/(\w+)-types$/.exec(path);
  if (m) return { status: 200, body: { results: TYPES[m[1]!] ?? [], totalCount: (TYPES[m[1]!] ?? []).length } };
  if (path === '/gw/asset/api/v2/windPark/allPermittedProjectFarms') return { status: 200, body: PARK_LIST };
  if (path === '/context/api/v2/Customers') {
    return { status: 200, body: { results: [{ customerId: CUSTOMER_ID, customerName: 'North Sea Wind' }], totalCount: 1 } };
  }
  if (method === 'POST' && /\/turbines$/.test(path)) return { status: 200, body: turbine(9) };
  return { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
}
