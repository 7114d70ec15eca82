import assert from 'node:assert/strict';
import pg from 'pg';
import sharp from 'sharp';
import { zipSync } from 'fflate';
import { TaskStage, TaskStageStatus as SS, UploadFileStatus as U } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import type { TestPlatform } from './harness.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const IMPORT = '/gw/import/api/v2';
const TASKS = '/gw/task/api/v2';
const INSPECTION = '/gw/inspection/api/v2';

/** A small real drone photograph stand-in: a JPEG with a gradient so the photos differ. */
function photo(shade: number): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 360, channels: 3, background: { r: shade, g: 120, b: 200 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export const stageOf = (t: Body, s: number) => t.stages.find((x: Body) => x.taskStageType === s)?.status;

/**
 * The drone-upload pipeline through the gateway with the whole platform, on whichever bus it
 * runs: import's upload task and archive → import.upload.created/completed → task-flow's task
 * and inspection's ingest → inspection.inspection.created (with uploadTaskId) and tiles →
 * inspection.images.processed → sort and remove ready. No event is played by the test: every
 * service does its own part. `afterComplete` runs once the upload is completed (a kill test
 * stops a service there). Resolves to the task once sort and remove is ready.
 */
export async function droneUploadToSortAndRemove(
  p: Pick<TestPlatform, 'api'> & { db: { url: string } },
  admin: string,
  o: { afterComplete?: (uploadTaskId: string) => Promise<void>; inspectionDate?: string } = {},
): Promise<{ taskId: string; inspectionId: string; uploadTaskId: string }> {
  const call = async (path: string, init: Parameters<TestPlatform['api']>[1] = {}) => {
    const r = await p.api(path, { token: admin, ...init });
    const text = await r.text();
    return { status: r.status, body: (text && (r.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text) as Body };
  };
  const sql = new pg.Client({ connectionString: p.db.url });
  await sql.connect();
  try {
    // A demo turbine every consumer has learnt from asset's events (import, task-flow, inspection).
    const turbine = await eventually(async () => {
      const r = await sql.query(
        `SELECT t.turbine_id, t.name, t.wind_farm_id FROM data_import.turbine_ref t
           JOIN task_flow.turbine_ref tt ON tt.turbine_id = t.turbine_id
           JOIN inspection.turbine_ref it ON it.turbine_id = t.turbine_id
           WHERE NOT t.deleted AND NOT tt.deleted AND NOT it.deleted
           ORDER BY t.name DESC LIMIT 1`,
      );
      return r.rows[0];
    }, 60000);

    const created = await call(`${IMPORT}/upload-tasks`, {
      method: 'POST',
      json: { windfarmId: turbine.wind_farm_id, turbineName: turbine.name, inspectionDate: o.inspectionDate ?? '2026-03-10', packageType: 1 },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const uploadTaskId = created.body.uploadTaskId as string;
    assert.equal(created.body.status, U.WAITING_FOR_UPLOAD);

    // import.upload.created → task-flow starts the task with its upload stage processing.
    const task = await eventually(async () => {
      const r = await call(`${TASKS}/tasks?turbineName=${encodeURIComponent(turbine.name)}&pageSize=100`);
      return r.body.results?.find((t: Body) => t.uploadTaskId === uploadTaskId);
    }, 30000);
    assert.equal(stageOf((await call(`${TASKS}/tasks/${task.taskId}`)).body, TaskStage.UPLOAD), SS.PROCESSING);

    const archive = zipSync({
      'B1/P5/DJI_0001.JPG': await photo(40),
      'B1/P5/DJI_0002.JPG': await photo(90),
      'B2/P1/DJI_0003.JPG': await photo(140),
    });
    const form = new FormData();
    form.append('file', new Blob([archive]), 'flight.zip');
    const posted = await call(`${IMPORT}/upload-tasks/${uploadTaskId}/archive`, { method: 'POST', body: form });
    assert.equal(posted.status, 202, JSON.stringify(posted.body));
    const verified = await eventually(async () => {
      const r = await call(`${IMPORT}/upload-tasks/${uploadTaskId}`);
      return [U.VERIFY_SUCCESS, U.FAILED].includes(r.body.status) ? r.body : null;
    }, 30000);
    assert.equal(verified.status, U.VERIFY_SUCCESS, JSON.stringify(verified.errors));
    assert.equal(verified.imageCount, 3);

    const done = await call(`${IMPORT}/upload-tasks/${uploadTaskId}/complete`, {
      method: 'POST',
      json: { droneId: 'M300-E2E', logs: [{ logName: 'flight.bag', logType: 'rosbag', logFileUri: 's3://logs/flight.bag' }] },
    });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(done.body.status, U.ALL_DATA_UPLOADED);
    await o.afterComplete?.(uploadTaskId);

    // import.upload.completed → upload completed; inspection takes the upload in, its tiles are made,
    // inspection.images.processed completes auto-processing and sort and remove becomes ready.
    const walked = await eventually(async () => {
      const t = (await call(`${TASKS}/tasks/${task.taskId}`)).body;
      return stageOf(t, TaskStage.SORT_AND_REMOVE) === SS.READY ? t : null;
    }, 60000);
    assert.equal(stageOf(walked, TaskStage.UPLOAD), SS.COMPLETED);
    assert.equal(stageOf(walked, TaskStage.AUTO_PROCESSING), SS.COMPLETED);
    assert.equal(walked.droneId, 'M300-E2E');
    assert.equal(walked.uploadFileUri, `filestore:uploads/${uploadTaskId}/manifest.json`);
    assert.ok(walked.inspectionId, 'the task is bound to the ingested inspection');
    const logs = (await call(`${TASKS}/tasks/${task.taskId}/logs`)).body;
    assert.ok(JSON.stringify(logs).includes('s3://logs/flight.bag'));

    const ingest = (await call(`${INSPECTION}/ingests/${uploadTaskId}`)).body;
    assert.equal(ingest.status, 'done');
    assert.equal(ingest.inspectionId, walked.inspectionId);
    const inspection = (await call(`${INSPECTION}/inspections/${walked.inspectionId}`)).body;
    assert.deepEqual(
      [inspection.turbineId, inspection.inspectionDate, inspection.imageCount, inspection.tiledImageCount],
      [turbine.turbine_id, o.inspectionDate ?? '2026-03-10', 3, 3],
    );
    const images = (await call(`${INSPECTION}/inspections/${walked.inspectionId}/images`)).body.results;
    assert.deepEqual(
      images.map((i: Body) => [i.fileName, i.bladePosition, i.pathViewIndex, i.sortIndex, i.tileStatus]),
      [
        ['DJI_0001.JPG', 1, 5, 1, 'done'],
        ['DJI_0002.JPG', 1, 5, 2, 'done'],
        ['DJI_0003.JPG', 2, 1, 1, 'done'],
      ],
    );
    const tile = await p.api(`${INSPECTION}/images/${images[0].imageId}/image_files/0/0_0.jpeg`, { token: admin });
    assert.equal(tile.status, 200);
    assert.equal(tile.headers.get('content-type'), 'image/jpeg');

    // The upload task lists as completed, in the caller's scope, sorted on the server.
    const listed = (await call(`${IMPORT}/upload-tasks?windfarmId=${turbine.wind_farm_id}&status=${U.ALL_DATA_UPLOADED}`)).body;
    assert.ok(listed.results.some((u: Body) => u.uploadTaskId === uploadTaskId));
    return { taskId: task.taskId as string, inspectionId: walked.inspectionId as string, uploadTaskId };
  } finally {
    await sql.end();
  }
}
