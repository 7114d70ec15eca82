import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TaskStatus as TS, errorText } from '@windward/contracts';
import { API, TaskFlowHarness, type World } from '../testing/task-flow-harness.js';

let h: TaskFlowHarness;
let w: World;
before(async () => {
  h = await TaskFlowHarness.start();
  w = await h.world('Quebec');
});
after(async () => {
  await h.stop();
});

/** Tries a call that must be refused with `code` and checks that the task did not change at all. */
async function refused(taskId: string, call: () => Promise<{ status: number; body: { code: string } }>, code: string, status: number) {
  const before = await h.snapshot(taskId);
  const r = await call();
  assert.equal(r.body.code, code, JSON.stringify(r.body));
  assert.equal(r.status, status);
  assert.equal(await h.snapshot(taskId), before, `${code}: task changed`);
}

describe('every refused transition leaves the task unchanged', () => {
  test('stage and task transitions outside the tables', async () => {
    const ann = await h.user('ann');
    const ben = await h.user('ben');
    const post = (path: string, token?: string, json?: unknown) => () => h.api(`${API}${path}`, { method: 'POST', ...(token ? { token } : {}), ...(json !== undefined ? { json } : {}) });
    const put = (path: string, json: unknown) => () => h.api(`${API}${path}`, { method: 'PUT', json });

    // Upload still processing: nothing to pick, the upload cannot be completed by hand.
    const { uploadTaskId, taskId: early } = await h.upload(w, '2026-09-01');
    await refused(early, post(`/tasks/${early}/pick`, ann.token), 'ILLEGAL_TRANSITION', 409);
    await refused(early, post(`/tasks/${early}/stages/1/complete`, ann.token), 'ILLEGAL_TRANSITION', 409);
    await refused(early, put(`/tasks/${early}/handler`, { userId: ann.userId }), 'ILLEGAL_TRANSITION', 409);
    void uploadTaskId;

    const { taskId } = await h.readyTask(w, '2026-09-02');
    await refused(taskId, post(`/tasks/${taskId}/stages/4/complete`, ann.token), 'STAGE_NOT_CURRENT', 409);
    await refused(taskId, post(`/tasks/${taskId}/stages/3/complete`, ann.token), 'NOT_TASK_HANDLER', 403);
    await refused(taskId, post(`/tasks/${taskId}/stages/99/complete`, ann.token), 'VALIDATION_FAILED', 400);
    await refused(taskId, post(`/tasks/${taskId}/release`, ann.token), 'ILLEGAL_TRANSITION', 409);
    await refused(taskId, post(`/tasks/${taskId}/stages/3/retry`), 'ILLEGAL_TRANSITION', 409);
    await refused(taskId, post(`/tasks/${taskId}/qa`, ann.token, { result: 1 }), 'STAGE_NOT_CURRENT', 409);
    await refused(taskId, post(`/tasks/${taskId}/reinspection`, ann.token, { requestComments: 'x' }), 'STAGE_NOT_CURRENT', 409);
    assert.equal((await post(`/tasks/${taskId}/pick`, ann.token)()).status, 200);
    await refused(taskId, post(`/tasks/${taskId}/pick`, ben.token), 'TASK_ALREADY_PICKED', 409);
    await refused(taskId, post(`/tasks/${taskId}/pick`, ann.token), 'TASK_ALREADY_PICKED', 409);
    await refused(taskId, post(`/tasks/${taskId}/stages/3/complete`, ben.token), 'NOT_TASK_HANDLER', 403);
    await refused(taskId, post(`/tasks/${taskId}/stages/3/error`, ben.token, { message: 'bad' }), 'NOT_TASK_HANDLER', 403);
    assert.equal((await post(`/tasks/${taskId}/stages/3/complete`, ann.token)()).status, 200);
    assert.equal((await post(`/tasks/${taskId}/pick`, ann.token)()).status, 200);
    assert.equal((await post(`/tasks/${taskId}/stages/4/complete`, ann.token)()).status, 200);
    // Reviews finish only through a QA result.
    assert.equal((await post(`/tasks/${taskId}/pick`, ben.token)()).status, 200);
    await refused(taskId, post(`/tasks/${taskId}/stages/5/complete`, ben.token), 'ILLEGAL_TRANSITION', 409);
    await refused(taskId, post(`/tasks/${taskId}/qa`, ben.token, { result: 1, stage: 11 }), 'STAGE_NOT_CURRENT', 409);
    // Task statuses: only terminated/inactive may be set, and never from a final status.
    await refused(taskId, put(`/tasks/${taskId}/status`, { status: TS.COMPLETED }), 'ILLEGAL_TRANSITION', 409);
    await refused(taskId, put(`/tasks/${taskId}/status`, { status: 42 }), 'VALIDATION_FAILED', 400);
    const term = await put(`/tasks/${taskId}/status`, { status: TS.TERMINATED })();
    assert.equal(term.body.taskStatusType, TS.TERMINATED);
    await refused(taskId, put(`/tasks/${taskId}/status`, { status: TS.INACTIVE }), 'ILLEGAL_TRANSITION', 409);
    await refused(taskId, put(`/tasks/${taskId}/status`, { status: TS.TERMINATED }), 'ILLEGAL_TRANSITION', 409);
    await refused(taskId, post(`/tasks/${taskId}/qa`, ben.token, { result: 1 }), 'ILLEGAL_TRANSITION', 409);
    await refused(taskId, post(`/tasks/${taskId}/release`, ben.token), 'ILLEGAL_TRANSITION', 409);
    await refused(taskId, put(`/tasks/${taskId}/handler`, { userId: ann.userId }), 'ILLEGAL_TRANSITION', 409);
    // A completed task never moves again.
    const done = await h.readyTask(w, '2026-09-03');
    await h.walk(done.taskId, ann);
    await refused(done.taskId, put(`/tasks/${done.taskId}/status`, { status: TS.TERMINATED }), 'ILLEGAL_TRANSITION', 409);
    await refused(done.taskId, post(`/tasks/${done.taskId}/pick`, ann.token), 'ILLEGAL_TRANSITION', 409);
    // Unknown ids answer 404.
    assert.equal((await h.api(`${API}/tasks/${crypto.randomUUID()}/pick`, { method: 'POST', token: ann.token })).status, 404);
  });
});

