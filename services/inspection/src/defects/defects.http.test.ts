import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileStoreKey } from '@windward/service-kit';
import { EventTypes, Rights, errorText } from '@windward/contracts';
import { InspectionHarness, jpeg, type Body } from '../testing/inspection-harness.js';

const BASE = '/gw/inspection/api/v2';
const TRI = [
  [10, 10],
  [100, 10],
  [100, 80],
];

describe('defects: rules, DPS flow, lists with filters, templates, events', () => {
  let h: InspectionHarness;
  let park: { parkId: string; customerId: string };
  let insp: Body;
  let image: string;
  const defects = async () => (await h.sql('SELECT * FROM inspection.defect ORDER BY created_at')) as Body[];
  const create = (json: Record<string, unknown>, inspectionId = insp.inspectionId) =>
    h.api(`${BASE}/inspections/${inspectionId}/defects`, {
      method: 'POST',
      json: { imageId: image, defectType: 'Erosion', polygon: TRI, ...json },
    });

  before(async () => {
    h = await InspectionHarness.start();
    park = await h.park('Hornsea');
    const turbine = await h.turbine(park.parkId, 'WTG-01', 60);
    insp = await h.inspection(turbine, '2025-06-01');
    image = (await h.upload(insp.inspectionId, await jpeg(400, 300), 'a.jpg', { bladePosition: 2, path: 6 })).body.imageId;
  });
  after(async () => h?.stop());

  test('create: every field kept, number allocated, blade and side from the image, W3C selector, event published', async () => {
    const r = await create({
      severity: 3,
      layer: 'Laminate',
      affectedPart: 'Shell',
      recommendation: 'Repair',
      sizeLength: 12.5,
      sizeWidth: '3.125',
      distanceToRoot: 60,
      chordwiseStart: 0.2,
      chordwiseEnd: 0.45,
      repairPriority: 2,
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const d = r.body;
    assert.deepEqual(
      [d.defectNo, d.bladePosition, d.position, d.severity, d.sizeWidth, d.distanceToRoot, d.repairPriority, d.dpsStatus, d.timelineStatus],
      ['000001', 2, 6, 3, 3.125, 60, 2, 2, 'NOT_APPLICABLE'],
    );
    assert.deepEqual(d.polygon, TRI);
    assert.deepEqual(d.selector, { type: 'SvgSelector', value: '<svg><polygon points="10,10 100,10 100,80"></polygon></svg>' });
    const ev = (await h.published(EventTypes.InspectionDefectCreated)).at(-1);
    // What repair's defect read model and report's defect tables need travels along (park, turbine, number, position, size, priority, timeline).
    assert.deepEqual(ev.payload, {
      defectId: d.defectId,
      inspectionId: insp.inspectionId,
      severity: 3,
      dpsStatus: 2,
      windFarmId: d.windFarmId,
      turbineId: d.turbineId,
      defectNo: '000001',
      defectType: 'Erosion',
      bladePosition: 2,
      position: 6,
      distanceToRoot: 60,
      sizeLength: 12.5,
      sizeWidth: 3.125,
      repairPriority: 2,
      recommendation: 'Repair',
      timelineStatus: 'NOT_APPLICABLE',
      // Report's photo crops: the outline and the original in the shared file store.
      polygon: TRI,
      image: { uri: `filestore:inspection/images/${insp.inspectionId}/${image}/original.jpg`, width: 400, height: 300 },
    });
    assert.ok(existsSync(path.join(h.filesDir, fileStoreKey(ev.payload.image.uri)!)), 'the URI names the stored original');
    assert.equal((await create({ defectNo: '000042' })).body.defectNo, '000042');
    assert.equal((await create({})).body.defectNo, '000043');
  });

  test('bad input is refused with the catalogue code and nothing is written', async () => {
    const before = (await defects()).length;
    const events = (await h.published(EventTypes.InspectionDefectCreated)).length;
    const cases: [Record<string, unknown>, number, string | number][] = [
      [{ distanceToRoot: -5.01 }, 400, -13013],
      [{ distanceToRoot: 60.01 }, 400, -13013],
      [{ distanceToRoot: '12.345' }, 400, 'DECIMAL_PLACES_EXCEEDED'],
      [{ sizeLength: 1.2345 }, 400, 'DECIMAL_PLACES_EXCEEDED'],
      [{ chordwiseStart: 0.6, chordwiseEnd: 0.5 }, 400, 'MIN_GREATER_THAN_MAX'],
      [{ defectNo: '12345' }, 400, 'INVALID_DEFECT_ID'],
      [{ defectNo: '000042' }, 409, -10018],
      [{ polygon: [] }, 400, 'POLYGON_REQUIRED'],
      [
        {
          polygon: [
            [0, 0],
            [401, 0],
            [10, 10],
          ],
        },
        400,
        'POLYGON_OUT_OF_IMAGE',
      ],
      [
        {
          polygon: [
            [0, 0],
            [1, 1],
          ],
        },
        400,
        'VALIDATION_FAILED',
      ],
      [{ severity: 6 }, 400, 'VALIDATION_FAILED'],
      [{ repairPriority: 5 }, 400, 'VALIDATION_FAILED'],
      [{ defectType: '' }, 400, 'REQUIRED'],
      [{ imageId: randomUUID() }, 404, 'NOT_FOUND'],
    ];
    for (const [body, status, code] of cases) {
      const r = await create(body);
      assert.deepEqual([r.status, r.body.code], [status, code], JSON.stringify(body));
    }
    const zh = await create({ distanceToRoot: -6 }).then(() =>
      h.api(`${BASE}/inspections/${insp.inspectionId}/defects`, {
        method: 'POST',
        locale: 'zh_cn',
        json: { imageId: image, defectType: 'Erosion', polygon: TRI, distanceToRoot: -6 },
      }),
    );
    assert.equal(zh.body.message, errorText(-13013, 'zh_cn'));
    assert.equal((await defects()).length, before);
    assert.equal((await h.published(EventTypes.InspectionDefectCreated)).length, events);
    // A refused update leaves the row as it was.
    const [first] = await defects();
    const up = await h.api(`${BASE}/defects/${first.id}`, { method: 'PATCH', json: { distanceToRoot: 61, severity: 1 } });
    assert.equal(up.body.code, -13013);
    assert.equal((await h.api(`${BASE}/defects/${first.id}`)).body.severity, 3);
  });

  test('DPS status follows the allowed transitions only', async () => {
    const id = (await create({})).body.defectId;
    const put = (s: number) => h.api(`${BASE}/defects/${id}/dps-status`, { method: 'PUT', json: { dpsStatus: s } });
    const refused = await put(4); // pending → customer rejected is not a step
    assert.deepEqual([refused.status, refused.body.code], [409, 'ILLEGAL_TRANSITION']);
    assert.equal((await h.api(`${BASE}/defects/${id}`)).body.dpsStatus, 2);
    for (const s of [3, 2, 1, 4, 2, 0, 2]) assert.equal((await put(s)).status, 200, `→ ${s}`);
    assert.equal((await put(7)).body.code, 'ILLEGAL_TRANSITION');
    const reader = await h.token({ rights: [Rights.BLADE_SHOW] });
    assert.equal((await h.api(`${BASE}/defects/${id}/dps-status`, { method: 'PUT', token: reader, json: { dpsStatus: 1 } })).status, 403);
    const updated = (await h.published(EventTypes.InspectionDefectUpdated)).at(-1);
    assert.equal(updated.payload.defectId, id);
  });

  test('park list: DPS priority order, filters by severity, type and status, paging; other parks need their own scope', async () => {
    const all = (await h.api(`${BASE}/defects?windFarmId=${park.parkId}&pageSize=100`)).body;
    assert.equal(all.totalCount, (await defects()).length);
    // The list reads its rows through raw SQL, single reads through the entity: the same view.
    for (const d of all.results as Body[]) {
      assert.deepEqual([d.turbineName, d.inspectionDate], ['WTG-01', '2025-06-01']);
      const single = (await h.api(`${BASE}/defects/${d.defectId}`)).body;
      assert.deepEqual(d, { ...single, turbineName: d.turbineName, inspectionDate: d.inspectionDate });
    }
    const ranks = all.results.map((d: Body) => [4, 2, 3, 1, 0].indexOf(d.dpsStatus));
    assert.deepEqual(
      ranks,
      [...ranks].sort((a: number, b: number) => a - b),
    );
    const sev = (await h.api(`${BASE}/defects?windFarmId=${park.parkId}&severity=3`)).body;
    assert.deepEqual(
      sev.results.map((d: Body) => d.severity),
      [3],
    );
    const typed = (await h.api(`${BASE}/defects?windFarmId=${park.parkId}&defectType=erosion&dpsStatus=2&pageSize=2`)).body;
    assert.ok(typed.totalCount >= 3);
    assert.equal(typed.results.length, 2);
    assert.ok(typed.results.every((d: Body) => d.dpsStatus === 2 && d.turbineName === 'WTG-01' && d.inspectionDate === '2025-06-01'));
    assert.equal((await h.api(`${BASE}/defects?windFarmId=${park.parkId}&severity=9`)).body.code, 'VALIDATION_FAILED');
    assert.equal((await h.api(`${BASE}/defects`)).body.code, 'VALIDATION_FAILED');
    const stranger = await h.token({ rights: [], cid: [randomUUID()] });
    assert.equal((await h.api(`${BASE}/defects?windFarmId=${park.parkId}`, { token: stranger })).status, 404);
  });

  test('templates per customer: duplicates refused; once a customer has types, defects must use them (-10019)', async () => {
    const url = (k: string) => `${BASE}/customers/${park.customerId}/defect-templates/${k}`;
    assert.equal((await h.api(url('types'), { method: 'POST', json: { name: 'Erosion' } })).status, 201);
    const dupType = await h.api(url('types'), { method: 'POST', json: { name: ' erosion ' } });
    assert.deepEqual([dupType.status, dupType.body.code], [409, 'DEFECT_TYPE_EXISTS']);
    assert.equal((await h.api(url('recommendations'), { method: 'POST', json: { name: 'Repair' } })).status, 201);
    assert.equal((await h.api(url('recommendations'), { method: 'POST', json: { name: 'REPAIR' } })).body.code, 'RECOMMENDATION_EXISTS');
    assert.equal((await h.api(url('severities'), { method: 'POST', json: { name: 'Serious', level: 4 } })).status, 201);
    assert.equal((await h.api(url('severities'), { method: 'POST', json: { name: 'Serious', level: 3 } })).body.code, 'RESULT_EXISTS');
    assert.equal((await h.api(url('severities'), { method: 'POST', json: { name: 'Bad', level: 7 } })).body.code, 'VALIDATION_FAILED');
    const t = (await h.api(`${BASE}/customers/${park.customerId}/defect-templates`)).body;
    assert.deepEqual([t.types.length, t.severities.length, t.recommendations.length], [1, 1, 1]);
    const before = (await defects()).length;
    assert.equal((await create({ defectType: 'Crack' })).body.code, -10019);
    assert.equal((await create({ recommendation: 'Paint it' })).body.code, -10019);
    assert.equal((await defects()).length, before);
    assert.equal((await create({ defectType: 'EROSION', recommendation: 'repair' })).status, 201);
    const writer = await h.token({ rights: [Rights.DEFECT_CONFIG_SHOW] });
    assert.equal((await h.api(url('types'), { method: 'POST', token: writer, json: { name: 'Crack' } })).status, 403);
    // Each change announces the whole template (import's copy); a refused one announces nothing.
    const announced = async () => (await h.published(EventTypes.InspectionDefectTemplateChanged)).filter((e) => e.key === park.customerId);
    assert.equal((await announced()).length, 3);
    assert.equal((await h.api(`${url('types')}/${t.types[0].id}`, { method: 'DELETE' })).status, 204);
    const last = (await announced()).at(-1)!;
    assert.deepEqual(last.payload, { customerId: park.customerId, types: [], severities: [{ name: 'Serious', level: 4 }], recommendations: ['Repair'] });
  });

  test('update and delete publish their events', async () => {
    const id = (await create({})).body.defectId;
    const up = await h.api(`${BASE}/defects/${id}`, {
      method: 'PATCH',
      json: {
        severity: 5,
        polygon: [
          [1, 1],
          [2, 1],
          [2, 2],
          [1, 2],
        ],
      },
    });
    assert.equal(up.status, 200);
    assert.equal(up.body.severity, 5);
    assert.equal((await h.published(EventTypes.InspectionDefectUpdated)).at(-1).payload.severity, 5);
    assert.equal((await h.api(`${BASE}/defects/${id}`, { method: 'DELETE' })).status, 204);
    assert.deepEqual((await h.published(EventTypes.InspectionDefectDeleted)).at(-1).payload, { id });
    assert.equal((await h.api(`${BASE}/defects/${id}`)).status, 404);
  });

  test('a kept count follows the park: a new, an edited and a deleted defect move the counts of the park, turbine and inspection lists', async () => {
    const own = await h.park('Counted');
    const t = await h.turbine(own.parkId, 'C-01');
    const i = await h.inspection(t, '2025-02-01');
    const img = (await h.upload(i.inspectionId, await jpeg(100, 100), 'c.jpg')).body.imageId;
    const add = async (severity: number) => (await create({ imageId: img, severity }, i.inspectionId)).body.defectId as string;
    const counts = async (filter = '') =>
      Promise.all(
        [`windFarmId=${own.parkId}`, `turbineId=${t}`, `inspectionId=${i.inspectionId}`].map(
          async (scope) => (await h.api(`${BASE}/defects?${scope}${filter}`)).body.totalCount as number,
        ),
      );
    const first = await add(2);
    await add(4);
    assert.deepEqual(
      [await counts(), await counts('&severity=4')],
      [
        [2, 2, 2],
        [1, 1, 1],
      ],
    );
    assert.deepEqual(
      [await counts(), await counts('&severity=4')],
      [
        [2, 2, 2],
        [1, 1, 1],
      ],
      'asked again: the same',
    );
    const third = await add(4);
    assert.deepEqual(
      [await counts(), await counts('&severity=4')],
      [
        [3, 3, 3],
        [2, 2, 2],
      ],
    );
    assert.equal((await h.api(`${BASE}/defects/${first}`, { method: 'PATCH', json: { severity: 4 } })).status, 200);
    assert.deepEqual(await counts('&severity=4'), [3, 3, 3]);
    await h.sql('DELETE FROM inspection.defect WHERE id = $1', [third]);
    assert.deepEqual(
      [await counts(), await counts('&severity=4')],
      [
        [2, 2, 2],
        [2, 2, 2],
      ],
    );
  });

  test('large lists: exact counts up to 10,000, the planner estimate beyond (totalCountExact false)', async () => {
    const other = await h.park('Big');
    const t = await h.turbine(other.parkId, 'B-01');
    const i = await h.inspection(t, '2025-01-01');
    const img = (await h.upload(i.inspectionId, await jpeg(100, 100), 'a.jpg')).body.imageId;
    await h.sql(
      `INSERT INTO inspection.defect (inspection_id, image_id, wind_park_id, turbine_id, defect_no, severity, defect_type, polygon, dps_status)
       SELECT $1, $2, $3, $4, lpad(s::text, 6, '0'), s % 6, 'Erosion', '[[1,1],[2,1],[2,2]]', s % 5 FROM generate_series(1, 12000) s`,
      [i.inspectionId, img, other.parkId, t],
    );
    await h.sql('ANALYZE inspection.defect');
    const big = (await h.api(`${BASE}/defects?windFarmId=${other.parkId}`)).body;
    assert.equal(big.totalCountExact, false);
    assert.ok(big.totalCount > 10_000, String(big.totalCount));
    assert.equal(big.results.length, 20);
    const small = (await h.api(`${BASE}/defects?windFarmId=${other.parkId}&severity=1&dpsStatus=1`)).body;
    assert.deepEqual([small.totalCountExact, small.totalCount], [true, 400]);
  });
});
