import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventTypes, TaskStageStatus as SS, TaskStatus as TS } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { API, TaskFlowHarness } from '../testing/task-flow-harness.js';

let h: TaskFlowHarness;
before(async () => {
  h = await TaskFlowHarness.start();
});
after(async () => {
  await h.stop();
});

describe('pipeline driven by events', () => {
  test('upload → auto-processing job waits for inspection.images.processed → every enabled stage in order → completed', async () => {
    const w = await h.world('Alpha', [{ componentType: 1, features: ['stitching', 'timeline', 'prelabel'], taskStages: [] }]);
    const worker = await h.user('alpha-worker');
    const { uploadTaskId, taskId } = await h.upload(w, '2026-03-02', { inspectionStaffName: 'Pilot Pete' });
    let t = await h.task(taskId);
    assert.equal(h.stageStatus(t, 1), SS.PROCESSING);
    assert.equal(t.taskStatusType, TS.PROCESSING);
    assert.equal(t.windfarmName, 'Alpha Park');
    assert.equal(t.customerName, 'Alpha Customer');
    assert.equal(t.turbineName, 'Alpha-T01');
    const inspectionId = await h.inspection(w, '2026-03-02', uploadTaskId);
    await h.completeUpload(uploadTaskId, { logs: [{ logName: 'flight.bag', logType: 'rosbag', logFileUri: 'files/flight.bag' }] });
    t = await h.waitStage(taskId, 2, SS.PROCESSING);
    assert.equal(t.inspectionId, inspectionId);
    assert.equal(h.stageStatus(t, 1), SS.COMPLETED);
    // The job ran and is waiting for the inspection service; the stage is not completed by itself.
    t = await eventually(async () => {
      const x = await h.task(taskId);
      return x.stages.find((s: { taskStageType: number }) => s.taskStageType === 2).progressMessage === 'waiting for inspection.images.processed' ? x : null;
    });
    assert.equal(h.stageStatus(t, 2), SS.PROCESSING);
    await h.imagesProcessed(inspectionId);
    t = await h.waitStage(taskId, 3, SS.READY);
    assert.equal(h.stageStatus(t, 2), SS.COMPLETED);
    assert.equal(t.stages.filter((s: { status: number }) => s.status === SS.SKIP).length, 0);
    const order = await h.walk(taskId, worker);
    assert.deepEqual(order, [3, 10, 4, 5, 11, 6, 7, 12, 8, 9]);
    t = await h.task(taskId);
    assert.equal(t.taskStatusType, TS.COMPLETED);
    assert.ok(t.completeTime);
    const completed = (await h.published(EventTypes.TaskflowStageCompleted)).filter((e) => e.payload.taskId === taskId);
    assert.deepEqual(
      completed.map((e) => [e.payload.stage, e.payload.nextStage]),
      [[1, 2], [2, 3], [3, 10], [10, 4], [4, 5], [5, 11], [11, 6], [6, 7], [7, 12], [12, 8], [8, 9], [9, null]],
    );
    const created = (await h.published(EventTypes.TaskflowTaskCreated)).find((e) => e.payload.taskId === taskId);
    assert.equal(created.payload.inspectionId, inspectionId);
    assert.equal(created.payload.stages.length, 12);
    const statusEvents = (await h.published(EventTypes.TaskflowTaskStatusChanged)).filter((e) => e.payload.taskId === taskId);
    assert.deepEqual(statusEvents.map((e) => e.payload.status), [TS.COMPLETED]);
    const logs = await h.api(`${API}/tasks/${taskId}/logs`);
    assert.deepEqual(logs.body.results.map((l: { logType: string; droneId: string }) => [l.logType, l.droneId]), [['rosbag', 'drone-1']]);
    const hist = await h.api(`${API}/tasks/${taskId}/history?pageSize=500`);
    assert.ok(hist.body.totalCount >= 24);
    assert.ok(hist.body.results.some((r: { stage: number; stageStatus: number; handlerName: string }) => r.stage === 4 && r.stageStatus === SS.COMPLETED && r.handlerName === 'alpha-worker'));
  });

  test('no flow config: optional stages are skipped; a narrowed config skips the stages it leaves out', async () => {
    const w = await h.world('Bravo');
    const worker = await h.user('bravo-worker');
    const { taskId } = await h.readyTask(w);
    const t = await h.task(taskId);
    for (const s of [6, 7, 8, 9, 10, 12]) assert.equal(h.stageStatus(t, s), SS.SKIP, `stage ${s}`);
    assert.deepEqual(await h.walk(taskId, worker), [3, 4, 5, 11]);
    assert.equal((await h.task(taskId)).taskStatusType, TS.COMPLETED);

    const w2 = await h.world('Charlie', [{ componentType: 1, features: ['stitching'], taskStages: [6, 7] }]);
    const r2 = await h.readyTask(w2);
    assert.deepEqual(await h.walk(r2.taskId, worker), [3, 4, 5, 11, 6, 7]);
    // The flow config of another component type does not apply: a tower inspection runs the mandatory stages.
    const up = await h.upload(w2, '2026-03-09');
    const insp = await h.inspection(w2, '2026-03-09', up.uploadTaskId, 5);
    await h.completeUpload(up.uploadTaskId);
    await h.imagesProcessed(insp);
    const t3 = await h.waitStage(up.taskId, 3, SS.READY);
    assert.equal(h.stageStatus(t3, 6), SS.SKIP);
    assert.equal(t3.packageType, 5);
  });

  test('images processed before the upload completes: the job completes auto-processing', async () => {
    const w = await h.world('Delta');
    const { uploadTaskId, taskId } = await h.upload(w, '2026-03-03');
    const inspectionId = await h.inspection(w, '2026-03-03', uploadTaskId);
    await h.imagesProcessed(inspectionId);
    await eventually(async () => (await h.sql('SELECT images_processed FROM task_flow.task WHERE id = $1', [taskId]))[0].images_processed);
    assert.equal(h.stageStatus(await h.task(taskId), 1), SS.PROCESSING);
    await h.completeUpload(uploadTaskId);
    await h.waitStage(taskId, 3, SS.READY);
  });

  test('inspection before its upload event, and an inspection without an upload, each get one task', async () => {
    const w = await h.world('Echo');
    const uploadTaskId = crypto.randomUUID();
    const inspectionId = await h.inspection(w, '2026-03-04', uploadTaskId);
    const [row] = await eventually(async () => {
      const r = await h.sql('SELECT id, inspection_id FROM task_flow.task WHERE upload_task_id = $1', [uploadTaskId]);
      return r.length ? r : null;
    });
    assert.equal(row.inspection_id, inspectionId);
    await h.publish(EventTypes.ImportUploadCreated, uploadTaskId, { uploadTaskId, windfarmId: w.parkId, turbineName: w.turbineName, inspectionDate: '2026-03-04', campaignId: null });
    await h.completeUpload(uploadTaskId);
    await h.waitStage(row.id, 2, SS.PROCESSING);
    assert.equal((await h.sql('SELECT count(*)::int AS n FROM task_flow.task WHERE upload_task_id = $1', [uploadTaskId]))[0].n, 1);

    const direct = await h.inspection(w, '2026-03-05', null);
    const [d] = await eventually(async () => {
      const r = await h.sql('SELECT id FROM task_flow.task WHERE inspection_id = $1', [direct]);
      return r.length ? r : null;
    });
    const t = await h.waitStage(d.id, 2, SS.PROCESSING);
    assert.equal(h.stageStatus(t, 1), SS.COMPLETED);
    await h.imagesProcessed(direct);
    await h.waitStage(d.id, 3, SS.READY);
  });

  test('a stage in error is retried by an administrator only', async () => {
    const w = await h.world('Foxtrot');
    const worker = await h.user('fox-worker');
    const { uploadTaskId, taskId } = await h.upload(w, '2026-03-06');
    const inspectionId = await h.inspection(w, '2026-03-06', uploadTaskId);
    await h.completeUpload(uploadTaskId);
    await h.imagesProcessed(inspectionId, 0);
    let t = await h.waitStage(taskId, 2, SS.ERROR);
    assert.equal(t.taskStatusType, TS.ERROR);
    assert.match(t.stages.find((s: { taskStageType: number }) => s.taskStageType === 2).errorMessage, /no images/);
    const before = await h.snapshot(taskId);
    const refused = await h.api(`${API}/tasks/${taskId}/stages/2/retry`, { method: 'POST', token: worker.token });
    assert.equal(refused.status, 403);
    assert.equal(await h.snapshot(taskId), before);
    const notInError = await h.api(`${API}/tasks/${taskId}/stages/1/retry`, { method: 'POST' });
    assert.equal(notInError.status, 409);
    assert.equal(notInError.body.code, 'ILLEGAL_TRANSITION');
    assert.equal(await h.snapshot(taskId), before);
    const ok = await h.api(`${API}/tasks/${taskId}/stages/2/retry`, { method: 'POST' });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.taskStatusType, TS.PROCESSING);
    assert.equal(h.stageStatus(ok.body, 2), SS.PROCESSING);
    await h.imagesProcessed(inspectionId, 5);
    t = await h.waitStage(taskId, 3, SS.READY);
    assert.equal(t.taskStatusType, TS.PROCESSING);
  });

  test('overtime from the per-stage time limit, detected by the overtime check', async () => {
    const w = await h.world('Golf');
    const worker = await h.user('golf-worker');
    const limits = await h.api(`${API}/flow/time-limits`, { method: 'PUT', json: { limits: [{ taskStageType: 3, minutes: 90 }] } });
    assert.equal(limits.status, 200);
    assert.equal(limits.body.find((l: { taskStageType: number }) => l.taskStageType === 3).minutes, 90);
    const badLimit = await h.api(`${API}/flow/time-limits`, { method: 'PUT', json: { limits: [{ taskStageType: 3, minutes: 0 }] } });
    assert.equal(badLimit.status, 400);
    const { taskId } = await h.readyTask(w);
    const [dl] = await h.sql(`SELECT extract(epoch FROM deadline - ready_at)::int AS s FROM task_flow.task_stage WHERE task_id = $1 AND stage = 3`, [taskId]);
    assert.equal(dl.s, 90 * 60);
    await h.sql(`UPDATE task_flow.task_stage SET deadline = now() - interval '1 minute' WHERE task_id = $1 AND stage = 3`, [taskId]);
    const sweep = await h.api(`${API}/admin/overtime-check`, { method: 'POST' });
    assert.ok(sweep.body.overtimeStages >= 1);
    let t = await h.task(taskId);
    assert.equal(h.stageStatus(t, 3), SS.OVERTIME);
    assert.equal(t.taskStatusType, TS.OVERTIME);
    assert.equal((await h.api(`${API}/tasks/pool?taskStatusType=4`)).body.results.some((x: { taskId: string }) => x.taskId === taskId), true);
    assert.equal((await h.api(`${API}/tasks/${taskId}/pick`, { method: 'POST', token: worker.token })).status, 200);
    assert.equal((await h.api(`${API}/tasks/${taskId}/stages/3/complete`, { method: 'POST', token: worker.token })).status, 200);
    t = await h.task(taskId);
    assert.equal(h.stageStatus(t, 3), SS.COMPLETED);
    assert.equal(t.taskStatusType, TS.PROCESSING);
  });
});
