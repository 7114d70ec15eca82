import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventTypes, isSeedText } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { InspectionHarness, type Body } from '../testing/inspection-harness.js';

const BASE = '/gw/inspection/api/v2';

describe("demo data (SEED_DEMO=true) follows asset's demo turbines", () => {
  let h: InspectionHarness;
  before(async () => {
    h = await InspectionHarness.start({ SEED_DEMO: 'true' });
  });
  after(async () => {
    await h?.stop();
    process.env.SEED_DEMO = 'false';
  });

  test('the first two turbines of a demo park get linked inspections with tiled photos and defects; others and non-demo parks none', async () => {
    const park = await h.park('Hornsea Edge');
    const other = await h.park('Somewhere Else');
    const t1 = await h.turbine(park.parkId, 'HSE-01', null);
    await h.turbine(park.parkId, 'HSE-03', null);
    await h.turbine(other.parkId, 'X-01', null);
    const list = (await h.api(`${BASE}/inspections?windFarmId=${park.parkId}&fieldToSort=inspectionDate&componentType=1`)).body;
    assert.equal(list.totalCount, 2);
    assert.ok(list.results.every((i: Body) => i.turbineId === t1));
    assert.equal((await h.api(`${BASE}/inspections?windFarmId=${other.parkId}`)).body.totalCount, 0);
    const [newer, older] = list.results;
    // A run of three photos per blade side on the newer inspection, one on the older.
    assert.deepEqual([newer.imageCount, older.imageCount], [9, 3]);
    assert.equal(newer.previousInspectionId, older.inspectionId);
    const timeline = (await h.api(`${BASE}/inspections/${newer.inspectionId}/timeline`)).body;
    assert.deepEqual(timeline.defects.map((d: Body) => d.timelineStatus).sort(), ['INCREASED', 'NEW']);
    assert.deepEqual(
      timeline.repaired.map((d: Body) => d.defectType),
      ['Crack'],
    );
    for (const d of timeline.defects) assert.ok(d.polygon.length >= 3);
    // Tiles are made by jobs (sharp, CPU-bound: on a loaded two-core CI machine the twelve demo
    // photos took over 30 s once; this waits for the work, it does not time it).
    await eventually(async () => (await h.api(`${BASE}/inspections/${newer.inspectionId}/processing`)).body.done === 9, 90000);
    const images = (await h.api(`${BASE}/inspections/${newer.inspectionId}/images`)).body.results;
    assert.equal((await h.api(images[0].dziUri)).status, 200);
    // Three photos along each blade's leading edge, 2.4 m apart; a defect sits on the middle one.
    for (const blade of [1, 2, 3]) {
      const run = images.filter((i: Body) => i.bladePosition === blade);
      assert.deepEqual(run.map((i: Body) => i.sortIndex), [1, 2, 3]);
      const d = run.map((i: Body) => i.distanceToRoot);
      assert.deepEqual([d[1] - d[0], d[2] - d[1]].map((x) => Math.round(x * 10) / 10), [2.4, 2.4]);
    }
    for (const d of timeline.defects) assert.equal(images.find((i: Body) => i.imageId === d.imageId)?.sortIndex, 2);
    assert.ok((await h.api(`${BASE}/customers/${park.customerId}/defect-templates`)).body.types.length > 0);
  });

  test('every text the demo seeds and the console shows (templates, defect fields, pilot) is in the both-language catalogue (contracts SEED_TEXTS)', async () => {
    const [t1] = await h.sql(`SELECT t.turbine_id, p.customer_id FROM inspection.turbine_ref t JOIN inspection.park_ref p ON p.wind_park_id = t.wind_park_id WHERE t.name = 'HSE-01'`);
    const t = (await h.api(`${BASE}/customers/${t1.customer_id}/defect-templates`)).body;
    const texts: string[] = [...t.types, ...t.severities, ...t.recommendations].map((x: Body) => x.name);
    const inspections = (await h.api(`${BASE}/inspections?turbineId=${t1.turbine_id}&pageSize=50`)).body.results;
    assert.equal(inspections.length, 6);
    for (const i of inspections) {
      texts.push(i.pilot);
      for (const d of (await h.api(`${BASE}/defects?inspectionId=${i.inspectionId}&pageSize=100`)).body.results)
        texts.push(d.defectType, d.layer, d.affectedPart, d.recommendation);
      for (const img of (await h.api(`${BASE}/inspections/${i.inspectionId}/images`)).body.results) if (img.section && img.section.length > 1) texts.push(img.section);
    }
    const missing = [...new Set(texts.filter((x) => x !== null && !isSeedText(x)))];
    assert.deepEqual(missing, []);
  });

  test('turbine -01 also has tower (by side and height) and nacelle (by view) inspections a year apart, linked, older than the blade ones', async () => {
    const [t1] = await h.sql(`SELECT turbine_id FROM inspection.turbine_ref WHERE name = 'HSE-01'`);
    const tower = (await h.api(`${BASE}/turbines/${t1.turbine_id}/components/2`)).body;
    assert.deepEqual(
      tower.inspections.map((i: Body) => i.inspectionDate),
      ['2025-05-15', '2024-05-20'],
    );
    assert.equal(tower.previous.inspection.inspectionId, tower.inspections[1].inspectionId);
    assert.equal(tower.current.inspection.previousInspectionId, tower.previous.inspection.inspectionId);
    assert.deepEqual(
      [...new Set(tower.current.images.map((i: Body) => `${i.section}@${i.distanceToRoot}`))].sort(),
      ['E@30', 'E@80', 'N@30', 'N@80', 'S@30', 'S@80', 'W@30', 'W@80'],
    );
    assert.deepEqual([tower.current.counts.total, tower.current.counts.worstSeverity, tower.previous.counts.total], [2, 3, 1]);
    const nacelle = (await h.api(`${BASE}/turbines/${t1.turbine_id}/components/4`)).body;
    assert.deepEqual(
      nacelle.current.images.map((i: Body) => i.section),
      ['Front', 'Rear'],
    );
    assert.equal(nacelle.current.counts.total, 1);
    // The blade inspection stays the turbine's newest.
    const all = (await h.api(`${BASE}/inspections?turbineId=${t1.turbine_id}`)).body;
    assert.equal(all.totalCount, 6);
    assert.equal(all.results[0].componentType, 1);
  });

  test('idempotent: the same turbine announced again (created or updated) adds nothing', async () => {
    const [row] = await h.sql(`SELECT t.turbine_id, t.wind_park_id, t.name FROM inspection.turbine_ref t WHERE t.name = 'HSE-01'`);
    const before = (await h.sql('SELECT count(*)::int AS n FROM inspection.inspection'))[0].n;
    const payload = { turbineId: row.turbine_id, turbineName: 'HSE-01', windFarmId: row.wind_park_id, serialNumber: null };
    await h.publish(EventTypes.AssetTurbineCreated, row.turbine_id, payload);
    await h.publish(EventTypes.AssetTurbineUpdated, row.turbine_id, payload);
    await eventually(
      async () =>
        (await h.sql(`SELECT count(*)::int AS n FROM inspection.handled_event WHERE type = $1`, [EventTypes.AssetTurbineUpdated]))[0].n ===
        1,
    );
    assert.equal((await h.sql('SELECT count(*)::int AS n FROM inspection.inspection'))[0].n, before);
  });
});
