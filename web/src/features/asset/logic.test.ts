import { describe, expect, it } from 'vitest';
import { errorText } from '@/shared/contracts';
import { formatDate, formatNumber } from '@/shared/utils/format';
import { uuidV4 } from '@/shared/utils/uuid';
import { assetPaths, fetchAllPages, pageParams } from './assetApi';
import { applySelection, assetSlice, EMPTY_SELECTION, selectionChanged } from './assetSlice';
import { sessionReset } from '@/core/session/sessionSlice';
import { errorMessageOf } from '@/core/api/errorMessage';
import { clusterAppearance, filterParks, hasLocation, lonLatExtent, markerAppearance, MARKER_COLORS, tilesUnavailable } from './globalMap/markers';
import { pickOption, queryFromSelection, selectionFromQuery, sortFromTable, sortOrderOf, INSPECTION_TYPE_ORDER } from './selection';
import { bladeProblemText, checkBlades, checkNumber, NUMBER_RULES } from './validation';
import { toTurbineBody, newTurbineValues, turbineToValues } from './assetConfig/TurbineForm';
import { toTypeBody } from './assetConfig/ComponentTypesPanel';
import { toParkBody } from './assetConfig/ParkForm';
import { inspectionsOfType, isBladeInspectionType } from './turbine/TurbinePage';
import { assetConfigGrants } from './assetConfig/AssetConfigPage';
import { PARKS, turbine } from '@/test/fixtures/asset';

describe('selection state (userSelectedData)', () => {
  it('a new park clears its project, turbine, inspection and blade; the type stays', () => {
    const s = applySelection(
      { ...EMPTY_SELECTION, windFarmId: 'a', projectId: 'p', turbineId: 't', inspectionId: 'i', bladeId: 'b', bladeSerialNo: 's', inspectionSubType: 2 },
      { windFarmId: 'b' },
    );
    expect(s).toEqual({ ...EMPTY_SELECTION, windFarmId: 'b', inspectionSubType: 2 });
  });

  it('a new turbine clears inspection and blade but keeps park and project; patches given together are kept', () => {
    const before = { ...EMPTY_SELECTION, windFarmId: 'a', projectId: 'p', turbineId: 't', inspectionId: 'i', bladeId: 'b' };
    expect(applySelection(before, { turbineId: 'u' })).toEqual({ ...EMPTY_SELECTION, windFarmId: 'a', projectId: 'p', turbineId: 'u' });
    expect(applySelection(before, { windFarmId: 'z', projectId: 'q' })).toMatchObject({ windFarmId: 'z', projectId: 'q', turbineId: null });
    expect(applySelection(before, { windFarmId: 'a' })).toEqual(before);
  });

  it('the slice applies changes and forgets the selection on logout', () => {
    let state = assetSlice.reducer(undefined, selectionChanged({ windFarmId: 'a', inspectionSubType: 5 }));
    expect(state.userSelectedData).toMatchObject({ windFarmId: 'a', inspectionSubType: 5 });
    state = assetSlice.reducer(state, sessionReset());
    expect(state.userSelectedData).toEqual(EMPTY_SELECTION);
  });
});

describe('URL query of the selectors', () => {
  it('reads known fields, drops junk and unknown inspection types', () => {
    expect(selectionFromQuery(new URLSearchParams('windFarmId=p1&turbineId=t1&inspectionType=5&bladeId=&x=1'))).toEqual({
      windFarmId: 'p1',
      turbineId: 't1',
      inspectionSubType: 5,
    });
    expect(selectionFromQuery(new URLSearchParams('inspectionType=9'))).toEqual({});
    expect(selectionFromQuery(new URLSearchParams('inspectionType=0'))).toEqual({ inspectionSubType: 0 });
  });

  it('writes the chosen fields in order, leaving empty ones out; round-trips', () => {
    const q = queryFromSelection({ windFarmId: 'p 1', projectId: null, inspectionSubType: 0, turbineId: 't' }, ['windFarmId', 'projectId', 'inspectionSubType']);
    expect(q).toBe('windFarmId=p+1&inspectionType=0');
    expect(selectionFromQuery(new URLSearchParams(q))).toEqual({ windFarmId: 'p 1', inspectionSubType: 0 });
  });

  it('picks the URL choice, else the stored one, else the first option', () => {
    expect(pickOption(['a', 'b'], 'b', 'a')).toBe('b');
    expect(pickOption(['a', 'b'], 'zz', 'b')).toBe('b');
    expect(pickOption(['a', 'b'], null, 'zz')).toBe('a');
    expect(pickOption([], 'a', 'b')).toBeNull();
    expect(pickOption(['a'], null, null, false)).toBeNull();
  });

  it('offers the six part-2 inspection types, blade external first', () => {
    expect(INSPECTION_TYPE_ORDER).toEqual([1, 5, 2, 3, 4, 0]);
  });
});