describe('labeling completes only when inspection says every image side is labeled', () => {
  test('ALL_SIDES_MUST_BE_LABELED while a side is open; nothing changes; completes once labeled', async () => {
    const ann = await h.user('lena');
    const post = (path: string, token?: string) => () => h.api(`${API}${path}`, { method: 'POST', ...(token ? { token } : {}) });
    const { taskId, inspectionId } = await h.readyTask(w, '2026-09-20');
    await h.labeling(inspectionId, false, 6, 4);
    assert.equal((await post(`/tasks/${taskId}/pick`, ann.token)()).status, 200);
    assert.equal((await post(`/tasks/${taskId}/stages/3/complete`, ann.token)()).status, 200);
    assert.equal((await post(`/tasks/${taskId}/pick`, ann.token)()).status, 200);
    await refused(taskId, post(`/tasks/${taskId}/stages/4/complete`, ann.token), 'ALL_SIDES_MUST_BE_LABELED', 400);
    const zh = await h.api(`${API}/tasks/${taskId}/stages/4/complete`, { method: 'POST', token: ann.token, locale: 'zh_cn' });
    assert.deepEqual([zh.body.message, zh.body.details], [errorText('ALL_SIDES_MUST_BE_LABELED', 'zh_cn'), { sideCount: 6, labeledSideCount: 4 }]);
    await h.labeling(inspectionId, true, 6);
    assert.equal((await post(`/tasks/${taskId}/stages/4/complete`, ann.token)()).status, 200);
    assert.equal((await h.task(taskId)).taskStageTypes[0], 5);
  });
});

