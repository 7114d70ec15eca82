import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Rights } from '@windward/contracts';
import { API, RepairHarness, type Park } from '../testing/repair-harness.js';

let h: RepairHarness;
let p: Park;
before(async () => {
  h = await RepairHarness.start();
  p = await h.park('Plan park');
});
after(async () => {
  await h?.stop();
});

const post = (json: unknown) => ({ method: 'POST', json });
const put = (json: unknown) => ({ method: 'PUT', json });

describe('repair plans', () => {
  test('candidate defects of a park filter by turbine, severity, repair priority and timeline status, paged and sorted', async () => {
    const q = await h.park('Filter park');
    const t2 = await h.turbine(q.parkId, 'Filter park-T02');
    const i2 = await h.inspection(q.parkId, t2);
    await h.defects(q, 2, { severity: 4, repairPriority: 1, timelineStatus: 'NEW' });
    await h.defects(q, 1, { severity: 2, repairPriority: 4, timelineStatus: 'STABLE' });
    await h.defects({ ...q, turbineId: t2, inspectionId: i2 }, 1, { severity: 5 });
    const all = await h.api(`${API}/defects?windFarmId=${q.parkId}&pageSize=2&fieldToSort=severity&descending=true`);
    assert.equal(all.status, 200);
    assert.equal(all.body.totalCount, 4);
    assert.equal(all.body.results.length, 2);
    assert.equal(all.body.results[0].severity, 5);
    assert.equal((await h.api(`${API}/defects?windFarmId=${q.parkId}&severities=4,5`)).body.totalCount, 3);
    assert.equal((await h.api(`${API}/defects?windFarmId=${q.parkId}&repairPriorities=4`)).body.totalCount, 1);
    assert.equal((await h.api(`${API}/defects?windFarmId=${q.parkId}&timelineStatuses=STABLE`)).body.totalCount, 1);
    const byTurbine = await h.api(`${API}/defects?windFarmId=${q.parkId}&turbineIds=${t2}`);
    assert.equal(byTurbine.body.totalCount, 1);
    assert.equal(byTurbine.body.results[0].turbineName, 'Filter park-T02');
    // Out of the caller's park scope: nothing.
    const scoped = await h.token({ rights: [Rights.REPAIR_PLAN_EDIT], pid: [p.parkId] });
    assert.equal((await h.api(`${API}/defects?windFarmId=${q.parkId}`, { token: scoped })).body.totalCount, 0);
    const parks = await h.api(`${API}/parks`, { token: scoped });
    assert.deepEqual(parks.body, [{ windFarmId: p.parkId, windFarmName: 'Plan park', turbines: [{ turbineId: p.turbineId, turbineName: 'Plan park-T01' }] }]);
    // The plan form's turbine filter: each park's live turbines by name.
    const filterPark = (await h.api(`${API}/parks`)).body.find((x: { windFarmId: string }) => x.windFarmId === q.parkId);
    assert.deepEqual(
      filterPark.turbines.map((t: { turbineName: string }) => t.turbineName),
      ['Filter park-T01', 'Filter park-T02'],
    );
    // Customer scope: another customer's parks and defects are not offered.
    const otherCustomer = await h.token({ rights: [Rights.REPAIR_PLAN_EDIT], cid: [p.customerId] });
    assert.equal((await h.api(`${API}/defects?windFarmId=${q.parkId}`, { token: otherCustomer })).body.totalCount, 0);
    assert.ok(!(await h.api(`${API}/parks`, { token: otherCustomer })).body.some((x: { windFarmId: string }) => x.windFarmId === q.parkId));
  });

  test('a plan is created from chosen defects, lists with counts and batches, and deletes while it has no campaign', async () => {
    const ids = await h.defects(p, 3);
    const c = await h.api(`${API}/plans`, post({ name: 'Spring repairs', defectIds: ids }));
    assert.equal(c.status, 201);
    assert.equal(c.body.defectCount, 3);
    assert.equal(c.body.withoutStepCount, 3);
    assert.equal(c.body.windFarmId, p.parkId);
    assert.equal(c.body.windFarmName, 'Plan park');
    assert.equal(c.body.version, 1);
    const b = await h.api(`${API}/plans/${c.body.id}/batches`, post({ version: 1, name: 'Batch A', defectIds: ids.slice(0, 2) }));
    assert.equal(b.status, 201);
    assert.deepEqual(b.body.batches.map((x: { name: string; defectCount: number }) => [x.name, x.defectCount]), [['Batch A', 2]]);
    assert.equal(b.body.version, 2);
    const list = await h.api(`${API}/plans?name=spring&fieldToSort=defectCount`);
    assert.equal(list.body.totalCount, 1);
    const defects = await h.api(`${API}/plans/${c.body.id}/defects?batchId=${b.body.batches[0].id}`);
    assert.equal(defects.body.totalCount, 2);
    assert.equal(defects.body.results[0].batchName, 'Batch A');
    assert.equal((await h.api(`${API}/plans/${c.body.id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await h.api(`${API}/plans/${c.body.id}`)).body.code, 'REPAIR_PLAN_NOT_FOUND');
  });

  test('refusals on creation: no defect, unknown defect (-7007), mixed parks, duplicate name; nothing changes', async () => {
    const ids = await h.defects(p, 2);
    const other = await h.park('Other park');
    const foreign = await h.defects(other, 1);
    await h.refused(`${API}/plans`, post({ name: 'Empty', defectIds: [] }), 'SELECT_AT_LEAST_ONE_DEFECT_PLAN');
    await h.refused(`${API}/plans`, post({ name: 'Unknown', defectIds: [...ids, randomUUID()] }), -7007);
    await h.refused(`${API}/plans`, post({ name: 'Mixed', defectIds: [...ids, ...foreign] }), 'REPAIR_PLAN_MIXED_WIND_PARKS');
    assert.equal((await h.api(`${API}/plans`, post({ name: 'Unique name', defectIds: ids }))).status, 201);
    await h.refused(`${API}/plans`, post({ name: 'UNIQUE NAME', defectIds: ids }), 'REPAIR_PLAN_NAME_EXISTS');
    // A park outside the caller's scope is the same as an unknown defect.
    const scoped = await h.token({ rights: [Rights.REPAIR_PLAN_EDIT], pid: [p.parkId] });
    await h.refused(`${API}/plans`, { ...post({ name: 'Out of scope', defectIds: foreign }), token: scoped }, -7007);
    const otherCustomer = await h.token({ rights: [Rights.REPAIR_PLAN_EDIT, Rights.REPAIR_PLAN_SHOW], cid: [other.customerId] });
    await h.refused(`${API}/plans`, { ...post({ name: 'Other customer', defectIds: ids }), token: otherCustomer }, -7007);
    const mine = (await h.api(`${API}/plans?name=unique`)).body.results[0];
    assert.equal((await h.api(`${API}/plans/${mine.id}`, { token: otherCustomer })).body.code, 'REPAIR_PLAN_NOT_FOUND');
    assert.equal((await h.api(`${API}/plans?name=unique`, { token: otherCustomer })).body.totalCount, 0);
    // Without the edit right.
    const reader = await h.token({ rights: [Rights.REPAIR_PLAN_SHOW] });
    await h.refused(`${API}/plans`, { ...post({ name: 'Reader', defectIds: ids }), token: reader }, 'NO_ACCESS_RIGHTS');
  });

  test('the 10,000-defect cap: 10,001 defects are refused with nothing created, 10,000 are accepted; adding past the cap is refused', async () => {
    const cap = await h.park('Cap park');
    const ids = await h.bulkDefects(cap, 10_001);
    const body = await h.refused(`${API}/plans`, post({ name: 'Too big', defectIds: ids }), 'REPAIR_PLAN_DEFECT_LIMIT');
    assert.match(body.message, /10000/);
    const ok = await h.api(`${API}/plans`, post({ name: 'Exactly the cap', defectIds: ids.slice(0, 10_000) }));
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(ok.body.defectCount, 10_000);
    await h.refused(`${API}/plans/${ok.body.id}`, put({ version: ok.body.version, addDefectIds: [ids[10_000]] }), 'REPAIR_PLAN_DEFECT_LIMIT');
  });

  test('concurrent edit: two saves of the same version, exactly one wins and the other gets EDIT_CONFLICT', async () => {
    const ids = await h.defects(p, 2);
    const plan = (await h.api(`${API}/plans`, post({ name: 'Contended', defectIds: ids }))).body;
    const [a, b] = await Promise.all([
      h.api(`${API}/plans/${plan.id}`, put({ version: plan.version, name: 'Contended by A' })),
      h.api(`${API}/plans/${plan.id}`, put({ version: plan.version, name: 'Contended by B' })),
    ]);
    const statuses = [a.status, b.status].sort();
    assert.deepEqual(statuses, [200, 409], JSON.stringify([a.body, b.body]));
    const loser = a.status === 409 ? a : b;
    const winner = a.status === 200 ? a : b;
    assert.equal(loser.body.code, 'EDIT_CONFLICT');
    const now = (await h.api(`${API}/plans/${plan.id}`)).body;
    assert.equal(now.name, winner.body.name);
    assert.equal(now.version, plan.version + 1);
    // A later save from the stale version is refused too, and changes nothing.
    await h.refused(`${API}/plans/${plan.id}`, put({ version: plan.version, name: 'Stale' }), 'EDIT_CONFLICT');
    await h.refused(`${API}/plans/${plan.id}/steps`, put({ version: plan.version, defectIds: ids, templateId: null }), 'EDIT_CONFLICT');
    await h.refused(`${API}/plans/${plan.id}/batches`, post({ version: plan.version, name: 'B', defectIds: ids }), 'EDIT_CONFLICT');
  });

  test('edits: batch names unique per plan, defects and templates must belong, renames stay unique; nothing changes on refusal', async () => {
    const ids = await h.defects(p, 3);
    let plan = (await h.api(`${API}/plans`, post({ name: 'Editable', defectIds: ids }))).body;
    plan = (await h.api(`${API}/plans/${plan.id}/batches`, post({ version: plan.version, name: 'North', defectIds: [ids[0]] }))).body;
    await h.refused(`${API}/plans/${plan.id}/batches`, post({ version: plan.version, name: 'north', defectIds: [ids[1]] }), 'BATCH_NAME_EXISTS');
    await h.refused(`${API}/plans/${plan.id}/batches`, post({ version: plan.version, name: 'South', defectIds: [randomUUID()] }), -7007);
    await h.refused(`${API}/plans/${plan.id}/steps`, put({ version: plan.version, defectIds: [ids[0]], templateId: randomUUID() }), -13003);
    await h.refused(`${API}/plans/${plan.id}/steps`, put({ version: plan.version, defectIds: [randomUUID()], templateId: null }), -7007);
    await h.api(`${API}/plans`, post({ name: 'Someone else', defectIds: ids }));
    await h.refused(`${API}/plans/${plan.id}`, put({ version: plan.version, name: 'someone ELSE' }), 'REPAIR_PLAN_NAME_EXISTS');
    await h.refused(`${API}/plans/${plan.id}`, put({ version: plan.version, removeDefectIds: ids }), 'SELECT_AT_LEAST_ONE_DEFECT_PLAN');
    await h.refused(`${API}/plans/${randomUUID()}`, put({ version: 1, name: 'Ghost' }), 'REPAIR_PLAN_NOT_FOUND');
    const other = await h.park('Edit other park');
    const foreign = await h.defects(other, 1);
    await h.refused(`${API}/plans/${plan.id}`, put({ version: plan.version, addDefectIds: foreign }), 'REPAIR_PLAN_MIXED_WIND_PARKS');
    // Batches with the same name are fine in different plans.
    const second = (await h.api(`${API}/plans`, post({ name: 'Second editable', defectIds: ids }))).body;
    assert.equal((await h.api(`${API}/plans/${second.id}/batches`, post({ version: second.version, name: 'North', defectIds: [ids[0]] }))).status, 201);
    // Removing and adding defects from the loaded version works.
    const edited = await h.api(`${API}/plans/${plan.id}`, put({ version: plan.version, removeDefectIds: [ids[2]] }));
    assert.equal(edited.status, 200);
    assert.equal(edited.body.defectCount, 2);
  });

  test('a plan with campaigns cannot be deleted; a defect in a campaign cannot leave its plan (-13010)', async () => {
    const ids = await h.defects(p, 2);
    const plan = await h.plan(ids);
    await h.campaign(plan, [ids[0]]);
    await h.refused(`${API}/plans/${plan.id}`, { method: 'DELETE' }, 'REPAIR_PLAN_HAS_CAMPAIGNS');
    const now = (await h.api(`${API}/plans/${plan.id}`)).body;
    assert.equal(now.campaignCount, 1);
    assert.equal(now.inCampaignCount, 1);
    await h.refused(`${API}/plans/${plan.id}`, put({ version: now.version, removeDefectIds: [ids[0]] }), -13010);
  });
});
