import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Rights, errorText } from '@windward/contracts';
import { InspectionHarness, png, type Body } from '../testing/inspection-harness.js';

const BASE = '/gw/inspection/api/v2';
const TRI = [
  [10, 10],
  [60, 10],
  [30, 50],
];

describe('wind farm overview results and the component page (hand-built park)', () => {
  let h: InspectionHarness;
  let park: { parkId: string; customerId: string };
  let t1: string;
  let t2: string;
  let older: Body;
  let newer: Body;
  let lps: Body;
  let tower: Body;

  async function image(inspectionId: string, fields: Record<string, string | number> = {}): Promise<string> {
    const r = await h.upload(inspectionId, await png(200, 100), 'photo.png', fields);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.imageId;
  }
  async function defect(inspectionId: string, imageId: string, json: Record<string, unknown>): Promise<Body> {
    const r = await h.api(`${BASE}/inspections/${inspectionId}/defects`, {
      method: 'POST',
      json: { imageId, defectType: 'Erosion', polygon: TRI, ...json },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body;
  }
  async function reading(json: Record<string, unknown>) {
    const r = await h.api(`${BASE}/inspections/${lps.inspectionId}/lps-measurements`, { method: 'POST', json: { minOhm: 0, maxOhm: 0.2, ...json } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
  }

  before(async () => {
    h = await InspectionHarness.start();
    park = await h.park('Overview Park');
    t1 = await h.turbine(park.parkId, 'OV-01');
    t2 = await h.turbine(park.parkId, 'OV-02');
    await h.turbine(park.parkId, 'OV-03');
    // T1 blade: the older inspection's severity-5 defect must not count (only the latest does).
    older = await h.inspection(t1, '2024-05-01', 1);
    await defect(older.inspectionId, await image(older.inspectionId, { bladePosition: 1, path: 5 }), { severity: 5 });
    newer = await h.inspection(t1, '2025-05-01', 1);
    const img = await image(newer.inspectionId, { bladePosition: 1, path: 5 });
    await image(newer.inspectionId, { bladePosition: 2, path: 5 });
    for (const severity of [1, 3, 3, null]) await defect(newer.inspectionId, img, { severity });
    // A pre-label suggestion and a defect the review deleted are not results.
    await defect(newer.inspectionId, img, { severity: 5, suggested: true });
    const deleted = await defect(newer.inspectionId, img, { severity: 4 });
    const del = await h.api(`${BASE}/defects/${deleted.defectId}/dps-status`, { method: 'PUT', json: { dpsStatus: 0 } });
    assert.equal(del.status, 200, JSON.stringify(del.body));
    // T1 LPS: receptor R1 fails on its suction side (open circuit), R2 passes, blade 2 R1 is too high.
    lps = await h.inspection(t1, '2025-05-02', 10);
    await reading({ bladePosition: 1, receptorId: 'R1', side: 'PS', reading: '0.1' });
    await reading({ bladePosition: 1, receptorId: 'R1', side: 'SS', reading: 'OC' });
    await reading({ bladePosition: 1, receptorId: 'R2', side: 'PS', reading: '0.05' });
    await reading({ bladePosition: 2, receptorId: 'R1', side: 'PS', reading: '3' });
    // T2 tower: one severity-2 defect.
    tower = await h.inspection(t2, '2025-04-01', 5);
    await defect(tower.inspectionId, await image(tower.inspectionId, { section: 'N', distanceToRoot: 20 }), { severity: 2 });
  });
  after(async () => h?.stop());

  test('every turbine with its latest inspection per component: worst severity, counts, LPS pass/fail per receptor', async () => {
    const r = await h.api(`${BASE}/wind-parks/${park.parkId}/overview`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const o = r.body;
    assert.equal(o.windFarmName, 'Overview Park');
    assert.deepEqual(o.componentTypes, [1, 5, 2, 4, 3, 0]);
    assert.equal(o.turbineCount, 3);
    assert.deepEqual(
      o.turbines.map((t: Body) => [t.turbineName, t.worstLevel, t.components.map((c: Body) => c.componentType)]),
      [
        ['OV-01', 5, [1, 0]],
        ['OV-02', 4, [2]],
        ['OV-03', 0, []],
      ],
    );
    const [blade, lpsResult] = o.turbines[0].components;
    assert.equal(blade.inspectionId, newer.inspectionId);
    assert.equal(blade.inspectionDate, '2025-05-01');
    assert.equal(blade.imageCount, 2);
    assert.deepEqual(blade.counts, { tbd: 1, bySeverity: [0, 1, 0, 2, 0, 0], total: 4, worstSeverity: 3, worstLevel: 5 });
    assert.equal(blade.lps, null);
    assert.equal(lpsResult.inspectionId, lps.inspectionId);
    assert.deepEqual(lpsResult.lps, {
      passed: 1,
      failed: 2,
      receptors: [
        { bladePosition: 1, receptorId: 'R1', pass: false, readings: ['PS 0.1', 'SS OC'] },
        { bladePosition: 1, receptorId: 'R2', pass: true, readings: ['PS 0.05'] },
        { bladePosition: 2, receptorId: 'R1', pass: false, readings: ['PS 3'] },
      ],
    });
    const towerResult = o.turbines[1].components[0];
    assert.deepEqual([towerResult.counts.worstSeverity, towerResult.counts.worstLevel, towerResult.counts.total], [2, 4, 1]);
    const totals = Object.fromEntries(o.totals.map((t: Body) => [t.componentType, t]));
    assert.deepEqual([totals[1].inspectedTurbines, totals[1].counts.total, totals[1].counts.worstLevel], [1, 4, 5]);
    assert.deepEqual([totals[0].lpsPassed, totals[0].lpsFailed], [1, 2]);
    assert.equal(totals[5].inspectedTurbines, 0);

    // One component, and a project's time range: the older blade inspection is the latest before 2025.
    const ranged = (await h.api(`${BASE}/wind-parks/${park.parkId}/overview?componentTypes=1&to=2024-12-31`)).body;
    assert.deepEqual(ranged.componentTypes, [1]);
    assert.deepEqual(ranged.turbines[0].components.map((c: Body) => [c.inspectionId, c.counts.worstLevel]), [[older.inspectionId, 7]]);
  });

  test('components without the show right are left out; asking for one, or seeing none, is refused in both languages', async () => {
    const towerOnly = await h.token({ rights: [Rights.TOWER_SHOW] });
    const o = (await h.api(`${BASE}/wind-parks/${park.parkId}/overview`, { token: towerOnly })).body;
    assert.deepEqual(o.componentTypes, [2]);
    assert.deepEqual(
      o.turbines.map((t: Body) => t.components.length),
      [0, 1, 0],
    );
    const refused = await h.api(`${BASE}/wind-parks/${park.parkId}/overview?componentTypes=1,2`, { token: towerOnly, locale: 'zh_cn' });
    assert.equal(refused.status, 403);
    assert.deepEqual([refused.body.code, refused.body.message], ['NO_ACCESS_RIGHTS', errorText('NO_ACCESS_RIGHTS', 'zh_cn')]);
    const nothing = await h.token({ rights: [Rights.MENU_WIND_FARM_OVERVIEW] });
    const none = await h.api(`${BASE}/wind-parks/${park.parkId}/overview`, { token: nothing });
    assert.deepEqual([none.status, none.body.code, none.body.message], [403, 'NO_ACCESS_RIGHTS', errorText('NO_ACCESS_RIGHTS', 'en_us')]);
    const blade = await h.api(`${BASE}/turbines/${t1}/components/1`, { token: towerOnly });
    assert.deepEqual([blade.status, blade.body.code], [403, 'NO_ACCESS_RIGHTS']);
    // Another customer's user learns nothing about the park or the turbine.
    const stranger = await h.token({ rights: [Rights.BLADE_SHOW], cid: [randomUUID()] });
    assert.equal((await h.api(`${BASE}/wind-parks/${park.parkId}/overview`, { token: stranger })).body.code, 'NOT_FOUND');
    assert.equal((await h.api(`${BASE}/turbines/${t1}/components/1`, { token: stranger })).body.code, 'NOT_FOUND');
    assert.equal((await h.api(`${BASE}/turbines/${t1}/components/9`)).body.code, 'VALIDATION_FAILED');
  });

  test('component page: the newest inspection with its photos, compared with the one before; edit right reported', async () => {
    const reader = await h.token({ rights: [Rights.BLADE_SHOW] });
    const r = await h.api(`${BASE}/turbines/${t1}/components/1`, { token: reader });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const c = r.body;
    assert.deepEqual([c.turbineName, c.windFarmName, c.componentType, c.canEdit], ['OV-01', 'Overview Park', 1, false]);
    assert.deepEqual(
      c.inspections.map((i: Body) => i.inspectionId),
      [newer.inspectionId, older.inspectionId],
    );
    assert.equal(c.current.inspection.inspectionId, newer.inspectionId);
    assert.deepEqual(
      c.current.images.map((i: Body) => i.bladePosition),
      [1, 2],
    );
    assert.equal(c.current.counts.worstSeverity, 3);
    assert.equal(c.previous.inspection.inspectionId, older.inspectionId);
    assert.equal(c.previous.counts.worstLevel, 7);
    // The older one chosen: nothing older to compare with.
    const first = (await h.api(`${BASE}/turbines/${t1}/components/1?inspectionId=${older.inspectionId}`)).body;
    assert.deepEqual([first.current.inspection.inspectionId, first.previous, first.canEdit], [older.inspectionId, null, true]);
    // An inspection of another component or turbine is not this page's.
    assert.equal((await h.api(`${BASE}/turbines/${t1}/components/1?inspectionId=${tower.inspectionId}`)).body.code, 'NOT_FOUND');
    // LPS: readings come along.
    const l = (await h.api(`${BASE}/turbines/${t1}/components/0`)).body;
    assert.equal(l.current.lps.length, 4);
    const t = (await h.api(`${BASE}/turbines/${t2}/components/2`)).body;
    assert.deepEqual([t.current.images[0].section, t.current.images[0].distanceToRoot, t.previous], ['N', 20, null]);
  });
});
