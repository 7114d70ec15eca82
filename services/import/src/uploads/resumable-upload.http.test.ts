import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { EventTypes, Rights, UploadFileStatus as S } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { API, ImportHarness, TUS_BASE, photo, tarGz, tusMetadata, zip, type Body } from '../testing/import-harness.js';

/** A photo of noise: it does not compress, so the archive has real size to cut in half. */
const noisy = (seed: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: seed, g: 90, b: 160 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .jpeg({ quality: 95 })
    .toBuffer();


describe('resumable drone uploads (tus) and machine clients', () => {
  let h: ImportHarness;
  let parkId: string;
  let customerId: string;
  let turbineNo = 0;
  let tusDir: string;
  const newTask = async (token?: string) => {
    const name = `T-${String(++turbineNo).padStart(2, '0')}`;
    await h.turbine(parkId, name);
    const r = await h.createTask({ windfarmId: parkId, turbineName: name, inspectionDate: '2026-05-04' }, token ? { token } : {});
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.uploadTaskId as string;
  };
  const status = async (id: string) => (await h.sql('SELECT status FROM data_import.upload_task WHERE id = $1', [id]))[0].status as number;
  /** A tus request: the answer's status, headers and body (JSON when it is). */
  const open = (id: string, size: number, filename = 'flight.zip', token = h.admin) =>
    h.tus(`${API}/upload-tasks/${id}/tus`, 'POST', { 'upload-length': String(size), 'upload-metadata': tusMetadata(filename) }, undefined, token);
  const patch = (location: string, offset: number, bytes: Uint8Array) =>
    h.tus(location, 'PATCH', { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, bytes);
  const tusFiles = async () => (await readdir(tusDir).catch(() => [] as string[])).filter((f) => !f.startsWith('.'));

  before(async () => {
    h = await ImportHarness.start();
    tusDir = `${h.filesDir}-tus`;
    ({ parkId, customerId } = await h.park('Gode Wind'));
  });
  after(async () => {
    await h?.stop();
    await rm(tusDir, { recursive: true, force: true });
  });

  test('an upload dropped at 50 % resumes from the offset the server reports; the archive is verified and the upload completed', async () => {
    const id = await newTask();
    const archive = zip(Object.fromEntries(await Promise.all([1, 2, 3, 4].map(async (i) => [`B1/P${i}/IMG_${i}.jpg`, await noisy(i * 40)]))), 0);
    assert.ok(archive.length > 1024 * 1024, `a sizeable archive (${archive.length} bytes)`);
    const created = await open(id, archive.length);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const location = created.headers.get('location')!;
    assert.match(location, new RegExp(`^${API}/upload-tasks/${id}/tus/[0-9a-f]{32}$`));
    assert.equal(await status(id), S.UPLOADING, 'status check 1');

    // Half the bytes, then the connection drops (the request promised the whole archive).
    const half = Math.floor(archive.length / 2);
    const uploadFile = path.join(tusDir, location.split('/').pop()!);
    await new Promise<void>((resolve) => {
      const req = http.request(h.svc.url + location, {
        method: 'PATCH',
        headers: {
          ...TUS_BASE,
          authorization: `Bearer ${h.admin}`,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(archive.length),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(archive.subarray(0, half));
      // Drop it once the server holds the half (a condition on the partial file, not a sleep).
      eventually(async () => ((await stat(uploadFile).catch(() => null))?.size ?? 0) >= half).then(() => req.destroy(), () => req.destroy());
    });
    const offset = await eventually(async () => {
      const head = await h.tus(location, 'HEAD');
      return head.status === 200 ? Number(head.headers.get('upload-offset')) : null;
    });
    assert.equal(offset, half, 'the server kept what arrived before the drop');
    assert.equal(Number((await h.tus(location, 'HEAD')).headers.get('upload-length')), archive.length);

    const rest = await patch(location, offset, archive.subarray(offset));
    assert.equal(rest.status, 200, JSON.stringify(rest.body));
    assert.equal(rest.body.uploadTaskId, id);
    assert.equal(rest.body.imageCount, 4);
    assert.equal(rest.body.archiveSize, archive.length);
    const verified = await h.waitStatus(id, [S.VERIFY_SUCCESS, S.FAILED]);
    assert.equal(verified.status, S.VERIFY_SUCCESS, JSON.stringify(verified.errors));
    const done = await h.api(`${API}/upload-tasks/${id}/complete`, { method: 'POST', json: { droneId: 'M350-2' } });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(done.body.status, S.ALL_DATA_UPLOADED);
    assert.equal((await h.published('import.upload.completed')).filter((e: Body) => e.key === id).length, 1);
    assert.deepEqual(await tusFiles(), [], 'the partial upload is gone once received');
  });

  test('refusals: archive name, size, a second upload, a foreign upload id, a bad archive at the last byte; the task as it was, nothing stored', async () => {
    const id = await newTask();
    const bad = await open(id, 10, 'photos.rar');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'FILE_TYPE_NOT_ALLOWED');
    const huge = await open(id, 3 * 1024 ** 3);
    assert.equal(huge.status, 413);
    assert.equal(await status(id), S.WAITING_FOR_UPLOAD, 'status check 2');
    assert.deepEqual(await tusFiles(), []);

    const jpg = await photo();
    const evil = await tarGz({ 'B1/P1/ok.jpg': jpg, '../../evil.jpg': jpg });
    const created = await open(id, evil.length, 'evil.tar.gz');
    assert.equal(created.status, 201);
    const location = created.headers.get('location')!;
    const second = await open(id, evil.length, 'again.tar.gz');
    assert.equal(second.status, 409);
    assert.equal(second.body.code, 'ILLEGAL_TRANSITION');
    const other = await newTask();
    const foreign = await h.tus(location.replace(id, other), 'HEAD');
    assert.equal(foreign.status, 404, 'an upload id works only under its own task');

    const last = await h.tus(location, 'PATCH', { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', locale: 'zh_cn' }, evil);
    assert.equal(last.status, 400, JSON.stringify(last.body));
    assert.equal(last.body.code, 'ARCHIVE_UNSAFE_PATH');
    assert.ok(last.body.message.includes('../../evil.jpg'), last.body.message);
    assert.match(last.body.message, /[\u4e00-\u9fff]/);
    assert.equal(await status(id), S.WAITING_FOR_UPLOAD, 'status check 3');
    assert.deepEqual(await h.storedFiles(id), []);
    assert.deepEqual(await tusFiles(), []);

    // Termination (tus DELETE) gives the task back.
    const t2 = await open(id, 100, 'later.tgz');
    assert.equal(t2.status, 201);
    assert.equal(await status(id), S.UPLOADING, 'status check 4');
    const del = await h.tus(t2.headers.get('location')!, 'DELETE');
    assert.equal(del.status, 204);
    assert.equal(await status(id), S.WAITING_FOR_UPLOAD, 'status check 5');
    assert.deepEqual(await tusFiles(), []);
    // Without a token, or without the right: nothing is opened.
    assert.equal((await fetch(`${h.svc.url}${API}/upload-tasks/${id}/tus`, { method: 'POST', headers: TUS_BASE })).status, 401);
    const reader = await h.token({ rights: [Rights.DATA_INTEGRATION_SHOW] });
    assert.equal((await open(id, 10, 'x.zip', reader)).status, 403);
    assert.equal(await status(id), S.WAITING_FOR_UPLOAD, 'status check 6');
  });

  test("a machine client's token (its own rights and scope) creates tasks and uploads; once identity revokes the client, its token is refused", async () => {
    const machineClientId = randomUUID();
    const token = await h.token({ sub: machineClientId, username: 'mc-0123456789abcdef0123', roles: [], rights: [Rights.DATA_INTEGRATION_EDIT], cid: [customerId], pid: null });
    const id = await newTask(token);
    const archive = zip({ 'B2/P3/a.jpg': await photo() });
    const created = await open(id, archive.length, 'a.zip', token);
    assert.equal(created.status, 201);
    const location = created.headers.get('location')!;

    await h.publish(EventTypes.IdentityMachineClientRevoked, machineClientId, {
      machineClientId,
      clientId: 'mc-0123456789abcdef0123',
      revokedAt: new Date().toISOString(),
    });
    await eventually(async () => (await h.sql('SELECT 1 FROM data_import.revoked_client WHERE machine_client_id = $1', [machineClientId])).length > 0);
    const refused = await h.tus(location, 'PATCH', { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, archive, token);
    assert.equal(refused.status, 401);
    assert.equal(refused.body.code, 'TOKEN_REVOKED');
    const list = await h.api(`${API}/upload-tasks`, { token });
    assert.equal(list.status, 401);
    assert.equal((await h.createTask({ windfarmId: parkId, turbineName: 'T-01', inspectionDate: '2026-06-01' }, { token })).status, 401);
    assert.equal((await h.api(`${API}/upload-tasks/${id}`)).body.archiveName, null, 'nothing of it was received');
  });
});
