import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { RoleId, Rights } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { API, RepairHarness, type Body, type Park } from '../testing/repair-harness.js';

let h: RepairHarness;
let p: Park;
before(async () => {
  h = await RepairHarness.start();
  p = await h.park('Campaign park', 45);
});
after(async () => {
  await h?.stop();
});

const post = (json: unknown, token?: string) => ({ method: 'POST', json, ...(token ? { token } : {}) });
const patch = (json: unknown, token?: string) => ({ method: 'PATCH', json, ...(token ? { token } : {}) });
const campaignBody = (plan: Body, defectIds: string[], extra: Record<string, unknown> = {}) => ({
  planId: plan.id,
  planVersion: plan.version,
  name: `C-${randomUUID().slice(0, 8)}`,
  defectIds,
  startDate: '2026-04-01',
  endDate: '2026-04-30',
  ...extra,
});
const record = (extra: Record<string, unknown> = {}) => ({ repairDate: '2026-04-02', distanceToRoot: 12.5, outcome: 2, comment: 'sanded', ...extra });

describe('repair campaigns', () => {
  test('a campaign is created from defects of a plan, announced, and shows per-turbine progress', async () => {
    const ids = await h.defects(p, 3);
    const plan = await h.plan(ids);
    const c = await h.campaign(plan, ids.slice(0, 2), { name: 'April blade repairs' });
    assert.equal(c.status, 0);
    assert.equal(c.defectCount, 2);
    assert.equal(c.turbineCount, 1);
    assert.deepEqual(c.turbines.map((t: Body) => [t.turbineName, t.status, t.defectCount]), [['Campaign park-T01', 0, 2]]);
    assert.equal(c.byStatus.find((s: Body) => s.repairStatus === 1).count, 2);
    const created = await h.published('repair.campaign.created');
    const ev = created.find((e) => e.payload.campaignId === c.id);
    assert.deepEqual([ev?.payload.name, ev?.payload.status], ['April blade repairs', 0]);
    // What report's campaign reports need: park, dates and the defects.
    assert.deepEqual([ev.payload.windFarmId, ev.payload.startDate, ev.payload.endDate], [p.parkId, '2026-04-01', '2026-04-30']);
    assert.deepEqual([...ev.payload.defectIds].sort(), ids.slice(0, 2).sort());
    const list = await h.api(`${API}/campaigns?name=april&fieldToSort=progress&descending=true&pageSize=5`);
    assert.equal(list.status, 200);
    assert.equal(list.body.totalCount, 1);
    assert.equal(list.body.results[0].planName, plan.name);
  });

  test('creation refusals answer their codes and change nothing', async () => {
    const ids = await h.defects(p, 4);
    const plan = await h.plan(ids);
    const noSteps = (await h.api(`${API}/plans`, post({ name: `No steps ${randomUUID().slice(0, 6)}`, defectIds: await h.defects(p, 1) }))).body;
    await h.refused(`${API}/campaigns`, post(campaignBody(plan, [])), 'SELECT_AT_LEAST_ONE_DEFECT_PLAN');
    await h.refused(`${API}/campaigns`, post(campaignBody(plan, [randomUUID()])), -7007);
    await h.refused(`${API}/campaigns`, post(campaignBody(noSteps, [])), 'SELECT_AT_LEAST_ONE_DEFECT_PLAN');
    const noStepDefect = (await h.api(`${API}/plans/${noSteps.id}/defects`)).body.results[0].defectId;
    await h.refused(`${API}/campaigns`, post(campaignBody(noSteps, [noStepDefect])), -13009);
    await h.refused(`${API}/campaigns`, post(campaignBody({ ...plan, version: plan.version - 1 }, ids)), 'PLAN_UNSAVED_OR_EXPIRED');
    await h.refused(`${API}/campaigns`, post(campaignBody({ ...plan, id: randomUUID() }, ids)), 'REPAIR_PLAN_NOT_FOUND');
    const first = await h.campaign(plan, [ids[0]], { name: 'Taken campaign name' });
    assert.ok(first.id);
    await h.refused(`${API}/campaigns`, post(campaignBody(plan, [ids[1]], { name: 'TAKEN campaign name' })), 'SAME_CAMPAIGN_NAME_EXISTS');
    await h.refused(`${API}/campaigns`, post(campaignBody(plan, [ids[0]])), 'DEFECTS_ALREADY_IN_OTHER_REPAIR_CAMPAIGNS');
    await h.refused(`${API}/campaigns`, post(campaignBody(plan, [ids[0], ids[1]])), 'DEFECTS_IN_EXISTING_REPAIR_CAMPAIGN');
    // The same defect in a second plan: its campaign belongs to another plan.
    const other = await h.plan([ids[0], ids[2]]);
    await h.refused(`${API}/campaigns`, post(campaignBody(other, [ids[0], ids[2]])), 'DEFECT_IN_OTHER_PLAN_CAMPAIGN');
    const reader = await h.token({ rights: [Rights.MENU_REPAIR_OVERVIEW] });
    await h.refused(`${API}/campaigns`, post(campaignBody(plan, [ids[3]]), reader), 'NO_ACCESS_RIGHTS');
    await h.refused(`${API}/campaigns`, post(campaignBody(plan, [ids[3]], { startDate: '2026-05-01', endDate: '2026-04-01' })), 'VALIDATION_FAILED');
  });

  test('the campaign must lie within its O&M project time range (-6009), read from delivery events', async () => {
    const ids = await h.defects(p, 2);
    const plan = await h.plan(ids);
    const projectId = await h.project('2026-04-01', '2026-06-30', true, { windFarmIds: [p.parkId], customerId: p.customerId, projectName: 'O&M 2026' });
    // The form's picker: unfinished O&M projects covering the park, in the caller's customers.
    await h.project('2026-01-01', '2026-12-31', false, { windFarmIds: [p.parkId], customerId: p.customerId });
    await h.project('2025-01-01', '2025-12-31', true, { windFarmIds: [p.parkId], customerId: p.customerId, status: 3 });
    await h.project('2026-01-01', '2026-12-31', true, { windFarmIds: [randomUUID()], customerId: p.customerId });
    const picker = await h.api(`${API}/om-projects?windFarmId=${p.parkId}`);
    assert.deepEqual(picker.body, [{ projectId, projectName: 'O&M 2026', startDate: '2026-04-01', endDate: '2026-06-30' }]);
    const elsewhere = await h.token({ rights: [Rights.REPAIR_CAMPAIGN_EDIT], cid: [randomUUID()] });
    assert.deepEqual((await h.api(`${API}/om-projects?windFarmId=${p.parkId}`, { token: elsewhere })).body, []);
    assert.equal((await h.api(`${API}/om-projects?windFarmId=${p.parkId}`, { token: await h.token({ rights: [Rights.MENU_REPAIR_OVERVIEW] }) })).status, 403);
    assert.equal((await h.api(`${API}/om-projects?windFarmId=nope`)).status, 400);
    await h.refused(`${API}/campaigns`, post(campaignBody(plan, [ids[0]], { projectId, startDate: '2026-03-31', endDate: '2026-04-10' })), -6009);
    await h.refused(`${API}/campaigns`, post(campaignBody(plan, [ids[0]], { projectId, startDate: '2026-06-01', endDate: '2026-07-01' })), -6009);
    const notOm = await h.project('2026-01-01', '2026-12-31', false);
    await h.refused(`${API}/campaigns`, post(campaignBody(plan, [ids[0]], { projectId: notOm })), 'NOT_FOUND');
    const ok = await h.campaign(plan, [ids[0]], { projectId, startDate: '2026-04-01', endDate: '2026-06-30' });
    assert.equal(ok.projectId, projectId);
    // The project's range moves (delivery.project.updated): the next campaign follows the new range.
    await h.publish('delivery.project.updated', projectId, { projectId, projectName: 'Moved', status: 2, startDate: '2026-05-01', endDate: '2026-06-30' });
    await eventually(async () => (await h.sql(`SELECT 1 FROM repair.project_ref WHERE project_id = $1 AND name = 'Moved'`, [projectId])).length > 0);
    await h.refused(`${API}/campaigns`, post(campaignBody(plan, [ids[1]], { projectId, startDate: '2026-04-15', endDate: '2026-05-10' })), -6009);
  });

  test('technicians: only users with the technician role are granted; a technician sees and works only in their campaigns', async () => {
    const ids = await h.defects(p, 2);
    const plan = await h.plan(ids);
    const mine = await h.campaign(plan, [ids[0]]);
    const theirs = await h.campaign(plan, [ids[1]]);
    const tech = await h.user('tech-anna');
    const labeler = await h.user('labeler-bo', [RoleId.LABELER]);
    const techList = await h.api(`${API}/technicians?name=anna`);
    assert.deepEqual(techList.body.results.map((t: Body) => t.userId), [tech.userId]);
    await h.refused(`${API}/campaigns/${mine.id}/technicians`, { method: 'PUT', json: { userIds: [labeler.userId] } }, 'USER_NOT_FOUND');
    await h.refused(`${API}/campaigns/${mine.id}/technicians`, { method: 'PUT', json: { userIds: [tech.userId] }, token: tech.token }, 'NO_ACCESS_RIGHTS');
    const granted = await h.api(`${API}/campaigns/${mine.id}/technicians`, { method: 'PUT', json: { userIds: [tech.userId] } });
    assert.equal(granted.status, 200);
    assert.deepEqual(granted.body.technicians.map((t: Body) => t.displayName), ['tech-anna']);
    const seen = await h.api(`${API}/campaigns?pageSize=100`, { token: tech.token });
    assert.deepEqual(seen.body.results.map((c: Body) => c.id), [mine.id]);
    assert.equal((await h.api(`${API}/campaigns/${theirs.id}`, { token: tech.token })).body.code, 'NOT_FOUND');
    await h.refused(`${API}/campaigns/${theirs.id}/defects/${ids[1]}/records`, post(record(), tech.token), 'NOT_FOUND');
    const r = await h.api(`${API}/campaigns/${mine.id}/defects/${ids[0]}/records`, post(record(), tech.token));
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.technicianId, tech.userId);
    assert.equal(r.body.technicianName, 'tech-anna');
    // A technician cannot create or delete campaigns.
    await h.refused(`${API}/campaigns/${mine.id}`, { method: 'DELETE', token: tech.token }, 'NO_ACCESS_RIGHTS');
  });

  test('repair records: distance from the blade root within -5 m…blade length with 2 decimals (-13013); the first record starts defect, turbine and campaign', async () => {
    const ids = await h.defects(p, 2);
    const plan = await h.plan(ids);
    const c = await h.campaign(plan, ids);
    const url = `${API}/campaigns/${c.id}/defects/${ids[0]}/records`;
    await h.refused(url, post(record({ distanceToRoot: -5.01 })), -13013);
    await h.refused(url, post(record({ distanceToRoot: 45.01 })), -13013);
    await h.refused(url, post(record({ distanceToRoot: 12.345 })), -13013);
    await h.refused(`${API}/campaigns/${c.id}/defects/${randomUUID()}/records`, post(record()), -7007);
    await h.refused(url, post(record({ technicianId: randomUUID() })), 'USER_NOT_FOUND');
    assert.equal((await h.api(url, post(record({ distanceToRoot: -5 })))).status, 201);
    assert.equal((await h.api(url, post(record({ distanceToRoot: 45, outcome: 6, comment: 'done' })))).status, 201);
    const records = await h.api(url);
    assert.deepEqual(records.body.map((r: Body) => [r.distanceToRoot, r.outcome]), [[45, 6], [-5, 2]]);
    const detail = (await h.api(`${API}/campaigns/${c.id}`)).body;
    assert.equal(detail.status, 1);
    assert.equal(detail.turbines[0].status, 1);
    assert.equal(detail.doneCount, 1);
    assert.equal(detail.progress, 50);
    const statusEvents = await h.published('repair.campaign.status-changed');
    assert.ok(statusEvents.some((e) => e.payload.campaignId === c.id && e.payload.status === 1));
    const repaired = await h.published('repair.defect.repaired');
    const ev = repaired.find((e) => e.payload.defectId === ids[0]);
    assert.ok(ev);
    assert.equal(ev.payload.repairStatus, 6);
    assert.equal(ev.payload.inspectionId, p.inspectionId);
    // Every repair status change is announced (keyed by the campaign): ongoing, then fixed.
    const changes = (await h.published('repair.defect.status-changed')).filter((e) => e.payload.defectId === ids[0]);
    assert.deepEqual(changes.map((e) => [e.key, e.payload.campaignId, e.payload.repairStatus]), [[c.id, c.id, 2], [c.id, c.id, 6]]);
    const list = await h.api(`${API}/campaigns/${c.id}/defects?repairStatus=6`);
    assert.equal(list.body.totalCount, 1);
    assert.equal(list.body.results[0].bladeLength, 45);
    assert.equal(list.body.results[0].recordCount, 2);
  });

  test('defect repair status transitions (SPEC §4): not started cannot jump to ongoing or completed by hand; nothing goes back to not started', async () => {
    const ids = await h.defects(p, 1);
    const plan = await h.plan(ids);
    const c = await h.campaign(plan, ids);
    const url = `${API}/campaigns/${c.id}/defects/${ids[0]}`;
    for (const to of [2, 3, 4, 5, 6]) await h.refused(url, patch({ repairStatus: to }), 'ILLEGAL_TRANSITION');
    // Repair work starts it (the system's not started → ongoing).
    assert.equal((await h.api(`${url}/records`, post(record()))).status, 201);
    await h.refused(url, patch({ repairStatus: 1 }), 'ILLEGAL_TRANSITION');
    for (const to of [3, 4, 5, 6, 2]) {
      const r = await h.api(url, patch({ repairStatus: to }));
      assert.equal(r.status, 200, `2…6 may change among themselves (${to})`);
      assert.equal(r.body.repairStatus, to);
    }
    assert.equal((await h.api(url, patch({ repairStatus: 6 }))).status, 200);
    await h.refused(url, patch({ repairStatus: 1 }), 'ILLEGAL_TRANSITION');
    await h.refused(`${API}/campaigns/${c.id}/defects/${randomUUID()}`, patch({ repairStatus: 3 }), -7007);
    await h.refused(url, patch({ repairStatus: 7 }), 'VALIDATION_FAILED');
  });

  test('turbine and campaign status transitions; a completed campaign refuses every change (-7008) and never returns to ongoing', async () => {
    const ids = await h.defects(p, 2);
    const plan = await h.plan(ids);
    const c = await h.campaign(plan, ids);
    const turbineUrl = `${API}/campaigns/${c.id}/turbines/${p.turbineId}`;
    const campaignUrl = `${API}/campaigns/${c.id}`;
    // Not started → ongoing / completed only through repair work.
    await h.refused(turbineUrl, patch({ status: 1 }), 'ILLEGAL_TRANSITION');
    await h.refused(turbineUrl, patch({ status: 2 }), 'ILLEGAL_TRANSITION');
    await h.refused(campaignUrl, patch({ status: 1 }), 'ILLEGAL_TRANSITION');
    await h.refused(campaignUrl, patch({ status: 2 }), 'ILLEGAL_TRANSITION');
    await h.refused(`${API}/campaigns/${c.id}/turbines/${randomUUID()}`, patch({ status: 1 }), 'NOT_FOUND');
    assert.equal((await h.api(`${API}/campaigns/${c.id}/defects/${ids[0]}/records`, post(record()))).status, 201);
    // Ongoing: never back to not started; ongoing ↔ completed is allowed.
    await h.refused(turbineUrl, patch({ status: 0 }), 'ILLEGAL_TRANSITION');
    await h.refused(campaignUrl, patch({ status: 0 }), 'ILLEGAL_TRANSITION');
    assert.equal((await h.api(turbineUrl, patch({ status: 2 }))).status, 204);
    assert.equal((await h.api(turbineUrl, patch({ status: 1 }))).status, 204);
    assert.equal((await h.api(turbineUrl, patch({ status: 2 }))).status, 204);
    const done = await h.api(campaignUrl, patch({ status: 2 }));
    assert.equal(done.status, 200);
    assert.equal(done.body.status, 2);
    assert.equal(done.body.turbinesDone, 1);
    // Completed: nothing changes any more.
    await h.refused(campaignUrl, patch({ status: 1 }), -7008);
    await h.refused(campaignUrl, patch({ status: 0 }), -7008);
    await h.refused(turbineUrl, patch({ status: 1 }), 'REPAIR_CAMPAIGN_COMPLETED_CANNOT_RESUME');
    await h.refused(turbineUrl, patch({ status: 0 }), -7008);
    await h.refused(`${API}/campaigns/${c.id}/defects/${ids[0]}`, patch({ repairStatus: 6 }), -7008);
    await h.refused(`${API}/campaigns/${c.id}/defects/${ids[1]}/records`, post(record()), -7008);
    await h.refused(`${API}/campaigns/${c.id}/technicians`, { method: 'PUT', json: { userIds: [] } }, -7008);
    await h.refused(campaignUrl, { method: 'DELETE' }, -7008);
  });

  test('a campaign whose repairs started cannot be deleted (-13010); an untouched one can, freeing its defects', async () => {
    const ids = await h.defects(p, 2);
    const plan = await h.plan(ids);
    const started = await h.campaign(plan, [ids[0]]);
    const untouched = await h.campaign(plan, [ids[1]]);
    assert.equal((await h.api(`${API}/campaigns/${started.id}/defects/${ids[0]}/records`, post(record()))).status, 201);
    await h.refused(`${API}/campaigns/${started.id}`, { method: 'DELETE' }, -13010);
    assert.equal((await h.api(`${API}/campaigns/${untouched.id}`, { method: 'DELETE' })).status, 204);
    assert.ok((await h.published('repair.campaign.deleted')).some((e) => e.payload.id === untouched.id));
    const again = await h.campaign((await h.api(`${API}/plans/${plan.id}`)).body, [ids[1]]);
    assert.equal(again.defectCount, 1);
  });

  test('the overview pages and sorts on the server and filters by status, park and plan', async () => {
    const q = await h.park('Overview park');
    const ids = await h.defects(q, 3);
    const plan = await h.plan(ids);
    const a = await h.campaign(plan, [ids[0]], { name: 'Overview A' });
    await h.campaign(plan, [ids[1]], { name: 'Overview B' });
    await h.campaign(plan, [ids[2]], { name: 'Overview C' });
    await h.api(`${API}/campaigns/${a.id}/defects/${ids[0]}/records`, post(record({ outcome: 6 })));
    const page = await h.api(`${API}/campaigns?windFarmId=${q.parkId}&fieldToSort=name&descending=true&pageSize=2&pageIndex=1`);
    assert.equal(page.body.totalCount, 3);
    assert.deepEqual(page.body.results.map((c: Body) => c.name), ['Overview C', 'Overview B']);
    const second = await h.api(`${API}/campaigns?windFarmId=${q.parkId}&fieldToSort=name&descending=true&pageSize=2&pageIndex=2`);
    assert.deepEqual(second.body.results.map((c: Body) => c.name), ['Overview A']);
    const byProgress = await h.api(`${API}/campaigns?planId=${plan.id}&fieldToSort=progress&descending=true`);
    assert.equal(byProgress.body.results[0].name, 'Overview A');
    assert.equal(byProgress.body.results[0].progress, 100);
    assert.equal((await h.api(`${API}/campaigns?windFarmId=${q.parkId}&status=1`)).body.totalCount, 1);
    assert.equal((await h.api(`${API}/campaigns?fieldToSort=secret`)).body.code, 'VALIDATION_FAILED');
    const scoped = await h.token({ rights: [Rights.MENU_REPAIR_OVERVIEW], pid: [p.parkId] });
    assert.equal((await h.api(`${API}/campaigns?windFarmId=${q.parkId}`, { token: scoped })).body.totalCount, 0);
    // Customer scope: another customer's user sees none of them, its own customer's user all.
    const stranger = await h.token({ rights: [Rights.MENU_REPAIR_OVERVIEW], cid: [p.customerId] });
    assert.equal((await h.api(`${API}/campaigns?windFarmId=${q.parkId}`, { token: stranger })).body.totalCount, 0);
    assert.equal((await h.api(`${API}/campaigns/${a.id}`, { token: stranger })).body.code, 'NOT_FOUND');
    const own = await h.token({ rights: [Rights.MENU_REPAIR_OVERVIEW], cid: [q.customerId] });
    assert.equal((await h.api(`${API}/campaigns?windFarmId=${q.parkId}`, { token: own })).body.totalCount, 3);
  });
});
