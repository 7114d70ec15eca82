import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventTypes, Rights, RoleId, TaskStageStatus as SS } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { API, TaskFlowHarness, type World } from '../testing/task-flow-harness.js';

/** docs/roles.md: staff work on the customers they are assigned to; a handler always sees their tasks. */
let h: TaskFlowHarness;
let north: World;
let gobi: World;
before(async () => {
  h = await TaskFlowHarness.start();
  north = await h.world('Oscar');
  gobi = await h.world('Papa');
});
after(async () => {
  await h.stop();
});

const ids = (body: { results: { taskId: string }[] }) => body.results.map((x) => x.taskId);

describe('who may handle a task', () => {
  test('a labeler works on the pool of the customers they are assigned to, not on the others', async () => {
    const own = await h.readyTask(north, '2026-05-01');
    const other = await h.readyTask(gobi, '2026-05-01');
    const liu = await h.user('liu-scope', [Rights.QA_SHOW, Rights.QA_EDIT], { cid: [north.customerId] });
    const pool = await h.api(`${API}/tasks/pool?pageSize=500`, { token: liu.token });
    assert.equal(pool.status, 200);
    assert.ok(ids(pool.body).includes(own.taskId));
    assert.equal(ids(pool.body).includes(other.taskId), false);
    const pick = await h.api(`${API}/tasks/${own.taskId}/pick`, { method: 'POST', token: liu.token });
    assert.equal(pick.status, 200, JSON.stringify(pick.body));
    const mine = await h.api(`${API}/tasks/mine`, { token: liu.token });
    assert.deepEqual(ids(mine.body), [own.taskId]);
    // Someone else's customer answers like an unknown task, and picking it changes nothing.
    const before = await h.snapshot(other.taskId);
    const r = await h.api(`${API}/tasks/${other.taskId}/pick`, { method: 'POST', token: liu.token });
    assert.equal(r.status, 404);
    assert.equal(await h.snapshot(other.taskId), before);
  });

  test('assigning a task to someone not assigned to its customer is refused in both languages; nothing changes', async () => {
    const { taskId } = await h.readyTask(gobi, '2026-05-02');
    const liu = await h.user('liu-refused', [Rights.QA_SHOW, Rights.QA_EDIT], { cid: [north.customerId] });
    const before = await h.snapshot(taskId);
    let r = await h.api(`${API}/tasks/${taskId}/handler`, { method: 'PUT', json: { userId: liu.userId } });
    assert.equal(r.status, 409);
    assert.equal(r.body.code, 'HANDLER_NOT_ELIGIBLE');
    assert.match(r.body.message, /liu-refused cannot handle this task/);
    r = await h.api(`${API}/tasks/${taskId}/handler`, { method: 'PUT', locale: 'zh_cn', json: { userId: liu.userId } });
    assert.equal(r.body.code, 'HANDLER_NOT_ELIGIBLE');
    assert.match(r.body.message, /^liu-refused不能处理该任务/);
    // A park list narrows the customer: a user of another park of the same customer is refused too.
    const otherPark = await h.park(gobi.customerId, 'Papa East');
    const parkOnly = await h.user('papa-east-only', [Rights.QA_SHOW, Rights.QA_EDIT], { cid: [gobi.customerId], pid: [otherPark] });
    r = await h.api(`${API}/tasks/${taskId}/handler`, { method: 'PUT', json: { userId: parkOnly.userId } });
    assert.equal(r.body.code, 'HANDLER_NOT_ELIGIBLE');
    assert.equal(await h.snapshot(taskId), before);
    // The same assignment to someone who works on the customer goes through.
    const rosa = await h.user('rosa-gobi', [Rights.QA_SHOW, Rights.QA_EDIT], { cid: [gobi.customerId] });
    r = await h.api(`${API}/tasks/${taskId}/handler`, { method: 'PUT', json: { userId: rosa.userId } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.handlebyIds, [rosa.userId]);
    // Administrators handle every customer.
    const admin = await h.user('dana-admin');
    r = await h.api(`${API}/tasks/${taskId}/handler`, { method: 'PUT', json: { userId: admin.userId } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  });

  test('the handler is named the same whether they picked the task or were assigned it (the display name)', async () => {
    const a = await h.readyTask(north, '2026-05-04');
    const b = await h.readyTask(north, '2026-05-05');
    const userId = crypto.randomUUID();
    await h.publish(EventTypes.IdentityUserCreated, userId, {
      userId,
      username: 'liu',
      displayName: 'Liu Labeler',
      email: null,
      roles: [RoleId.LABELER],
      organizationId: null,
      customerIds: [north.customerId],
      parkIds: [],
      active: true,
    });
    await eventually(async () => (await h.sql('SELECT 1 FROM task_flow.user_ref WHERE user_id = $1', [userId])).length > 0);
    const token = await h.token({ sub: userId, username: 'liu', name: 'Liu Labeler', rights: [Rights.QA_SHOW, Rights.QA_EDIT], cid: [north.customerId] });
    const picked = await h.api(`${API}/tasks/${a.taskId}/pick`, { method: 'POST', token });
    assert.deepEqual(picked.body.handlebyNames, ['Liu Labeler']);
    const assigned = await h.api(`${API}/tasks/${b.taskId}/handler`, { method: 'PUT', json: { userId } });
    assert.deepEqual(assigned.body.handlebyNames, ['Liu Labeler']);
    const history = await h.api(`${API}/tasks/${a.taskId}/history?pageSize=100`);
    assert.ok(history.body.results.filter((l: { kind: string }) => l.kind === 'PICKED').every((l: { handlerName: string }) => l.handlerName === 'Liu Labeler'));
  });

  test('without SEED_DEMO an inspection\'s demoStage is ignored: its task starts at sort and remove', async () => {
    const inspectionId = crypto.randomUUID();
    await h.publish(EventTypes.InspectionInspectionCreated, inspectionId, {
      inspectionId,
      turbineId: north.turbineId,
      windFarmId: north.parkId,
      packageType: 1,
      inspectionDate: '2024-06-12T00:00:00.000Z',
      demoStage: 5,
    });
    const [row] = await eventually(async () => {
      const rows = await h.sql('SELECT id FROM task_flow.task WHERE inspection_id = $1', [inspectionId]);
      return rows.length ? rows : null;
    });
    await h.imagesProcessed(inspectionId);
    const t = await h.waitStage(row.id, 3, SS.READY);
    assert.equal(h.stageStatus(t, 4), SS.NOT_READY);
  });

  test('the handler always sees the task, even after their customers changed, and task-flow announces the handler', async () => {
    const { taskId, inspectionId } = await h.readyTask(north, '2026-05-03');
    const liu = await h.user('liu-moved', [Rights.QA_SHOW, Rights.QA_EDIT], { cid: [north.customerId] });
    let r = await h.api(`${API}/tasks/${taskId}/handler`, { method: 'PUT', json: { userId: liu.userId } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    // Identity takes the customer away: the token now has no customer at all.
    await h.publish(EventTypes.IdentityUserUpdated, liu.userId, {
      userId: liu.userId,
      username: 'liu-moved',
      displayName: 'liu-moved',
      email: null,
      roles: [RoleId.LABELER],
      organizationId: null,
      customerIds: [],
      parkIds: [],
      active: true,
    });
    await eventually(async () => (await h.sql(`SELECT 1 FROM task_flow.user_ref WHERE user_id = $1 AND customer_ids = '{}'`, [liu.userId])).length > 0);
    const token = await h.token({ sub: liu.userId, username: 'liu-moved', rights: [Rights.QA_SHOW, Rights.QA_EDIT], cid: [], pid: null });
    assert.equal((await h.api(`${API}/tasks/${taskId}`, { token })).status, 200);
    const mine = await h.api(`${API}/tasks/mine`, { token });
    assert.deepEqual(ids(mine.body), [taskId]);
    const all = await h.api(`${API}/tasks?pageSize=500`, { token });
    assert.deepEqual(ids(all.body), [taskId]);
    const pool = await h.api(`${API}/tasks/pool?pageSize=500`, { token });
    assert.deepEqual(ids(pool.body), []);
    // They can still finish the work they hold.
    r = await h.api(`${API}/tasks/${taskId}/stages/3/complete`, { method: 'POST', token });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(h.stageStatus(r.body, 3), SS.COMPLETED);
    // ... after which the task is no longer theirs, so it is out of sight again.
    assert.equal((await h.api(`${API}/tasks/${taskId}`, { token })).status, 404);
    const changes = (await h.published(EventTypes.TaskflowHandlerChanged)).filter((e) => e.payload.taskId === taskId);
    assert.deepEqual(
      changes.map((e) => e.payload.handlerId),
      [liu.userId, null],
    );
    assert.ok(changes.every((e) => e.payload.inspectionId === inspectionId));
  });
});
