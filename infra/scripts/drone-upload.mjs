#!/usr/bin/env node
// Drone vendor example (docs/import.md "For drone vendors"): a machine client sends one archive of
// photographs for a turbine and a day, resumably. Node 20+, no dependencies.
//
//   node infra/scripts/drone-upload.mjs --client-id mc-… --client-secret … \
//     --park <windfarmId> --turbine WTG-01 --date 2026-05-04 --archive flight.tar.gz [--base http://localhost:8080]
//
// 1. POST /oauth/token grant_type=client_credentials        → a 10-minute access token (asked again when it expires)
// 2. POST /gw/import/api/v2/upload-tasks                    → the upload task
// 3. tus 1.0.0 at /gw/import/api/v2/upload-tasks/{id}/tus   → POST opens the upload, PATCH sends chunks;
//    after a dropped connection HEAD says how many bytes arrived and the upload goes on from there
// 4. GET  /gw/import/api/v2/upload-tasks/{id} until verified (status 5) or failed (8)
// 5. POST /gw/import/api/v2/upload-tasks/{id}/complete     → the inspection is created from it
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: o } = parseArgs({
  options: {
    base: { type: 'string', default: process.env.WINDWARD_URL ?? 'http://localhost:8080' },
    'client-id': { type: 'string', default: process.env.WINDWARD_CLIENT_ID },
    'client-secret': { type: 'string', default: process.env.WINDWARD_CLIENT_SECRET },
    park: { type: 'string' },
    turbine: { type: 'string' },
    date: { type: 'string' },
    archive: { type: 'string' },
    'drone-id': { type: 'string' },
    'chunk-mb': { type: 'string', default: '16' },
    'upload-task': { type: 'string' },
  },
});
for (const k of ['client-id', 'client-secret', 'archive']) if (!o[k]) throw new Error(`--${k} is required`);
if (!o['upload-task'] && !(o.park && o.turbine && o.date)) throw new Error('--park, --turbine and --date (or --upload-task) are required');

const IMPORT = `${o.base}/gw/import/api/v2`;
const CHUNK = Number(o['chunk-mb']) * 1024 * 1024;
const TUS = { 'tus-resumable': '1.0.0' };

let token = null;
let expiresAt = 0;
/** Client credentials (RFC 6749 §4.4): Basic client_id:client_secret; asked again shortly before expiry. */
async function bearer() {
  if (token && Date.now() < expiresAt - 30_000) return `Bearer ${token}`;
  const r = await fetch(`${o.base}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${o['client-id']}:${o['client-secret']}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
  });
  const body = await r.json();
  if (r.status !== 200) throw new Error(`token: ${r.status} ${body.code} ${body.message}`);
  token = body.access_token;
  expiresAt = Date.now() + body.expires_in * 1000;
  return `Bearer ${token}`;
}

async function api(method, url, json) {
  const r = await fetch(url, {
    method,
    headers: { authorization: await bearer(), ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const body = await r.json();
  if (r.status >= 300) throw new Error(`${method} ${url}: ${r.status} ${body.code} ${body.message}`);
  return body;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Where the server is: tus HEAD answers Upload-Offset. */
async function serverOffset(location) {
  const r = await fetch(`${o.base}${location}`, { method: 'HEAD', headers: { ...TUS, authorization: await bearer() } });
  if (r.status !== 200) throw new Error(`HEAD ${location}: ${r.status}`);
  return Number(r.headers.get('upload-offset'));
}

async function upload(taskId, file) {
  const size = (await stat(file)).size;
  const created = await fetch(`${IMPORT}/upload-tasks/${taskId}/tus`, {
    method: 'POST',
    headers: {
      ...TUS,
      authorization: await bearer(),
      'upload-length': String(size),
      'upload-metadata': `filename ${Buffer.from(path.basename(file)).toString('base64')}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus POST: ${created.status} ${await created.text()}`);
  const location = created.headers.get('location');
  const fh = await open(file, 'r');
  let offset = 0;
  let failures = 0;
  try {
    while (offset < size) {
      const length = Math.min(CHUNK, size - offset);
      const chunk = Buffer.alloc(length);
      await fh.read(chunk, 0, length, offset);
      try {
        const r = await fetch(`${o.base}${location}`, {
          method: 'PATCH',
          headers: { ...TUS, authorization: await bearer(), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
          body: chunk,
        });
        if (r.status === 200 || r.status === 204) {
          offset = r.headers.get('upload-offset') ? Number(r.headers.get('upload-offset')) : offset + length;
          failures = 0;
          process.stdout.write(`\r${((100 * offset) / size).toFixed(1)} % of ${(size / 1048576).toFixed(1)} MB`);
          // The last PATCH answers the task once the archive's directory passed the checks.
          if (offset >= size && r.status === 200) return r.json();
          continue;
        }
        const text = await r.text();
        if (r.status < 500 && r.status !== 409) throw Object.assign(new Error(`PATCH: ${r.status} ${text}`), { final: true });
        throw new Error(`PATCH: ${r.status} ${text}`);
      } catch (err) {
        if (err.final || ++failures > 8) throw err;
        // A dropped connection: ask the server where it is and go on from there.
        console.warn(`\n${err.message}; resuming (${failures})`);
        await sleep(Math.min(30_000, 500 * 2 ** failures));
        offset = await serverOffset(location);
      }
    }
  } finally {
    await fh.close();
  }
  return api('GET', `${IMPORT}/upload-tasks/${taskId}`);
}

const task = o['upload-task']
  ? await api('GET', `${IMPORT}/upload-tasks/${o['upload-task']}`)
  : await api('POST', `${IMPORT}/upload-tasks`, { windfarmId: o.park, turbineName: o.turbine, inspectionDate: o.date, droneId: o['drone-id'] });
console.log(`upload task ${task.uploadTaskId}: ${task.turbineName} ${task.inspectionDate}`);
const received = await upload(task.uploadTaskId, o.archive);
console.log(`\nreceived: ${received.imageCount} photos; verifying…`);
let t = received;
while (t.status !== 5 && t.status !== 8) {
  await sleep(1000);
  t = await api('GET', `${IMPORT}/upload-tasks/${task.uploadTaskId}`);
  process.stdout.write(`\rverification ${t.progress} %`);
}
if (t.status === 8) {
  console.error(`\nrefused: ${t.errors.map((e) => `${e.code} ${e.message}`).join('; ')}`);
  process.exit(1);
}
const done = await api('POST', `${IMPORT}/upload-tasks/${task.uploadTaskId}/complete`, { droneId: o['drone-id'] });
console.log(`\ncompleted: status ${done.status} (${done.statusName}); the inspection follows from import.upload.completed`);