describe('server paging and sorting', () => {
  it('maps an antd sorter to fieldToSort/descending, ignoring unknown columns and cleared sorts', () => {
    expect(sortFromTable({ columnKey: 'serialNumber', order: 'descend' }, ['turbineName', 'serialNumber'])).toEqual({
      fieldToSort: 'serialNumber',
      descending: true,
    });
    expect(sortFromTable({ field: 'turbineName', order: 'ascend' }, ['turbineName'])).toEqual({ fieldToSort: 'turbineName', descending: false });
    expect(sortFromTable({ columnKey: 'defectCount', order: 'ascend' }, ['turbineName'])).toEqual({});
    expect(sortFromTable({ columnKey: 'turbineName', order: null }, ['turbineName'])).toEqual({});
    expect(sortOrderOf('turbineName', { fieldToSort: 'turbineName', descending: true })).toBe('descend');
    expect(sortOrderOf('serialNumber', { fieldToSort: 'turbineName' })).toBeNull();
  });

  it('builds page parameters with trimmed filters only when set', () => {
    expect(pageParams({ pageIndex: 2, pageSize: 20, fieldToSort: 'turbineName', descending: false, turbineName: ' DBN ' }, ['turbineName'])).toEqual({
      pageIndex: 2,
      pageSize: 20,
      fieldToSort: 'turbineName',
      descending: false,
      turbineName: 'DBN',
    });
    expect(pageParams({ pageIndex: 1, pageSize: 10, windFarmName: '', active: false }, ['windFarmName', 'active'])).toEqual({
      pageIndex: 1,
      pageSize: 10,
      active: false,
    });
  });

  it('pages through a list until the total is reached', async () => {
    const seen: number[] = [];
    const result = await fetchAllPages<number>(
      async (args) => {
        const pageIndex = Number(args.params?.pageIndex);
        seen.push(pageIndex);
        return { data: { results: pageIndex < 3 ? Array(500).fill(pageIndex) : [3, 3], totalCount: 1002 } };
      },
      '/x',
    );
    expect(seen).toEqual([1, 2, 3]);
    expect('data' in result && result.data.length).toBe(1002);
  });

  it('uses the capitalised generator item path and lower-case list paths', () => {
    expect(assetPaths.type('p', 'generator', 't')).toBe('/context/api/v1/plants/p/Generator-types/t');
    expect(assetPaths.type('p', 'blade', 't')).toBe('/context/api/v1/plants/p/blade-types/t');
    expect(assetPaths.types('p', 'generator')).toBe('/context/api/v1/plants/p/generator-types');
  });
});

