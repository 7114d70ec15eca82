import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ReInspectionStatus as RS, Rights, TaskStageStatus as SS, TaskStatus as TS } from '@windward/contracts';
import { API, TaskFlowHarness, type World } from '../testing/task-flow-harness.js';

let h: TaskFlowHarness;
let w: World;
before(async () => {
  h = await TaskFlowHarness.start();
  w = await h.world('Oscar');
});
after(async () => {
  await h.stop();
});

const post = (path: string, token: string, json?: unknown) => h.api(`${API}${path}`, { method: 'POST', token, ...(json !== undefined ? { json } : {}) });

async function labelingTask(labeler: { token: string }, date: string, staff = 'Pilot Paula') {
  const t = await h.readyTask(w, date, { inspectionStaffName: staff });
  await post(`/tasks/${t.taskId}/pick`, labeler.token);
  await post(`/tasks/${t.taskId}/stages/3/complete`, labeler.token);
  await post(`/tasks/${t.taskId}/pick`, labeler.token);
  return t;
}

describe('re-inspection approvals', () => {
  test('request, list, reject back to labeling, approve terminates; refusals change nothing', async () => {
    const labeler = await h.user('lena');
    const approver = await h.user('apu', [Rights.APPROVAL_TASKS_SHOW, Rights.APPROVAL_TASKS_EDIT]);
    const one = await labelingTask(labeler, '2026-07-01');
    const two = await labelingTask(labeler, '2026-07-02');
    // Only from labeling, by its handler, with comments.
    assert.equal((await post(`/tasks/${one.taskId}/reinspection`, labeler.token, { requestComments: '' })).status, 400);
    const stranger = await h.user('stan');
    assert.equal((await post(`/tasks/${one.taskId}/reinspection`, stranger.token, { requestComments: 'blurry' })).body.code, 'NOT_TASK_HANDLER');
    let r = await post(`/tasks/${one.taskId}/reinspection`, labeler.token, { requestComments: 'Images blurry on blade C', sourceUrl: 'https://x/one' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal((await post(`/tasks/${one.taskId}/reinspection`, labeler.token, { requestComments: 'again' })).body.code, 'REINSPECTION_PENDING');
    // Labeling cannot finish while the request waits.
    const waiting = await h.snapshot(one.taskId);
    assert.equal((await post(`/tasks/${one.taskId}/stages/4/complete`, labeler.token)).body.code, 'REINSPECTION_PENDING');
    assert.equal(await h.snapshot(one.taskId), waiting);
    await post(`/tasks/${two.taskId}/reinspection`, labeler.token, { requestComments: 'Wrong turbine photographed' });

    let list = await h.api(`${API}/approval-tasks?windfarmId=${w.parkId}`, { token: approver.token });
    assert.equal(list.status, 200);
    assert.equal(list.body.totalCount, 2);
    assert.equal(list.body.processingCount, 2);
    const item = list.body.results.find((x: { taskId: string }) => x.taskId === one.taskId);
    assert.equal(item.inspectionId, one.inspectionId);
    assert.equal(item.customerName, 'Oscar Customer');
    assert.equal(item.windfarmName, 'Oscar Park');
    assert.equal(item.turbineName, 'Oscar-T01');
    assert.equal(item.inspectionDate, '2026-07-01');
    assert.equal(item.requester, 'lena');
    assert.equal(item.requestComments, 'Images blurry on blade C');
    assert.equal(item.sourceUrl, 'https://x/one');
    assert.equal(item.reInspectionStatus, RS.PROCESSING);
    assert.equal(item.pilot, 'Pilot Paula');
    assert.equal(item.requestStatus, 0);
    assert.equal((await h.api(`${API}/approval-tasks`, { token: labeler.token })).status, 403);

    // Reasons are required: "Reasons for approval to re-inspection can't be empty".
    const before = await h.snapshot(one.taskId);
    r = await h.api(`${API}/approval-tasks/approve`, { method: 'PUT', token: approver.token, json: { inspectionId: one.inspectionId, approved: true, processComments: ' ' } });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, 'REINSPECTION_REASON_REQUIRED');
    assert.equal(r.body.message, 'Please enter the reason for the re-inspection approval.');
    assert.equal(await h.snapshot(one.taskId), before);

    r = await h.api(`${API}/approval-tasks/approve`, { method: 'PUT', token: approver.token, json: { inspectionId: one.inspectionId, approved: false, processComments: 'Images are usable' } });
    assert.equal(r.status, 200);
    assert.equal(r.body.taskStatusType, TS.PROCESSING);
    assert.deepEqual(r.body.taskStageTypes, [4]);
    assert.equal(h.stageStatus(r.body, 4), SS.PROCESSING);
    const again = await h.snapshot(one.taskId);
    r = await h.api(`${API}/approval-tasks/approve`, { method: 'PUT', token: approver.token, json: { inspectionId: one.inspectionId, approved: true, processComments: 'changed my mind' } });
    assert.equal(r.body.code, 'ILLEGAL_TRANSITION');
    assert.equal(await h.snapshot(one.taskId), again);
    assert.equal((await post(`/tasks/${one.taskId}/stages/4/complete`, labeler.token)).status, 200);

    r = await h.api(`${API}/approval-tasks/approve`, { method: 'PUT', token: approver.token, json: { inspectionId: two.inspectionId, approved: true, processComments: 'Fly it again' } });
    assert.equal(r.body.taskStatusType, TS.TERMINATED);
    list = await h.api(`${API}/approval-tasks?reInspectionStatus=2`, { token: approver.token });
    assert.deepEqual(list.body.results.map((x: { taskId: string }) => x.taskId), [two.taskId]);
    assert.equal(list.body.results[0].processor, 'apu');
    assert.equal(list.body.results[0].approved, true);
    assert.equal(list.body.processingCount, 0);
    const pending = await h.api(`${API}/approval-tasks?requestStatus=0`, { token: approver.token });
    assert.equal(pending.body.totalCount, 0);
    const labels = await h.api(`${API}/tasks/${two.taskId}/labeling-history`);
    const actions = labels.body.results.map((x: { action: string }) => x.action);
    assert.ok(actions.includes('REQUEST_REINSPECTION') && actions.includes('APPROVE_REINSPECTION'));
    // A terminated task cannot be worked on.
    assert.equal((await post(`/tasks/${two.taskId}/stages/4/complete`, labeler.token)).body.code, 'ILLEGAL_TRANSITION');
  });
});
