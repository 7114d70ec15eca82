import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import kafkajs from 'kafkajs';
import { io, type Socket } from 'socket.io-client';
import { EventTypes, SERVICE_NAMES, TaskStage, TaskStageStatus as SS, socketPath } from '@windward/contracts';
import { eventually, readKafkaEvents } from '@windward/service-kit/testing';
import { kafkaTopicOf } from '@windward/service-kit';
import { kafkaScript } from '../launcher/kafka.js';
import { startTestPlatform, type TestPlatform } from './harness.js';
import { droneUploadToSortAndRemove, stageOf } from './pipeline.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const TASKS = '/gw/task/api/v2';
const INSPECTION = '/gw/inspection/api/v2';

/**
 * The whole platform on Apache Kafka (its own broker, started by the launcher as `BUS=kafka npm
 * start` does): the drone upload walks to sort and remove while task-flow is SIGKILLed and
 * restarted, then sort and remove and labeling complete through the tools' endpoints, each step
 * carried by Kafka events between the services. No transition lost, none applied twice.
 */
describe('the platform on Apache Kafka', () => {
  let p: TestPlatform;
  let admin: string;

  before(async () => {
    const k = await kafkaScript();
    p = await startTestPlatform({ bus: 'kafka', kafkaPorts: { port: await k.freePort(), controllerPort: await k.freePort() } });
    admin = await p.login('admin', 'Wind@2026');
  });
  after(async () => {
    await p?.stop();
  });

  test('Kafka bus: every service runs on the broker, one consumer group per consuming service', async () => {
    assert.equal(p.bus, 'kafka');
    assert.ok(p.kafka, 'the launcher started its own broker');
    const kafka = new kafkajs.Kafka({ clientId: 'e2e-admin', brokers: [p.kafka.brokers], logLevel: kafkajs.logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    try {
      const topics = await admin.listTopics();
      // One topic per producing service (an aggregate's events of every type stay in order).
      for (const t of [EventTypes.TaskflowStageCompleted, EventTypes.ImportUploadCompleted, EventTypes.InspectionImagesProcessed]) {
        assert.ok(topics.includes(kafkaTopicOf(t)), kafkaTopicOf(t));
      }
      let seen: string[] = [];
      const groups = await eventually(async () => {
        seen = (await admin.listGroups()).groups.map((x) => x.groupId);
        return ['asset', 'inspection', 'task-flow', 'import', 'identity'].every((s) => seen.includes(s)) ? seen : null;
      }, 30000).catch((err: Error) => assert.fail(`${err.message}; groups: ${seen.join(', ')}`));
      // No group that is not a service (every group is a service's name).
      assert.deepEqual(
        groups.filter((g) => !(SERVICE_NAMES as readonly string[]).includes(g)),
        [],
      );
    } finally {
      await admin.disconnect();
    }
  });

  test('Kafka bus: drone upload → ingest → tiles → sort and remove ready with task-flow SIGKILLed in the middle; then sort and remove and labeling complete, each change pushed live to the task pool, each transition once', async () => {
    const { taskId, inspectionId } = await droneUploadToSortAndRemove(p, admin, {
      // Killed once the upload is complete: inspection ingests and tiles it and publishes while
      // task-flow is down; after the restart its group resumes from the committed offsets.
      afterComplete: async (uploadTaskId) => {
        await p.stopService('task-flow', 'SIGKILL');
        await eventually(async () => {
          const r = await p.api(`${INSPECTION}/ingests/${uploadTaskId}`, { token: admin });
          return r.status === 200 && ((await r.json()) as Body).status === 'done';
        }, 60000);
        await p.startService('task-flow');
      },
    });
    // The live task pool: every change of this task from here on reaches a socket.io client.
    const socket: Socket = io(p.url, { path: socketPath('task-flow'), transports: ['websocket'], auth: { token: admin }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const pushed: Body[] = [];
    socket.on('task.changed', (x: Body) => void (x.taskId === taskId && pushed.push(x)));
    const livePush = (stage: number, status: number) =>
      eventually(async () => pushed.find((x) => x.taskStageTypes?.[0] === stage && x.taskStageStatus === status), 10000).catch(() =>
        assert.fail(`no live push of stage ${stage} status ${status}: ${JSON.stringify(pushed.map((x) => [x.taskStageTypes?.[0], x.taskStageStatus]))}`),
      );
    const call = async (path: string, method = 'GET', json?: unknown) => {
      const r = await p.api(path, { method, token: admin, ...(json === undefined ? {} : { json }) });
      return { status: r.status, body: (await r.json()) as Body };
    };

    // Sort and remove: picked and submitted.
    assert.equal((await call(`${TASKS}/tasks/${taskId}/pick`, 'POST')).status, 200);
    const sorted = await call(`${TASKS}/tasks/${taskId}/stages/${TaskStage.SORT_AND_REMOVE}/complete`, 'POST');
    assert.equal(sorted.status, 200, JSON.stringify(sorted.body));
    assert.equal(stageOf(sorted.body, TaskStage.LABELING), SS.READY);
    await livePush(TaskStage.SORT_AND_REMOVE, SS.PROCESSING);
    await livePush(TaskStage.LABELING, SS.READY);

    // Labeling: refused while sides are unlabeled; every image marked labeled → inspection's
    // inspection.labeling.changed reaches task-flow over Kafka → the completion is accepted.
    assert.equal((await call(`${TASKS}/tasks/${taskId}/pick`, 'POST')).status, 200);
    const early = await call(`${TASKS}/tasks/${taskId}/stages/${TaskStage.LABELING}/complete`, 'POST');
    assert.equal(early.status, 400);
    assert.equal(early.body.code, 'ALL_SIDES_MUST_BE_LABELED');
    const images = (await call(`${INSPECTION}/inspections/${inspectionId}/images`)).body.results as Body[];
    for (const img of images) assert.equal((await call(`${INSPECTION}/images/${img.imageId}/labeled`, 'PUT', { labeled: true })).status, 200);
    const labeled = await eventually(async () => {
      const r = await call(`${TASKS}/tasks/${taskId}/stages/${TaskStage.LABELING}/complete`, 'POST');
      return r.status === 200 ? r.body : null;
    }, 30000);
    assert.equal(stageOf(labeled, TaskStage.LABELING), SS.COMPLETED);
    const next = labeled.taskStageTypes[0];
    assert.ok(next > TaskStage.LABELING, `the next stage (${next}) follows labeling`);
    assert.equal(stageOf(labeled, next), SS.READY);
    await livePush(TaskStage.LABELING, SS.PROCESSING);
    await livePush(next, SS.READY);
    socket.close();

    // Every transition is in the history exactly once.
    const hist = (await call(`${TASKS}/tasks/${taskId}/history?pageSize=500`)).body.results as Body[];
    const count = (s: number, st: number) => hist.filter((h) => h.stage === s && h.stageStatus === st).length;
    assert.deepEqual(
      [
        count(TaskStage.UPLOAD, SS.COMPLETED),
        count(TaskStage.AUTO_PROCESSING, SS.COMPLETED),
        count(TaskStage.SORT_AND_REMOVE, SS.READY),
        count(TaskStage.SORT_AND_REMOVE, SS.COMPLETED),
        count(TaskStage.LABELING, SS.READY),
        count(TaskStage.LABELING, SS.COMPLETED),
      ],
      [1, 1, 1, 1, 1, 1],
    );
    // And on the broker: one taskflow.stage.completed per completed stage of this task, none twice.
    const completed = await eventually(async () => {
      const all = await readKafkaEvents([p.kafka!.brokers], EventTypes.TaskflowStageCompleted);
      const mine = all.filter((e) => (e.payload as { taskId: string }).taskId === taskId).map((e) => (e.payload as { stage: number }).stage);
      return mine.length >= 4 ? mine : null;
    }, 30000);
    assert.deepEqual(
      [...completed].sort((a, b) => a - b),
      [TaskStage.UPLOAD, TaskStage.AUTO_PROCESSING, TaskStage.SORT_AND_REMOVE, TaskStage.LABELING],
    );
  });
});
