import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Rights, TaskStage } from '@windward/contracts';
import { API, TaskFlowHarness, type Body, type World } from '../testing/task-flow-harness.js';

let h: TaskFlowHarness;
let w: World;
before(async () => {
  h = await TaskFlowHarness.start();
  w = await h.world('Spent');
});
after(async () => {
  await h.stop();
});

const spent = (taskId: string, stage: number, seconds: unknown, token?: string) =>
  h.api(`${API}/tasks/${taskId}/stages/${stage}/spent-time`, { method: 'POST', json: { seconds }, ...(token ? { token } : {}) });
const spentOf = (t: Body, stage: number): number => t.stages.find((s: Body) => s.taskStageType === stage).spentSeconds;
/** The task as a snapshot plus every stage's spent seconds. */
const state = async (taskId: string) =>
  `${await h.snapshot(taskId)}|${JSON.stringify(await h.sql('SELECT stage, spent_seconds FROM task_flow.task_stage WHERE task_id = $1 ORDER BY seq', [taskId]))}`;

describe('spent time per stage', () => {
  test('the handler adds seconds to the current stage; they add up and show on the task', async () => {
    const ann = await h.user('ann-spent');
    const { taskId } = await h.readyTask(w, '2026-10-01');
    assert.equal(spentOf(await h.task(taskId), TaskStage.SORT_AND_REMOVE), 0);
    assert.equal((await h.api(`${API}/tasks/${taskId}/pick`, { method: 'POST', token: ann.token })).status, 200);
    const first = await spent(taskId, TaskStage.SORT_AND_REMOVE, 60, ann.token);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(first.body, { taskId, taskStageType: TaskStage.SORT_AND_REMOVE, spentSeconds: 60 });
    // Concurrent reports (a minute tick and an unload) all count.
    const many = await Promise.all([1, 2, 3, 3600].map((s) => spent(taskId, TaskStage.SORT_AND_REMOVE, s, ann.token)));
    assert.deepEqual(
      many.map((r) => r.status),
      [200, 200, 200, 200],
    );
    const t = await h.task(taskId);
    assert.equal(spentOf(t, TaskStage.SORT_AND_REMOVE), 60 + 1 + 2 + 3 + 3600);
    assert.equal(spentOf(t, TaskStage.LABELING), 0);
    // Completing keeps the figure on the finished stage.
    assert.equal((await h.api(`${API}/tasks/${taskId}/stages/3/complete`, { method: 'POST', token: ann.token })).status, 200);
    assert.equal(spentOf(await h.task(taskId), TaskStage.SORT_AND_REMOVE), 3666);
  });

  test('refusals leave the task and every figure unchanged', async () => {
    const ann = await h.user('ann-refused');
    const ben = await h.user('ben-refused');
    const reader = await h.user('reader-refused', [Rights.QA_SHOW]);
    const { taskId } = await h.readyTask(w, '2026-10-02');
    const refused = async (name: string, call: () => Promise<{ status: number; body: Body }>, code: string, status: number) => {
      const before = await state(taskId);
      const r = await call();
      assert.deepEqual([r.status, r.body.code], [status, code], `${name}: ${JSON.stringify(r.body)}`);
      assert.equal(await state(taskId), before, `${name}: something changed`);
    };
    // Nobody holds the stage yet.
    await refused('not picked', () => spent(taskId, 3, 10, ann.token), 'NOT_TASK_HANDLER', 403);
    assert.equal((await h.api(`${API}/tasks/${taskId}/pick`, { method: 'POST', token: ann.token })).status, 200);
    await refused('someone else', () => spent(taskId, 3, 10, ben.token), 'NOT_TASK_HANDLER', 403);
    await refused('not the current stage', () => spent(taskId, 4, 10, ann.token), 'STAGE_NOT_CURRENT', 409);
    await refused('automatic stage', () => spent(taskId, 2, 10, ann.token), 'STAGE_NOT_CURRENT', 409);
    await refused('zero', () => spent(taskId, 3, 0, ann.token), 'VALIDATION_FAILED', 400);
    await refused('over an hour', () => spent(taskId, 3, 3601, ann.token), 'VALIDATION_FAILED', 400);
    await refused('fraction', () => spent(taskId, 3, 1.5, ann.token), 'VALIDATION_FAILED', 400);
    await refused('text', () => spent(taskId, 3, '60', ann.token), 'VALIDATION_FAILED', 400);
    await refused('negative', () => spent(taskId, 3, -60, ann.token), 'VALIDATION_FAILED', 400);
    await refused('unknown stage', () => spent(taskId, 99, 10, ann.token), 'VALIDATION_FAILED', 400);
    await refused('no work right', () => spent(taskId, 3, 10, reader.token), 'NO_ACCESS_RIGHTS', 403);
    // Someone of another customer (ann herself would still see the task she handles: docs/roles.md).
    const stranger = await h.token({
      sub: ben.userId,
      username: 'ben',
      rights: [Rights.QA_SHOW, Rights.QA_EDIT],
      cid: [randomUUID()],
      pid: null,
    });
    await refused('out of scope', () => spent(taskId, 3, 10, stranger), 'NOT_FOUND', 404);
    assert.equal((await spent(randomUUID(), 3, 10, ann.token)).status, 404);
    // After completion the stage is no longer current.
    assert.equal((await h.api(`${API}/tasks/${taskId}/stages/3/complete`, { method: 'POST', token: ann.token })).status, 200);
    await refused('after completion', () => spent(taskId, 3, 10, ann.token), 'STAGE_NOT_CURRENT', 409);
  });
});