describe('global map markers', () => {
  it('a cluster of nearby parks shows its park count and grows with it; tiles count as unavailable only when several failed and none loaded', () => {
    expect(clusterAppearance(2)).toMatchObject({ fill: MARKER_COLORS.cluster, label: '2', radius: 17 });
    expect(clusterAppearance(150)).toMatchObject({ label: '99+', radius: 26 });
    expect(tilesUnavailable({ loaded: 0, failed: 2 })).toBe(false);
    expect(tilesUnavailable({ loaded: 0, failed: 3 })).toBe(true);
    expect(tilesUnavailable({ loaded: 1, failed: 9 })).toBe(false);
  });

  it('colours by active state, highlights the selection and labels the turbine count', () => {
    expect(markerAppearance({ active: true, turbineCount: 8 })).toMatchObject({ fill: MARKER_COLORS.active, label: '8', zIndex: 2 });
    expect(markerAppearance({ active: false, turbineCount: 0 })).toMatchObject({ fill: MARKER_COLORS.inactive, label: '0', radius: 10, zIndex: 1 });
    const sel = markerAppearance({ active: false, turbineCount: 8 }, true);
    expect(sel.fill).toBe(MARKER_COLORS.selected);
    expect(sel.zIndex).toBe(3);
  });

  it('grows with the turbine count within bounds', () => {
    const r = (n: number) => markerAppearance({ active: true, turbineCount: n }).radius;
    expect(r(1)).toBeLessThan(r(100));
    expect(r(100000)).toBe(22);
    expect(markerAppearance({ active: true, turbineCount: 12345 }).label).toBe('999+');
  });

  it('places only parks with valid coordinates; filters by name, customer or region', () => {
    expect(PARKS.filter(hasLocation).map((p) => p.windFarmName)).toEqual(['Dogger Bank North', 'Hornsea Edge']);
    expect(hasLocation({ latitude: 91, longitude: 0 })).toBe(false);
    expect(lonLatExtent(PARKS)).toEqual([1.79, 53.88, 2.13, 54.92]);
    expect(lonLatExtent([PARKS[2]!])).toBeNull();
    expect(filterParks(PARKS, 'gobi').map((p) => p.windFarmId)).toEqual(['p-bayan']);
    expect(filterParks(PARKS, ' north sea ').length).toBe(2);
    expect(filterParks(PARKS, '').length).toBe(3);
  });
});

describe('turbine form rules (mirroring contracts)', () => {
  const blades = (...pairs: Array<[string, string]>) => pairs.map(([name, serialNumber]) => ({ name, serialNumber }));

  it('accepts exactly 3 blades with unique names and serials', () => {
    expect(checkBlades(blades(['A', '1'], ['B', '2'], ['C', '3']))).toBeNull();
  });

  it('refuses 2 or 4 blades with the catalogue text, in both languages', () => {
    const p = checkBlades(blades(['A', '1'], ['B', '2']))!;
    expect(p.code).toBe('BLADES_PER_TURBINE');
    expect(bladeProblemText(p, 'en_us')).toBe('A turbine must have exactly 3 blades.');
    expect(bladeProblemText(p, 'zh_cn')).toBe(errorText('BLADES_PER_TURBINE', 'zh_cn'));
    expect(checkBlades(blades(['A', '1'], ['B', '2'], ['C', '3'], ['D', '4']))?.code).toBe('BLADES_PER_TURBINE');
  });

  it('marks repeated names or serials (trimmed, any case) and missing values', () => {
    expect(checkBlades(blades(['A', '1'], [' a ', '2'], ['C', '3']))).toEqual({ code: 'BLADE_NAME_SERIAL_REPEATED', indexes: [0, 1] });
    expect(checkBlades(blades(['A', 'x'], ['B', '2'], ['C', 'X']))).toEqual({ code: 'BLADE_NAME_SERIAL_REPEATED', indexes: [0, 2] });
    expect(checkBlades(blades(['A', '1'], ['B', ''], ['C', '3']))).toEqual({ code: 'REQUIRED', indexes: [1] });
  });

  it('checks numbers against the service limits', () => {
    expect(checkNumber(null, NUMBER_RULES.capacity)).toBeNull();
    expect(checkNumber(12.345, NUMBER_RULES.capacity)).toBe('decimals');
    expect(checkNumber(-1, NUMBER_RULES.capacity)).toBe('range');
    expect(checkNumber(91, NUMBER_RULES.latitude)).toBe('range');
    expect(checkNumber(undefined, { ...NUMBER_RULES.bladeLength, required: true })).toBe('required');
    expect(checkNumber('abc', NUMBER_RULES.bladeLength)).toBe('notNumber');
    expect(checkNumber(108.25, NUMBER_RULES.bladeLength)).toBeNull();
    expect(checkNumber(14000.5, NUMBER_RULES.ratedPower)).toBeNull();
  });

  it('builds the turbine body: trimmed texts, nulls for empties, asset configs keep only own devices', () => {
    const v = {
      ...newTurbineValues(),
      turbineName: ' T-1 ',
      serialNumber: ' ',
      blades: blades([' A', 's1 '], ['B', 's2'], ['C', 's3']),
      devices: [{ guid: 'g1', displayName: ' Drone ', bizId: '', serialNumber: 'SN' }],
      assetConfigs: [{ packageType: 1, devices: ['g1', 'gone'] }, { devices: [] }],
    };
    expect(toTurbineBody(v)).toEqual({
      turbineName: 'T-1',
      serialNumber: null,
      turbineTypeGuid: null,
      bladeTypeGuid: null,
      nacelleTypeGuid: null,
      towerTypeGuid: null,
      foundationTypeGuid: null,
      latitude: null,
      longitude: null,
      blades: blades(['A', 's1'], ['B', 's2'], ['C', 's3']),
      devices: [{ guid: 'g1', displayName: 'Drone', bizId: null, serialNumber: 'SN' }],
      assetConfigs: [{ packageType: 1, devices: ['g1'] }],
    });
    expect(newTurbineValues().blades).toHaveLength(3);
  });

  it('edits start from the turbine as stored (blades by position, device guids kept)', () => {
    const values = turbineToValues(turbine(1));
    expect(values.blades.map((b) => b.name)).toEqual(['A', 'B', 'C']);
    expect(values.assetConfigs[0]).toEqual({ packageType: 1, devices: [turbine(1).devices[0]!.guid] });
    expect(toTurbineBody(values).devices?.[0]?.guid).toBe(turbine(1).devices[0]!.guid);
  });

  it('type and park bodies carry each kind its own fields', () => {
    expect(toTypeBody('blade', { name: ' B1 ', bladeManufacturer: 'LM', length: 80, width: 4 })).toEqual({
      name: 'B1',
      manufacturer: 'LM',
      model: null,
      bladeManufacturer: 'LM',
      length: 80,
      width: 4,
    });
    expect(toTypeBody('tower', { name: 'T', height: 100, length: 3 })).toEqual({ name: 'T', manufacturer: null, model: null, height: 100 });
    expect(toParkBody({ windFarmName: ' P ', customerId: 'c', region: ' ', capacity: 5 })).toMatchObject({ windFarmName: 'P', region: null, capacity: 5 });
  });
});

