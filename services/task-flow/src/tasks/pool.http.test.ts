import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LabelingHistoryAction, Rights, TaskStageStatus as SS, TaskStatus as TS } from '@windward/contracts';
import { API, TaskFlowHarness, type World } from '../testing/task-flow-harness.js';

let h: TaskFlowHarness;
let a: World;
let b: World;
before(async () => {
  h = await TaskFlowHarness.start();
  a = await h.world('Kilo');
  b = await h.world('Lima');
});
after(async () => {
  await h.stop();
});

describe('task pool and my tasks', () => {
  test('20 concurrent picks: exactly one wins', async () => {
    const { taskId } = await h.readyTask(a, '2026-04-01');
    const users = await Promise.all(Array.from({ length: 20 }, (_, i) => h.user(`picker-${i}`)));
    const results = await Promise.all(users.map((u) => h.api(`${API}/tasks/${taskId}/pick`, { method: 'POST', token: u.token })));
    const won = results.filter((r) => r.status === 200);
    assert.equal(won.length, 1);
    for (const r of results.filter((x) => x.status !== 200)) {
      assert.equal(r.status, 409);
      assert.equal(r.body.code, 'TASK_ALREADY_PICKED');
    }
    const winner = users[results.findIndex((r) => r.status === 200)]!;
    const t = await h.task(taskId);
    assert.deepEqual(t.handlebyIds, [winner.userId]);
    assert.equal(h.stageStatus(t, 3), SS.PROCESSING);
    const picks = await h.sql(`SELECT count(*)::int AS n FROM task_flow.task_history WHERE task_id = $1 AND action = $2`, [taskId, LabelingHistoryAction.PICK]);
    assert.equal(picks[0].n, 1);
    const mine = await h.api(`${API}/tasks/mine`, { token: winner.token });
    assert.deepEqual(mine.body.results.map((x: { taskId: string }) => x.taskId), [taskId]);
    const pool = await h.api(`${API}/tasks/pool`);
    assert.equal(pool.body.results.some((x: { taskId: string }) => x.taskId === taskId), false);
  });

  test('assign, reassign and release', async () => {
    const { taskId } = await h.readyTask(a, '2026-04-02');
    const ann = await h.user('ann');
    const bob = await h.user('bob');
    let r = await h.api(`${API}/tasks/${taskId}/handler`, { method: 'PUT', json: { userId: ann.userId } });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.handlebyNames, ['ann']);
    assert.equal(h.stageStatus(r.body, 3), SS.PROCESSING);
    // A labeler cannot assign; a stranger cannot release someone else's work: nothing changes.
    const before = await h.snapshot(taskId);
    r = await h.api(`${API}/tasks/${taskId}/handler`, { method: 'PUT', token: bob.token, json: { userId: bob.userId } });
    assert.equal(r.status, 403);
    r = await h.api(`${API}/tasks/${taskId}/release`, { method: 'POST', token: bob.token });
    assert.equal(r.status, 403);
    assert.equal(r.body.code, 'NOT_TASK_HANDLER');
    r = await h.api(`${API}/tasks/${taskId}/handler`, { method: 'PUT', json: { userId: crypto.randomUUID() } });
    assert.equal(r.body.code, 'USER_NOT_FOUND');
    assert.equal(await h.snapshot(taskId), before);
    r = await h.api(`${API}/tasks/${taskId}/handler`, { method: 'PUT', json: { userId: bob.userId } });
    assert.deepEqual(r.body.handlebyNames, ['bob']);
    r = await h.api(`${API}/tasks/${taskId}/release`, { method: 'POST', token: bob.token });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.handlebyIds, []);
    assert.equal(h.stageStatus(r.body, 3), SS.READY);
    r = await h.api(`${API}/tasks/${taskId}/release`, { method: 'POST', token: bob.token });
    assert.equal(r.body.code, 'ILLEGAL_TRANSITION');
  });

  test('lists filter and sort on the server within the data scope', async () => {
    const t1 = await h.readyTask(a, '2026-05-01', { packageType: 1, inspectionStaffName: 'Zed' });
    const t2 = await h.readyTask(b, '2026-05-02', { packageType: 5, inspectionStaffName: 'Amy' });
    const all = await h.api(`${API}/tasks?pageSize=500&fieldToSort=inspectionDate&descending=true`);
    assert.equal(all.status, 200);
    const dates = all.body.results.map((x: { inspectionDate: string }) => x.inspectionDate);
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.equal(all.body.results[0].taskId, t2.taskId);
    const byPark = await h.api(`${API}/tasks?windfarmId=${b.parkId}`);
    assert.ok(byPark.body.results.every((x: { windFarmId: string }) => x.windFarmId === b.parkId));
    assert.equal(byPark.body.totalCount, byPark.body.results.length);
    const byTurbine = await h.api(`${API}/tasks?turbineName=lima-t&packageType=1`);
    assert.deepEqual(byTurbine.body.results.map((x: { taskId: string }) => x.taskId), [t2.taskId]);
    const byStage = await h.api(`${API}/tasks?taskStageType=3&taskStatusType=1&customerId=${a.customerId}&inspectionStartTime=2026-05-01&inspectionEndTime=2026-05-01`);
    assert.deepEqual(byStage.body.results.map((x: { taskId: string }) => x.taskId), [t1.taskId]);
    const byInspection = await h.api(`${API}/tasks?inspectionId=${t1.inspectionId}`);
    assert.equal(byInspection.body.totalCount, 1);
    const sorted = await h.api(`${API}/tasks?fieldToSort=inspectionStaffName&descending=false&inspectionStartTime=2026-05-01`);
    assert.deepEqual(sorted.body.results.map((x: { inspectionStaffName: string }) => x.inspectionStaffName), ['Amy', 'Zed']);
    assert.equal((await h.api(`${API}/tasks?fieldToSort=password`)).status, 400);
    assert.equal((await h.api(`${API}/tasks?inspectionStartTime=2026-06-01&inspectionEndTime=2026-05-01`)).body.code, 'INVALID_TIME_RANGE');
    const paged = await h.api(`${API}/tasks?pageSize=1&pageIndex=2&fieldToSort=createTime`);
    assert.equal(paged.body.results.length, 1);
    // Customer scope: only Lima's tasks, and Kilo's task answers 404 like an unknown one.
    const limaUser = await h.user('lima-reader', [Rights.QA_SHOW], { cid: [b.customerId] });
    const scoped = await h.api(`${API}/tasks?pageSize=500`, { token: limaUser.token });
    assert.ok(scoped.body.results.length >= 1);
    assert.ok(scoped.body.results.every((x: { customerId: string }) => x.customerId === b.customerId));
    assert.equal((await h.api(`${API}/tasks/${t1.taskId}`, { token: limaUser.token })).status, 404);
    const parkUser = await h.user('kilo-park', [Rights.QA_SHOW], { pid: [a.parkId] });
    const parkScoped = await h.api(`${API}/tasks?pageSize=500`, { token: parkUser.token });
    assert.ok(parkScoped.body.results.every((x: { windFarmId: string }) => x.windFarmId === a.parkId));
    const noRights = await h.user('nobody', []);
    assert.equal((await h.api(`${API}/tasks`, { token: noRights.token })).status, 403);
  });

  test("today's tasks, dashboard summary and stage center counts", async () => {
    const w = await h.world('Mike');
    const x = await h.readyTask(w, '2026-06-01');
    const y = await h.readyTask(w, '2026-06-02');
    const worker = await h.user('mike-worker', [Rights.QA_SHOW, Rights.QA_EDIT], { cid: [w.customerId] });
    await h.api(`${API}/tasks/${y.taskId}/pick`, { method: 'POST', token: worker.token });
    await h.api(`${API}/tasks/${y.taskId}/stages/3/complete`, { method: 'POST', token: worker.token });
    await h.sql(`UPDATE task_flow.task_stage SET deadline = now() - interval '1 minute' WHERE task_id = $1 AND stage = 3`, [x.taskId]);
    await h.api(`${API}/admin/overtime-check`, { method: 'POST' });
    const today = await h.api(`${API}/tasks/today?kind=new`, { token: worker.token });
    assert.deepEqual(today.body.results.map((r: { taskId: string }) => r.taskId).sort(), [x.taskId, y.taskId].sort());
    const yesterday = await h.api(`${API}/tasks/today?kind=new&date=2020-01-01`, { token: worker.token });
    assert.equal(yesterday.body.totalCount, 0);
    const dash = await h.api(`${API}/tasks/dashboard-summary`, { token: worker.token });
    assert.equal(dash.status, 200);
    assert.equal(dash.body.todayNewTaskCount, 2);
    assert.equal(dash.body.todayCompletedTaskCount, 0);
    assert.deepEqual(dash.body.filtering, { total: 1, abnormal: 1, status: 'abnormal' });
    assert.deepEqual(dash.body.labeling, { total: 1, abnormal: 0, status: 'normal' });
    for (const k of ['upload', 'autoprocessing', 'labelingQA', 'stitching', 'stitchingQA', 'labelingFQA', 'stitchingFQA']) assert.equal(dash.body[k].total, 0, k);
    const center = await h.api(`${API}/tasks/stage-center?taskStageType=4`, { token: worker.token });
    assert.equal(center.body.sortAndRemoveCount, 1);
    assert.equal(center.body.labelingCount, 1);
    assert.equal(center.body.labelingQACount, 0);
    assert.equal(center.body.totalCount, 1);
    assert.equal(center.body.results[0].taskId, y.taskId);
    const one = await h.api(`${API}/tasks/stage-center?taskStageId=${center.body.results[0].taskStageId}`, { token: worker.token });
    assert.equal(one.body.totalCount, 1);
    const labels = await h.api(`${API}/tasks/${y.taskId}/history`, { token: worker.token });
    assert.ok(labels.body.results.some((r: { action: string }) => r.action === 'PICK'));
    const log = await h.api(`${API}/tasks/${y.taskId}/logs`, { method: 'POST', json: { logName: 'dp.log', logType: 'DP', logFileUri: 'files/dp.log' } });
    assert.equal(log.status, 201);
    assert.equal((await h.api(`${API}/tasks/${y.taskId}/logs`, { method: 'POST', json: { logName: 'x', logType: 'EXE', logFileUri: 'f' } })).status, 400);
    assert.equal((await h.api(`${API}/tasks/${y.taskId}/logs`, { token: worker.token })).body.totalCount, 1);
    const t = await h.task(x.taskId);
    assert.equal(t.taskStatusType, TS.OVERTIME);
  });
});
