import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RepairStatus, Rights, errorText } from '@windward/contracts';
import { InspectionHarness, jpeg, type Body } from '../testing/inspection-harness.js';
import { SearchCompactionWorker } from './search-compaction.worker.js';

const BASE = '/gw/inspection/api/v2';
const TRI = [
  [10, 10],
  [100, 10],
  [100, 80],
];

describe('data center search: filters, paging, sorting, export selection, advanced search, saved queries, single point', () => {
  let h: InspectionHarness;
  let park: { parkId: string; customerId: string };
  let t1: string;
  let t2: string;
  const img: Record<string, string> = {};
  const qs = (o: Record<string, unknown>) => new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const defects = (o: Record<string, unknown>, token?: string) => h.api(`${BASE}/search/defects?${qs({ windFarmId: park.parkId, ...o })}`, token ? { token } : {});
  const images = (o: Record<string, unknown>) => h.api(`${BASE}/search/images?${qs({ windFarmId: park.parkId, ...o })}`);
  const defect = async (inspectionId: string, imageId: string, json: Record<string, unknown>) => {
    const r = await h.api(`${BASE}/inspections/${inspectionId}/defects`, { method: 'POST', json: { imageId, defectType: 'Erosion', polygon: TRI, ...json } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body as Body;
  };

  before(async () => {
    h = await InspectionHarness.start();
    park = await h.park('Search park');
    t1 = await h.turbine(park.parkId, 'WTG-01', 60);
    t2 = await h.turbine(park.parkId, 'WTG-02', 60);
    const old1 = await h.inspection(t1, '2025-03-01', 1, { isActive: false });
    const new1 = await h.inspection(t1, '2025-09-01');
    const new2 = await h.inspection(t2, '2025-09-02');
    const up = async (key: string, inspectionId: string, bladePosition: number, path: number, distanceToRoot: number) => {
      const r = await h.upload(inspectionId, await jpeg(400, 300), `${key}.jpg`, { bladePosition, path, distanceToRoot });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      img[key] = r.body.imageId;
    };
    await up('old1', old1.inspectionId, 1, 5, 20);
    await up('new1le', new1.inspectionId, 1, 5, 20);
    await up('new1ps', new1.inspectionId, 2, 6, 40);
    await up('new2', new2.inspectionId, 3, 8, 10);
    await defect(old1.inspectionId, img.old1!, { severity: 2, distanceToRoot: 20.2 });
    await defect(new1.inspectionId, img.new1le!, { severity: 4, distanceToRoot: 20.5, sizeLength: 0.3 });
    await defect(new1.inspectionId, img.new1ps!, { severity: 1, defectType: 'Crack', distanceToRoot: 40 });
    await defect(new2.inspectionId, img.new2!, { severity: 5, defectType: 'Lightning damage', distanceToRoot: 10 });
  });
  after(async () => h?.stop());

  test('defects: one park, filters (turbine, blade, side, severity, type, date range, DPS, repair), server sort and paging', async () => {
    let r = await defects({});
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.totalCount, 4);
    // Default: newest inspection first.
    assert.equal(r.body.results[0].inspectionDate, '2025-09-02');
    assert.equal(r.body.results[0].turbineName, 'WTG-02');
    assert.equal(r.body.results[0].componentType, 1);
    assert.equal(r.body.results[0].repairStatus, null);

    r = await defects({ fieldToSort: 'severity', descending: true, pageSize: 2, pageIndex: 2 });
    assert.deepEqual(r.body.results.map((d: Body) => d.severity), [2, 1]);
    assert.equal(r.body.totalCount, 4);

    const pick = async (o: Record<string, unknown>) => (await defects({ ...o, fieldToSort: 'severity', descending: false })).body.results.map((d: Body) => d.severity);
    assert.deepEqual(await pick({ turbineId: t1 }), [1, 2, 4]);
    assert.deepEqual(await pick({ bladePosition: '1' }), [2, 4]);
    assert.deepEqual(await pick({ viewIndex: '6,8' }), [1, 5]);
    assert.deepEqual(await pick({ severity: '4,5' }), [4, 5]);
    assert.deepEqual(await pick({ defectType: 'crack' }), [1]);
    assert.deepEqual(await pick({ dateFrom: '2025-09-01', dateTo: '2025-09-01' }), [1, 4]);
    assert.deepEqual(await pick({ timelineStatus: 'NOT_APPLICABLE', dpsStatus: '2' }), [1, 2, 4, 5]);
    assert.deepEqual(await pick({ repairStatus: '0' }), [1, 2, 4, 5]);
    assert.deepEqual(await pick({ repairStatus: '3' }), []);
    assert.deepEqual(await pick({ componentType: '2' }), []);
  });

  test('search hits read their rows through raw SQL and show each defect and image as its single read does', async () => {
    const hits = (await defects({ pageSize: 100 })).body.results as Body[];
    assert.equal(hits.length, 4);
    for (const d of hits) {
      const single = (await h.api(`${BASE}/defects/${d.defectId}`)).body;
      const { componentType, repairStatus, turbineName, inspectionDate, ...rest } = d;
      assert.deepEqual({ ...rest, turbineName, inspectionDate }, { ...single, turbineName, inspectionDate }, d.defectId);
      assert.deepEqual([componentType, repairStatus], [1, null]);
    }
    const gallery = (await images({ pageSize: 100 })).body.results as Body[];
    assert.equal(gallery.length, 4);
    for (const g of gallery) {
      const single = (await h.api(`${BASE}/images/${g.imageId}`)).body;
      const { turbineName: _t, inspectionDate: _d, componentType: _c, defects: outlines, ...rest } = g;
      assert.deepEqual(rest, single, g.imageId);
      // Its outlines: each of its defects as the defect search shows it, in defect number order.
      const own = hits.filter((d) => d.imageId === g.imageId).sort((a, b) => String(a.defectNo).localeCompare(String(b.defectNo)));
      assert.deepEqual(
        outlines,
        own.map((d) => ({ defectId: d.defectId, defectNo: d.defectNo, severity: d.severity, defectType: d.defectType, polygon: d.polygon })),
        g.imageId,
      );
    }
  });

  test('images: gallery of the park with the outlines of the matching defects; defect filters keep images showing one', async () => {
    let r = await images({});
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.totalCount, 4);
    r = await images({ severity: '4,5', fieldToSort: 'turbineName', descending: false });
    assert.deepEqual(r.body.results.map((i: Body) => i.imageId), [img.new1le, img.new2]);
    assert.equal(r.body.results[0].defects.length, 1);
    assert.deepEqual(r.body.results[0].defects[0].polygon, TRI);
    assert.equal(r.body.results[0].turbineName, 'WTG-01');
    r = await images({ bladePosition: '2', viewIndex: '6' });
    assert.deepEqual(r.body.results.map((i: Body) => i.imageId), [img.new1ps]);
  });

  test('the order and date filter read the inspection date copied onto defects and images; a changed inspection date reaches both', async () => {
    const ds = h.svc.app.get(DataSource);
    const inspection = async () =>
      ((await ds.query(`SELECT inspection_id FROM inspection.image WHERE id = $1`, [img.new2]))[0] as { inspection_id: string }).inspection_id;
    const id = await inspection();
    const copies = async () =>
      ds.query(
        `SELECT (SELECT array_agg(DISTINCT inspection_date::text) FROM inspection.defect WHERE inspection_id = $1) AS defects,
                (SELECT array_agg(DISTINCT inspection_date::text) FROM inspection.image WHERE inspection_id = $1) AS images`,
        [id],
      );
    assert.deepEqual(await copies(), [{ defects: ['2025-09-02'], images: ['2025-09-02'] }]);
    await ds.query(`UPDATE inspection.inspection SET inspection_date = '2025-08-01' WHERE id = $1`, [id]);
    try {
      assert.deepEqual(await copies(), [{ defects: ['2025-08-01'], images: ['2025-08-01'] }]);
      let r = await defects({});
      assert.deepEqual(r.body.results.slice(0, 3).map((d: Body) => d.inspectionDate), ['2025-09-01', '2025-09-01', '2025-08-01']);
      r = await images({ dateFrom: '2025-08-01', dateTo: '2025-08-31' });
      assert.deepEqual(r.body.results.map((i: Body) => i.imageId), [img.new2]);
    } finally {
      await ds.query(`UPDATE inspection.inspection SET inspection_date = '2025-09-02' WHERE id = $1`, [id]);
    }
    assert.deepEqual(await copies(), [{ defects: ['2025-09-02'], images: ['2025-09-02'] }]);
  });

  test('limits: more than 200 turbines refused with the spec message; an unknown or foreign park is 404; a sort field outside the list is 400', async () => {
    const many = Array.from({ length: 201 }, () => randomUUID()).join(',');
    for (const path of ['defects', 'images', 'defects/export-selection']) {
      const r = await h.api(`${BASE}/search/${path}?${qs({ windFarmId: park.parkId, turbineId: many })}`, { locale: 'zh_cn' });
      assert.equal(r.status, 400, path);
      assert.equal(r.body.code, 'QUERY_TOO_MANY_TURBINES');
      assert.equal(r.body.message, errorText('QUERY_TOO_MANY_TURBINES', 'zh_cn'));
    }
    assert.equal((await defects({ windFarmId: randomUUID() })).status, 404);
    const other = await h.park('Other customer park');
    const scoped = await h.token({ rights: [Rights.MENU_SEARCH_EXPORT], cid: [randomUUID()], pid: null });
    assert.equal((await h.api(`${BASE}/search/defects?windFarmId=${other.parkId}`, { token: scoped })).status, 404);
    const noRight = await h.token({ rights: [], cid: null, pid: null });
    assert.equal((await defects({}, noRight)).status, 403);
    assert.equal((await defects({ fieldToSort: 'polygon' })).status, 400);
    assert.equal((await defects({ severity: '7' })).status, 400);
  });

  test('export selection: the defect ids for the report service; none → NO_QUALIFYING_DEFECTS; over 2,500 → -13012, 2,500 exactly is fine', async () => {
    const sel = (o: Record<string, unknown>) => h.api(`${BASE}/search/defects/export-selection?${qs(o)}`);
    let r = await sel({ windFarmId: park.parkId, severity: '4,5' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.count, 2);
    assert.equal(r.body.defectIds.length, 2);
    r = await sel({ windFarmId: park.parkId, severity: '0' });
    assert.equal(r.status, 404);
    assert.equal(r.body.code, 'NO_QUALIFYING_DEFECTS');

    const big = await h.park('Big park');
    const bt = await h.turbine(big.parkId, 'BIG-01', 60);
    const bi = await h.inspection(bt, '2025-10-01');
    const bimg = (await h.upload(bi.inspectionId, await jpeg(200, 200), 'b.jpg', { bladePosition: 1, path: 5 })).body.imageId;
    // Bulk rows (2,501 creations over HTTP would only slow the test; creation is covered in defects tests).
    await h.sql(
      `INSERT INTO inspection.defect (inspection_id, image_id, wind_park_id, turbine_id, defect_no, severity, defect_type, polygon)
       SELECT $1, $2, $3, $4, lpad(g::text, 6, '0'), 3, 'Erosion', '[[1,1],[5,1],[5,5]]' FROM generate_series(1, 2501) g`,
      [bi.inspectionId, bimg, big.parkId, bt],
    );
    r = await sel({ windFarmId: big.parkId });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, -13012);
    assert.equal(r.body.message, errorText(-13012, 'en_us'));
    await h.sql(`DELETE FROM inspection.defect WHERE inspection_id = $1 AND defect_no = '002501'`, [bi.inspectionId]);
    r = await sel({ windFarmId: big.parkId });
    assert.equal(r.status, 200);
    assert.equal(r.body.count, 2500);
  });

  test('image export selection: the gallery’s images, with or without defects, and the search’s defects; none → NO_QUALIFYING_IMAGES; over 2,500 images → EXPORT_ARCHIVE_TOO_LARGE', async () => {
    const sel = (o: Record<string, unknown>) => h.api(`${BASE}/search/images/export-selection?${qs(o)}`);
    const p2 = await h.park('Image export park');
    const t = await h.turbine(p2.parkId, 'IMG-01', 60);
    const insp = await h.inspection(t, '2025-10-02');
    const shown = (await h.upload(insp.inspectionId, await jpeg(200, 150), 'shown.jpg', { bladePosition: 1, path: 5 })).body.imageId;
    const bare = (await h.upload(insp.inspectionId, await jpeg(200, 150), 'bare.jpg', { bladePosition: 2, path: 6 })).body.imageId;
    const d = await defect(insp.inspectionId, shown, { severity: 3 });
    // No defect filter: every active image of the park, the one without a defect too.
    let r = await sel({ windFarmId: p2.parkId });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.images, [
      { imageId: shown, inspectionId: insp.inspectionId },
      { imageId: bare, inspectionId: insp.inspectionId },
    ]);
    assert.equal(r.body.count, 2);
    assert.deepEqual(r.body.defectIds, [d.defectId]);
    // Image filters narrow the images; a defect filter keeps the images showing a matching defect.
    assert.deepEqual((await sel({ windFarmId: p2.parkId, bladePosition: '2' })).body.images.map((x: Body) => x.imageId), [bare]);
    assert.deepEqual((await sel({ windFarmId: p2.parkId, bladePosition: '2' })).body.defectIds, []);
    assert.deepEqual((await sel({ windFarmId: p2.parkId, severity: '3' })).body.images.map((x: Body) => x.imageId), [shown]);
    r = await sel({ windFarmId: p2.parkId, severity: '5' });
    assert.equal(r.status, 404);
    assert.equal(r.body.code, 'NO_QUALIFYING_IMAGES');
    assert.equal(r.body.message, errorText('NO_QUALIFYING_IMAGES', 'en_us'));
    // A foreign park is 404 like the search.
    const scoped = await h.token({ rights: [Rights.IMAGE_EXPORT], cid: [randomUUID()], pid: null });
    assert.equal((await h.api(`${BASE}/search/images/export-selection?windFarmId=${p2.parkId}`, { token: scoped })).status, 404);
    // 2,501 active images (bulk copies of the bare one) are refused; 2,500 are fine.
    const cols = (await h.sql<{ c: string }>(
      `SELECT quote_ident(column_name) AS c FROM information_schema.columns WHERE table_schema = 'inspection' AND table_name = 'image' AND column_name <> 'id' ORDER BY ordinal_position`,
    )).map((x) => x.c).join(', ');
    await h.sql(`INSERT INTO inspection.image (${cols}) SELECT ${cols} FROM inspection.image, generate_series(1, 2499) WHERE id = $1`, [bare]);
    r = await sel({ windFarmId: p2.parkId });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, 'EXPORT_ARCHIVE_TOO_LARGE');
    await h.sql(`UPDATE inspection.image SET is_active = false WHERE id = $1`, [bare]);
    r = await sel({ windFarmId: p2.parkId });
    assert.equal(r.status, 200);
    assert.equal(r.body.count, 2500);
  });

  test('advanced search over at most 200 turbines; saved queries per user (201 turbines refused, nothing saved)', async () => {
    const adv = (criteria: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      h.api(`${BASE}/search/advanced`, { method: 'POST', json: { criteria, ...extra } });
    let r = await adv({ turbineIds: [t1, t2], severity: [4, 5], distanceFrom: 15 }, { fieldToSort: 'severity' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.results.map((d: Body) => d.severity), [4]);
    r = await adv({ turbineIds: [t1], minSize: 0.2 });
    assert.deepEqual(r.body.results.map((d: Body) => d.severity), [4]);

    const many = Array.from({ length: 201 }, () => randomUUID());
    r = await adv({ turbineIds: many });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, 'QUERY_TOO_MANY_TURBINES');
    assert.equal((await adv({ turbineIds: [randomUUID()] })).status, 404);

    const save = (name: string, turbineIds: string[], token?: string) =>
      h.api(`${BASE}/search/saved-queries`, { method: 'POST', json: { name, criteria: { turbineIds, severity: [5] } }, ...(token ? { token } : {}) });
    r = await save('Too many', many);
    assert.equal(r.status, 400);
    assert.equal(r.body.code, 'QUERY_TOO_MANY_TURBINES');
    assert.equal((await h.sql('SELECT 1 FROM inspection.saved_query')).length, 0);
    r = await save('Severe', [t1, t2]);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal((await save('Severe', [t1])).body.code, 'DUPLICATE_VALUES');
    const other = await h.token({ rights: [Rights.IMAGE_EXPORT], cid: null, pid: null });
    assert.equal((await save('Severe', [t1], other)).status, 201);
    const mine = (await h.api(`${BASE}/search/saved-queries`)).body.results;
    assert.deepEqual(mine.map((q: Body) => [q.name, q.criteria.turbineIds.length]), [['Severe', 2]]);
    assert.equal((await h.api(`${BASE}/search/saved-queries/${mine[0].queryId}`, { method: 'DELETE', token: other })).status, 404);
    assert.equal((await h.api(`${BASE}/search/saved-queries/${mine[0].queryId}`, { method: 'DELETE' })).status, 204);
    assert.equal((await h.api(`${BASE}/search/saved-queries`)).body.results.length, 0);
  });

  test('single point: images and defects around one point of a blade across inspections, newest first', async () => {
    const r = await h.api(`${BASE}/search/single-point?${qs({ turbineId: t1, bladePosition: 1, distanceToRoot: 20, tolerance: 1 })}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.images.map((i: Body) => i.imageId), [img.new1le, img.old1]);
    assert.deepEqual(r.body.defects.map((d: Body) => [d.inspectionDate, d.severity]), [['2025-09-01', 4], ['2025-03-01', 2]]);
    const side = await h.api(`${BASE}/search/single-point?${qs({ turbineId: t1, bladePosition: 1, viewIndex: 6, distanceToRoot: 20 })}`);
    assert.deepEqual([side.body.images.length, side.body.defects.length], [0, 0]);
    assert.equal((await h.api(`${BASE}/search/single-point?${qs({ turbineId: randomUUID(), bladePosition: 1, distanceToRoot: 20 })}`)).status, 404);
  });
  test('a kept count follows every committed change of the park: a new defect, a repair mark, a deleted defect, a deactivated image', async () => {
    const ds = h.svc.app.get(DataSource);
    const count = async (o: Record<string, unknown>) => {
      const r = await defects(o);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.totalCount as number;
    };
    const severity4 = await count({ severity: '4' });
    // The same search again, another page and another order: the same count (kept or not).
    assert.equal(await count({ severity: '4', pageIndex: 2 }), severity4);
    assert.equal(await count({ severity: '4', fieldToSort: 'turbineName' }), severity4);
    const [{ inspection_id: inspectionId }] = await ds.query(`SELECT inspection_id FROM inspection.image WHERE id = $1`, [img.new1le]);
    const d = await defect(inspectionId, img.new1le!, { severity: 4, distanceToRoot: 21 });
    assert.equal(await count({ severity: '4' }), severity4 + 1);
    const repaired = { repairStatus: String(RepairStatus.COMPLETED) };
    const completed = await count(repaired);
    await ds.query(`INSERT INTO inspection.repair_mark (defect_id, campaign_id, repair_status, repaired_at) VALUES ($1, $2, $3, now())`, [
      d.defectId,
      randomUUID(),
      RepairStatus.COMPLETED,
    ]);
    assert.equal(await count(repaired), completed + 1);
    await ds.query(`DELETE FROM inspection.repair_mark WHERE defect_id = $1`, [d.defectId]);
    assert.equal(await count(repaired), completed);
    await ds.query(`DELETE FROM inspection.defect WHERE id = $1`, [d.defectId]);
    assert.equal(await count({ severity: '4' }), severity4);
    const gallery = (await images({})).body.totalCount as number;
    await ds.query(`UPDATE inspection.image SET is_active = false WHERE id = $1`, [img.new2]);
    try {
      assert.equal((await images({})).body.totalCount, gallery - 1);
    } finally {
      await ds.query(`UPDATE inspection.image SET is_active = true WHERE id = $1`, [img.new2]);
    }
    assert.equal((await images({})).body.totalCount, gallery);
    // Compaction keeps every park's sum (the kept counts stay valid) with one row per park.
    const sums = async () => ds.query(`SELECT wind_park_id, sum(weight)::int AS w, count(*)::int AS n FROM inspection.search_change GROUP BY 1 ORDER BY 1`);
    const before = (await sums()) as { wind_park_id: string; w: number; n: number }[];
    assert.ok(before.some((p) => p.n > 1));
    assert.ok((await h.svc.app.get(SearchCompactionWorker).compact()) > 0);
    assert.deepEqual(await sums(), before.map((p) => ({ ...p, n: 1 })));
  });
});
