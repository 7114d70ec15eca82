import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventTypes, RepairStatus, Rights } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { API, RepairHarness, type Body, type Park } from '../testing/repair-harness.js';

let h: RepairHarness;
/** Customer A: park P1 (T1 inspected exactly 12 months ago and 12 months + 1 day ago, T2 only 12 months + 1 day ago), park P2 (T3 never inspected). */
const A = randomUUID();
let p1: Park;
let p2Id: string;
let t2Inspection: string;
let oldT1Inspection: string;
let foreign: Park;
let windowFrom: string;
let dayBefore: string;

const overview = (customerId: string, token?: string) => h.api(`${API}/om-overview?customerId=${customerId}`, token ? { token } : {});
const parks = (customerId: string, query = '', token?: string) => h.api(`${API}/om-overview/parks?customerId=${customerId}${query}`, token ? { token } : {});
const figures = (b: Body) => ({
  turbines: b.turbineCount,
  open: b.openDefects,
  byPriority: b.openByPriority.map((x: Body) => x.count),
  none: b.openWithoutPriority,
  campaigns: [b.campaignsPlanned, b.campaignsOngoing, b.campaignsDone],
  due: b.inspectionsDue,
});

async function announcePark(name: string): Promise<string> {
  const parkId = randomUUID();
  await h.publish(EventTypes.AssetParkCreated, parkId, { windFarmId: parkId, windFarmName: name, customerId: A, active: true, latitude: null, longitude: null });
  await eventually(async () => (await h.sql('SELECT 1 FROM repair.park_ref WHERE wind_farm_id = $1', [parkId])).length > 0);
  return parkId;
}

before(async () => {
  h = await RepairHarness.start();
  [{ windowFrom, dayBefore }] = await h.sql(
    `SELECT (current_date - interval '12 months')::date::text AS "windowFrom", (current_date - interval '12 months' - interval '1 day')::date::text AS "dayBefore"`,
  );
  // P1, T1: inspected on the first day of the window (its latest, active) and the day before (older).
  const p1Id = await announcePark('North fjord');
  const t1 = await h.turbine(p1Id, 'NF-01');
  oldT1Inspection = await h.inspection(p1Id, t1, dayBefore, true);
  const latest = await h.inspection(p1Id, t1, windowFrom, true);
  p1 = { parkId: p1Id, customerId: A, turbineId: t1, inspectionId: latest };
  const t2 = await h.turbine(p1Id, 'NF-02');
  t2Inspection = await h.inspection(p1Id, t2, dayBefore, true);
  p2Id = await announcePark('Aurora bay');
  await h.turbine(p2Id, 'AB-01');
  foreign = await h.park('Foreign fields');
  await h.defects(foreign, 3, { repairPriority: 1 });
});
after(async () => {
  await h?.stop();
});

