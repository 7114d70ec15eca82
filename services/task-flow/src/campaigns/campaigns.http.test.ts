import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CampaignTurbineStatus as CT, EventTypes, TaskStatus as TS } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { API, TaskFlowHarness, type World } from '../testing/task-flow-harness.js';

let h: TaskFlowHarness;
let w: World;
before(async () => {
  h = await TaskFlowHarness.start();
  w = await h.world('Papa');
});
after(async () => {
  await h.stop();
});

async function campaign(status: number, active: boolean, campaignId = randomUUID()) {
  await h.publish(EventTypes.DeliveryCampaignUpdated, campaignId, { campaignId, name: 'C1', projectId: null, projectType: 2, status, active });
  await eventually(async () => (await h.sql('SELECT 1 FROM task_flow.campaign_ref WHERE campaign_id = $1 AND status = $2', [campaignId, status])).length > 0);
  return campaignId;
}
const setStatus = (campaignId: string, turbineId: string, status: number) =>
  h.api(`${API}/campaigns/${campaignId}/turbines/${turbineId}/status`, { method: 'PUT', json: { status } });

describe('turbine completion rules', () => {
  test('complete is refused while QA is unfinished; a completed campaign cannot be set in progress; inactive campaigns stop their tasks', async () => {
    const worker = await h.user('pat');
    const campaignId = await campaign(2, true);
    const { taskId } = await h.readyTask(w, '2026-08-01', { campaignId });
    assert.equal((await h.task(taskId)).projectType, 2);
    assert.equal((await setStatus(campaignId, w.turbineId, CT.IN_PROGRESS)).status, 200);
    let r = await setStatus(campaignId, w.turbineId, CT.COMPLETED);
    assert.equal(r.status, 409);
    assert.equal(r.body.code, 'UNFINISHED_QA_TASKS');
    assert.equal(r.body.message, 'The turbine status cannot be set to completed because there are still unfinished QA tasks.');
    const list = await h.api(`${API}/campaigns/${campaignId}/turbines`);
    assert.deepEqual(list.body.results.map((x: { status: number; unfinishedQaTaskCount: number }) => [x.status, x.unfinishedQaTaskCount]), [[CT.IN_PROGRESS, 1]]);
    assert.equal((await setStatus(campaignId, w.turbineId, CT.NOT_STARTED)).body.code, 'ILLEGAL_TRANSITION');
    await h.walk(taskId, worker);
    r = await setStatus(campaignId, w.turbineId, CT.COMPLETED);
    assert.equal(r.status, 200);
    const ev = (await h.published(EventTypes.TaskflowTurbineStatusChanged)).at(-1);
    assert.deepEqual(ev.payload, { campaignId, turbineId: w.turbineId, status: CT.COMPLETED });
    await campaign(3, true, campaignId);
    r = await setStatus(campaignId, w.turbineId, CT.IN_PROGRESS);
    assert.equal(r.body.code, 'REPAIR_CAMPAIGN_COMPLETED_CANNOT_RESUME');
    assert.equal((await h.api(`${API}/campaigns/${campaignId}/turbines`)).body.results[0].status, CT.COMPLETED);

    // Inactive campaign: its processing tasks become inactive and cannot proceed; it never becomes active again.
    const other = await campaign(2, true);
    const t2 = await h.readyTask(w, '2026-08-02', { campaignId: other });
    await campaign(2, false, other);
    await eventually(async () => (await h.task(t2.taskId)).taskStatusType === TS.INACTIVE);
    const before = await h.snapshot(t2.taskId);
    r = await h.api(`${API}/tasks/${t2.taskId}/pick`, { method: 'POST', token: worker.token });
    assert.equal(r.status, 409);
    assert.equal(r.body.code, 'CAMPAIGN_INACTIVE_TASK_CANNOT_PROCEED');
    assert.equal(await h.snapshot(t2.taskId), before);
    await h.publish(EventTypes.DeliveryCampaignUpdated, other, { campaignId: other, name: 'C1', projectId: null, status: 2, active: true });
    await eventually(async () => (await h.sql(`SELECT 1 FROM task_flow.handled_event WHERE type = 'delivery.campaign.updated'`)).length >= 4);
    assert.equal((await h.sql('SELECT active FROM task_flow.campaign_ref WHERE campaign_id = $1', [other]))[0].active, false);
    assert.equal((await setStatus(other, w.turbineId, CT.IN_PROGRESS)).body.code, 'CAMPAIGN_INACTIVE_TASK_CANNOT_PROCEED');
    // A new upload into the inactive campaign starts inactive.
    const t3 = await h.upload(w, '2026-08-03', { campaignId: other });
    assert.equal((await h.task(t3.taskId)).taskStatusType, TS.INACTIVE);
  });
});
