import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { zipSync } from 'fflate';
import { UploadFileStatus as U } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { startTestPlatform, type TestPlatform } from './harness.js';
import { droneUploadToSortAndRemove } from './pipeline.js';

/** docs/import.md's example for drone vendors, run as they would run it. */
const DRONE_SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/drone-upload.mjs');

/** The drone-upload pipeline on the default (PostgreSQL) bus; kafka.e2e.test.ts runs it on Kafka. */
describe('import pipeline end to end', () => {
  let p: TestPlatform;
  let admin: string;

  before(async () => {
    p = await startTestPlatform();
    admin = await p.login('admin', 'Wind@2026');
  });
  after(async () => {
    await p?.stop();
  });

  test('create an upload task, post a ZIP of photos, complete it: the task walks to sort and remove, the inspection has tiled images', async () => {
    await droneUploadToSortAndRemove(p, admin);
  });

  test("a drone vendor's machine client runs the documented script through the gateway: client credentials, upload task, tus chunks, completion", async () => {
    const call = async (url: string, init: Parameters<TestPlatform['api']>[1] = {}) => {
      const r = await p.api(url, { token: admin, ...init });
      return { status: r.status, body: (await r.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const client = await call('/context/api/v2/machine-clients', { method: 'POST', json: { name: 'Drone ingestion (e2e)' } });
    assert.equal(client.status, 201, JSON.stringify(client.body));
    const sql = new pg.Client({ connectionString: p.db.url });
    await sql.connect();
    const turbine = await sql
      .query(`SELECT name, wind_farm_id FROM data_import.turbine_ref ORDER BY name ASC LIMIT 1`)
      .then((r) => r.rows[0] as { name: string; wind_farm_id: string })
      .finally(() => sql.end());
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ww-drone-'));
    try {
      const shot = (shade: number) => sharp({ create: { width: 320, height: 200, channels: 3, background: { r: shade, g: 80, b: 40 } } }).jpeg().toBuffer();
      const archive = path.join(dir, 'flight-e2e.zip');
      await writeFile(archive, zipSync({ 'B3/P2/A.jpg': await shot(30), 'B3/P2/B.jpg': await shot(200) }, { level: 0 }));
      // Chunks of 1 KB: the archive goes up in several PATCH requests through the gateway.
      const { stdout } = await promisify(execFile)(process.execPath, [
        DRONE_SCRIPT,
        ...['--base', p.url, '--client-id', client.body.clientId, '--client-secret', client.body.clientSecret],
        ...['--park', turbine.wind_farm_id, '--turbine', turbine.name, '--date', '2026-03-11', '--archive', archive],
        ...['--drone-id', 'VENDOR-7', '--chunk-mb', String(1 / 1024)],
      ]);
      assert.match(stdout, /completed: status 7/);
      const uploadTaskId = /upload task ([0-9a-f-]{36})/.exec(stdout)![1]!;
      const task = (await call(`/gw/import/api/v2/upload-tasks/${uploadTaskId}`)).body;
      assert.deepEqual([task.status, task.imageCount, task.droneId, task.archiveName], [U.ALL_DATA_UPLOADED, 2, 'VENDOR-7', 'flight-e2e.zip']);
      // import.upload.completed: inspection takes it in as it does any upload.
      const ingest = await eventually(async () => {
        const r = await call(`/gw/inspection/api/v2/ingests/${uploadTaskId}`);
        return r.body.status === 'done' || r.body.status === 'failed' ? r.body : null;
      }, 60000);
      assert.equal(ingest.status, 'done', JSON.stringify(ingest));

      // Revoked: the client gets no more tokens.
      assert.equal((await call(`/context/api/v2/machine-clients/${client.body.id}/revoke`, { method: 'POST' })).status, 200);
      const refused = await p.api('/oauth/token', {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${client.body.clientId}:${client.body.clientSecret}`).toString('base64')}` },
        form: { grant_type: 'client_credentials' },
      });
      assert.equal(refused.status, 403);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