describe('turbine page helpers and rights', () => {
  it('lists inspections of one type newest first; blade selectors only for blade inspections', () => {
    expect(inspectionsOfType(turbine(1), 1).map((i) => i.inspectionId)).toEqual(['i-new', 'i-old']);
    expect(inspectionsOfType(turbine(1), 2)).toEqual([]);
    expect([1, 5, 2, 0].map(isBladeInspectionType)).toEqual([true, true, false, false]);
  });

  it('asset config edit grants everything, turbine.add only adding turbines, unknown = nothing', () => {
    expect(assetConfigGrants([{ key: 'assetConfig.edit', value: true }])).toEqual({ canEdit: true, canAddTurbine: true });
    expect(assetConfigGrants([{ key: 'turbine.add', value: true }])).toEqual({ canEdit: false, canAddTurbine: true });
    expect(assetConfigGrants([{ key: 'assetConfig.edit', value: false }])).toEqual({ canEdit: false, canAddTurbine: false });
    expect(assetConfigGrants([])).toEqual({ canEdit: false, canAddTurbine: false });
  });
});

describe('formatting and errors', () => {
  it('formats numbers with thousands separators and dates in the locale', () => {
    expect(formatNumber(1234567.5, 'en_us')).toBe('1,234,567.5');
    expect(formatNumber(1200, 'zh_cn')).toBe('1,200');
    expect(formatNumber(null, 'en_us')).toBe('–');
    expect(formatDate('2026-03-05T10:30:00Z', 'en_us')).toBe('Mar 5, 2026');
    expect(formatDate('2026-03-05T10:30:00Z', 'zh_cn')).toBe('2026年3月5日');
    expect(formatDate('nonsense', 'en_us')).toBe('–');
  });

  it('translates a refusal from the body in the current language', () => {
    const error = { status: 409, data: { code: 'TURBINE_SERIAL_EXISTS', message: 'Turbine serial number already exists' }, message: 'x' };
    expect(errorMessageOf(error, 'en_us')).toBe('The turbine serial number already exists.');
    expect(errorMessageOf(error, 'zh_cn')).toBe('风机序列号已存在。');
    expect(errorMessageOf({ status: 'NETWORK', message: 'Bad request.' }, 'zh_cn')).toBe('Bad request.');
  });

  it('makes version-4 uuids', () => {
    expect(uuidV4()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidV4((b) => b.fill(0))).toBe('00000000-0000-4000-8000-000000000000');
  });
});