describe('O&M overview per customer', () => {
  test('counts open defects by repair priority, campaigns by status and inspections due (12-month boundary)', async () => {
    // Open on T1's latest inspection: 2 × priority 1, 1 × priority 2, 1 without priority.
    await h.defects(p1, 2, { repairPriority: 1 });
    await h.defects(p1, 1, { repairPriority: 2 });
    await h.defects(p1, 1, { repairPriority: null });
    // Not open: DPS deleted, deleted by inspection, and on T1's older inspection.
    await h.defects(p1, 1, { repairPriority: 1, dpsStatus: 0 });
    const [gone] = await h.defects(p1, 1, { repairPriority: 3 });
    await h.publish(EventTypes.InspectionDefectDeleted, gone, { id: gone });
    await eventually(async () => (await h.sql('SELECT 1 FROM repair.defect_ref WHERE defect_id = $1 AND deleted', [gone])).length > 0);
    await h.defects({ ...p1, inspectionId: oldT1Inspection }, 1, { repairPriority: 1 });
    // T2's only inspection is older than the window: still its latest, so its defect is open.
    await h.defects({ ...p1, turbineId: (await h.sql('SELECT turbine_id FROM repair.inspection_ref WHERE inspection_id = $1', [t2Inspection]))[0].turbine_id, inspectionId: t2Inspection }, 1, { repairPriority: 3 });
    // Campaigns: planned (its defect stays open), ongoing (its defect fixed = not open), completed (its defect still ongoing = open).
    const [planned, fixed, ongoing] = [await h.defects(p1, 1, { repairPriority: 2 }), await h.defects(p1, 1, { repairPriority: 4 }), await h.defects(p1, 1, { repairPriority: 4 })];
    const plan = await h.plan([...planned, ...fixed, ...ongoing]);
    await h.campaign(plan, planned);
    const c2 = await h.campaign(plan, fixed);
    const c3 = await h.campaign(plan, ongoing);
    const rec = (c: Body, d: string, outcome: number) =>
      h.api(`${API}/campaigns/${c.id}/defects/${d}/records`, { method: 'POST', json: { repairDate: '2026-04-02', distanceToRoot: 10, outcome } });
    assert.equal((await rec(c2, fixed[0], RepairStatus.FIXED)).status, 201);
    assert.equal((await rec(c3, ongoing[0], RepairStatus.ON_GOING)).status, 201);
    assert.equal((await h.api(`${API}/campaigns/${c3.id}`, { method: 'PATCH', json: { status: 2 } })).status, 200);

    const o = await overview(A);
    assert.equal(o.status, 200, JSON.stringify(o.body));
    assert.equal(o.body.windowFrom, windowFrom);
    assert.equal(o.body.parkCount, 2);
    // Open: 2 + 1 + 1 (T1) + 1 (T2) + planned 1 + ongoing 1 = 7; due: T2 (day before the window) and T3 (never).
    assert.deepEqual(figures(o.body), { turbines: 3, open: 7, byPriority: [2, 2, 1, 1], none: 1, campaigns: [1, 1, 1], due: 2 });

    const list = await parks(A, '&fieldToSort=openDefects&descending=true');
    assert.equal(list.status, 200);
    assert.equal(list.body.totalCount, 2);
    assert.deepEqual(
      list.body.results.map((r: Body) => [r.windFarmName, r.lastInspectionDate, figures(r)]),
      [
        ['North fjord', windowFrom, { turbines: 2, open: 7, byPriority: [2, 2, 1, 1], none: 1, campaigns: [1, 1, 1], due: 1 }],
        ['Aurora bay', null, { turbines: 1, open: 0, byPriority: [0, 0, 0, 0], none: 0, campaigns: [0, 0, 0], due: 1 }],
      ],
    );
    // Server paging and sorting.
    const second = await parks(A, '&fieldToSort=windFarmName&pageSize=1&pageIndex=2');
    assert.deepEqual([second.body.totalCount, second.body.results.map((r: Body) => r.windFarmName)], [2, ['North fjord']]);
    const due = await parks(A, '&fieldToSort=lastInspectionDate&descending=true');
    assert.deepEqual(due.body.results.map((r: Body) => r.windFarmName), ['North fjord', 'Aurora bay']);
    assert.equal((await parks(A, '&fieldToSort=severity')).body.code, 'VALIDATION_FAILED');
  });

  test("the latest inspection follows inspection's active flag", async () => {
    await h.publish(EventTypes.InspectionInspectionUpdated, oldT1Inspection, {
      inspectionId: oldT1Inspection,
      turbineId: p1.turbineId,
      componentType: 1,
      isActive: true,
      pilot: null,
      deviceId: null,
    });
    // T1 now counts its older inspection (one priority-1 defect), T2 keeps its own.
    await eventually(async () => (await overview(A)).body.openDefects === 2);
    assert.deepEqual((await overview(A)).body.openByPriority.map((x: Body) => x.count), [1, 0, 1, 0]);
    await h.publish(EventTypes.InspectionInspectionUpdated, p1.inspectionId, {
      inspectionId: p1.inspectionId,
      turbineId: p1.turbineId,
      componentType: 1,
      isActive: true,
      pilot: null,
      deviceId: null,
    });
    await eventually(async () => (await overview(A)).body.openDefects === 7);
  });

  test('another customer is 404 with nothing of it; the park scope narrows; rights are checked', async () => {
    const mine = await h.token({ rights: [Rights.MENU_DATA_INSIGHT], cid: [A] });
    for (const r of [await overview(foreign.customerId, mine), await parks(foreign.customerId, '', mine)]) {
      assert.equal(r.status, 404);
      assert.deepEqual(Object.keys(r.body).sort(), ['code', 'message']);
      assert.equal(r.body.code, 'NOT_FOUND');
    }
    // The same question with the foreign customer in scope answers its figures: the 404 was the scope.
    assert.equal((await overview(foreign.customerId)).body.openDefects, 3);
    assert.equal((await overview(A, mine)).body.openDefects, 7);
    // A park scope of P2 only: P1's figures are left out.
    const narrow = await h.token({ rights: [Rights.REPAIR_PLAN_SHOW], cid: [A], pid: [p2Id] });
    assert.deepEqual(figures((await overview(A, narrow)).body), { turbines: 1, open: 0, byPriority: [0, 0, 0, 0], none: 0, campaigns: [0, 0, 0], due: 1 });
    assert.deepEqual((await parks(A, '', narrow)).body.results.map((r: Body) => r.windFarmName), ['Aurora bay']);
    // A technician (no customers) sees no customer; a user without the rights is refused.
    const tech = await h.token({ rights: [Rights.MENU_REPAIR_OVERVIEW], cid: [] });
    assert.equal((await overview(A, tech)).status, 404);
    const none = await h.token({ rights: [Rights.MENU_SEARCH_EXPORT], cid: [A] });
    assert.equal((await overview(A, none)).body.code, 'NO_ACCESS_RIGHTS');
    assert.equal((await h.api(`${API}/om-overview?customerId=nope`)).body.code, 'VALIDATION_FAILED');
  });
  test('kept answers: concurrent asks agree, and a write to any table the overview reads shows at once', async () => {
    const asks = await Promise.all(Array.from({ length: 8 }, () => overview(A)));
    for (const r of asks) assert.deepEqual(r.body, asks[0]!.body);
    assert.deepEqual(figures(asks[0]!.body), { turbines: 3, open: 7, byPriority: [2, 2, 1, 1], none: 1, campaigns: [1, 1, 1], due: 2 });
    const now = async () => figures((await overview(A)).body);
    // A defect's priority (defect_ref, as inspection's event writes it).
    await h.sql(
      `UPDATE repair.defect_ref SET repair_priority = 1 WHERE defect_id = (
         SELECT defect_id FROM repair.defect_ref WHERE inspection_id = $1 AND repair_priority = 2 AND NOT deleted ORDER BY defect_id LIMIT 1)`,
      [p1.inspectionId],
    );
    assert.deepEqual((await now()).byPriority, [3, 1, 1, 1]);
    // The planned campaign's defect fixed (repair_campaign_defect), then the campaign started (repair_campaign).
    await h.sql(
      `UPDATE repair.repair_campaign_defect SET repair_status = $2 WHERE campaign_id IN (SELECT id FROM repair.repair_campaign WHERE wind_farm_id = $1 AND status = 0)`,
      [p1.parkId, RepairStatus.FIXED],
    );
    assert.equal((await now()).open, 6);
    await h.sql(`UPDATE repair.repair_campaign SET status = 1 WHERE wind_farm_id = $1 AND status = 0`, [p1.parkId]);
    assert.deepEqual((await now()).campaigns, [0, 2, 1]);
    // A new turbine (turbine_ref), then a park handed to another customer (park_ref).
    await h.turbine(p2Id, 'AB-02');
    assert.deepEqual([(await now()).turbines, (await now()).due], [4, 3]);
    const page = (await parks(A, '&fieldToSort=windFarmName')).body;
    assert.deepEqual(page.results.map((r: Body) => [r.windFarmName, r.turbineCount]), [['Aurora bay', 2], ['North fjord', 2]]);
    await h.sql(`UPDATE repair.park_ref SET customer_id = $2 WHERE wind_farm_id = $1`, [p2Id, randomUUID()]);
    assert.equal((await overview(A)).body.parkCount, 1);
    assert.deepEqual((await parks(A, '&fieldToSort=windFarmName')).body.results.map((r: Body) => r.windFarmName), ['North fjord']);
    // A park renamed: the same parks, a new version.
    await h.sql(`UPDATE repair.park_ref SET name = 'North fjord II' WHERE wind_farm_id = $1`, [p1.parkId]);
    assert.deepEqual((await parks(A, '&fieldToSort=windFarmName')).body.results.map((r: Body) => r.windFarmName), ['North fjord II']);
  });
});
