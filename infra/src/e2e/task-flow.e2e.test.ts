import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { DataSource } from 'typeorm';
import { EventPublisher, OutboxRelay, PostgresBus, createLogger, openDatabase } from '@windward/service-kit';
import { eventually } from '@windward/service-kit/testing';
import { EventTypes, TaskStageStatus as SS, socketPath, type EventPayloads, type EventType } from '@windward/contracts';
import { startTestPlatform, type TestPlatform } from './harness.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const API = '/gw/task/api/v2';

/** Task-flow through the gateway: killed mid-pipeline, it loses no stage transition; live updates pass the gateway. */
describe('task-flow end to end', () => {
  let p: TestPlatform;
  let admin: string;
  let upstream: DataSource;
  let relay: OutboxRelay;
  let bus: PostgresBus;
  const publisher = new EventPublisher('import', 'e2e_upstream');
  const publish = <T extends EventType>(type: T, key: string, payload: EventPayloads[T]) => upstream.transaction((m) => publisher.publish(m, type, key, payload));
  const sql = (q: string, params: unknown[] = []): Promise<Body[]> => upstream.query(q, params);
  const get = async (path: string) => {
    const r = await p.api(path, { token: admin });
    return { status: r.status, body: (await r.json()) as Body };
  };
  const stage = (t: Body, s: number) => t.stages.find((x: Body) => x.taskStageType === s).status;

  before(async () => {
    p = await startTestPlatform();
    admin = await p.login('admin', 'Wind@2026');
    // Import and inspection do not publish these yet: this schema plays them, through the real outbox and bus.
    const log = createLogger('e2e-upstream', 'silent');
    upstream = await openDatabase({ url: p.databaseUrl, schema: 'e2e_upstream', entities: [], migrations: [] });
    bus = new PostgresBus(p.databaseUrl, log, 100);
    relay = new OutboxRelay(upstream, p.databaseUrl, 'e2e_upstream', bus, log, 100);
    await relay.start();
  });
  after(async () => {
    await relay?.stop();
    await bus?.close();
    await upstream?.destroy();
    await p?.stop();
  });

  test('SIGKILL in the middle of the pipeline: events published while it is down are applied after restart, none twice', async () => {
    // A demo turbine task-flow learnt from asset's events.
    const [turbine] = await eventually(async () => {
      const rows = await sql(`SELECT tr.turbine_id, tr.name, tr.wind_farm_id FROM task_flow.turbine_ref tr JOIN task_flow.park_ref p ON p.wind_farm_id = tr.wind_farm_id WHERE NOT tr.deleted ORDER BY tr.name LIMIT 1`);
      return rows.length ? rows : null;
    }, 60000);
    const uploadTaskId = randomUUID();
    const inspectionId = randomUUID();
    await publish(EventTypes.ImportUploadCreated, uploadTaskId, { uploadTaskId, windfarmId: turbine.wind_farm_id, turbineName: turbine.name, inspectionDate: '2026-02-01', campaignId: null });
    await publish(EventTypes.InspectionInspectionCreated, inspectionId, {
      inspectionId,
      turbineId: turbine.turbine_id,
      windFarmId: turbine.wind_farm_id,
      packageType: 1,
      inspectionDate: '2026-02-01T00:00:00.000Z',
      uploadTaskId,
    });
    const created = await eventually(async () => {
      const r = await get(`${API}/tasks?inspectionId=${inspectionId}`);
      return r.body.results?.[0];
    }, 20000);
    const taskId = created.taskId as string;
    assert.equal(stage((await get(`${API}/tasks/${taskId}`)).body, 1), SS.PROCESSING);

    // Killed: the upload completes and the images are processed while task-flow is down.
    await p.stopService('task-flow', 'SIGKILL');
    await publish(EventTypes.ImportUploadCompleted, uploadTaskId, { uploadTaskId, uploadFileUri: 'files/e2e.zip', droneId: 'drone-e2e' });
    await publish(EventTypes.InspectionImagesProcessed, inspectionId, { inspectionId, imageCount: 9, pathCount: 8 });
    await p.startService('task-flow');
    const ready = await eventually(async () => {
      const t = (await get(`${API}/tasks/${taskId}`)).body;
      return stage(t, 3) === SS.READY ? t : null;
    }, 30000);
    assert.equal(stage(ready, 1), SS.COMPLETED);
    assert.equal(stage(ready, 2), SS.COMPLETED);

    // Killed again between a pick and the completion; the pick survives, the completion lands once.
    const pick = await p.api(`${API}/tasks/${taskId}/pick`, { method: 'POST', token: admin });
    assert.equal(pick.status, 200);
    await p.stopService('task-flow', 'SIGKILL');
    await p.startService('task-flow');
    const done = await p.api(`${API}/tasks/${taskId}/stages/3/complete`, { method: 'POST', token: admin });
    assert.equal(done.status, 200);
    const t = (await done.json()) as Body;
    assert.equal(stage(t, 3), SS.COMPLETED);
    assert.equal(stage(t, 4), SS.READY);

    // Every transition is in the history exactly once, and each stage.completed was published once.
    const hist = (await get(`${API}/tasks/${taskId}/history?pageSize=500`)).body.results as Body[];
    const count = (s: number, st: number) => hist.filter((h) => h.stage === s && h.stageStatus === st).length;
    assert.deepEqual([count(1, SS.COMPLETED), count(2, SS.PROCESSING), count(2, SS.COMPLETED), count(3, SS.READY), count(3, SS.PROCESSING), count(3, SS.COMPLETED)], [1, 1, 1, 1, 1, 1]);
    await eventually(async () => (await sql(`SELECT count(*)::int AS n FROM task_flow.outbox`))[0].n === 0);
    const events = await sql(`SELECT envelope->'payload'->>'stage' AS stage FROM bus.event WHERE type = $1 AND envelope->'payload'->>'taskId' = $2 ORDER BY seq`, [
      EventTypes.TaskflowStageCompleted,
      taskId,
    ]);
    assert.deepEqual(events.map((e) => Number(e.stage)), [1, 2, 3]);
  });

  test('socket.io through the gateway pushes task changes', async () => {
    const socket: Socket = io(p.url, { path: socketPath('task-flow'), transports: ['websocket'], auth: { token: admin }, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const seen: Body[] = [];
      socket.on('task.changed', (x) => seen.push(x));
      const [task] = await sql(`SELECT id FROM task_flow.task WHERE current_stage = 4 AND current_stage_status = ${SS.READY} LIMIT 1`);
      assert.ok(task, 'a task waiting for labeling');
      assert.equal((await p.api(`${API}/tasks/${task.id}/pick`, { method: 'POST', token: admin })).status, 200);
      const pushed = await eventually(async () => seen.find((x) => x.taskId === task.id && x.handlebyIds.length === 1));
      assert.equal(pushed.taskStageStatus, SS.PROCESSING);
    } finally {
      socket.close();
    }
  });
});
