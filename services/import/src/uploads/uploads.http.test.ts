import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Rights, UploadFileStatus as S, type UploadManifest } from '@windward/contracts';
import { API, ImportHarness, declareSize, photo, tar, tarGz, zeroBomb, zip, type Body } from '../testing/import-harness.js';
import { eventually } from '@windward/service-kit/testing';
import { gzipSync } from 'node:zlib';

const MB = 1024 * 1024;

describe('drone upload tasks', () => {
  let h: ImportHarness;
  let parkId: string;
  let customerId: string;
  let turbineNo = 0;
  /** A new turbine of the park and an upload task for it (each task needs its own turbine/day). */
  const newTask = async (extra: Record<string, unknown> = {}) => {
    const name = `WTG-${String(++turbineNo).padStart(2, '0')}`;
    const turbineId = await h.turbine(parkId, name);
    const r = await h.createTask({ windfarmId: parkId, turbineName: name, inspectionDate: '2026-03-02', ...extra });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return { id: r.body.uploadTaskId as string, turbineId, name, body: r.body };
  };
  const completedEvents = async (id: string) => (await h.published('import.upload.completed')).filter((e: Body) => e.key === id);
  const row = async (id: string) =>
    (await h.sql('SELECT status, errors, archive_name, manifest_key FROM data_import.upload_task WHERE id = $1', [id]))[0];

  before(async () => {
    h = await ImportHarness.start();
    ({ parkId, customerId } = await h.park('Borkum Riffgrund'));
  });
  after(async () => h?.stop());

  test('create → archive → verification job → complete publishes import.upload.created and import.upload.completed', async () => {
    const t = await newTask({ packageType: 1, campaignId: null, droneId: 'M300-7' });
    assert.equal(t.body.status, S.WAITING_FOR_UPLOAD);
    assert.equal(t.body.windfarmName, 'Borkum Riffgrund');
    const [created] = (await h.published('import.upload.created')).filter((e: Body) => e.key === t.id);
    assert.deepEqual(created.payload, {
      uploadTaskId: t.id,
      windfarmId: parkId,
      turbineName: t.name,
      inspectionDate: '2026-03-02T00:00:00.000Z',
      campaignId: null,
      packageType: 1,
    });

    // One top folder around everything (as "compress this folder" makes it), a chamber folder,
    // macOS and dot files to ignore, numbers in names ordered as numbers.
    const [a, b, c, d] = await Promise.all([photo(10), photo(60), photo(110, 'png'), photo(160)]);
    const archive = zip({
      'flight-7/B1/P5/IMG_10.JPG': a!,
      'flight-7/B1/P5/IMG_2.jpg': b!,
      'flight-7/b2/p1/c-1/inner.png': c!,
      'flight-7/B3/P8/x.jpeg': d!,
      'flight-7/.DS_Store': Buffer.from('junk'),
      '__MACOSX/flight-7/B1/P5/._IMG_2.jpg': Buffer.from('junk'),
    });
    const up = await h.archive(t.id, archive, 'flight-7.zip');
    assert.equal(up.status, 202, JSON.stringify(up.body));
    assert.ok([S.UPLOADED, S.VERIFYING, S.VERIFY_SUCCESS].includes(up.body.status));
    assert.equal(up.body.imageCount, 4);
    assert.equal(up.body.archiveName, 'flight-7.zip');

    const settled = await h.waitStatus(t.id, [S.VERIFY_SUCCESS, S.FAILED]);
    assert.equal(settled.status, S.VERIFY_SUCCESS, JSON.stringify(settled.errors));
    // The handler commits the task's status; pg-boss marks its job completed once the handler has
    // returned, a moment later (a loaded CI machine read 'active' in between).
    const verified = await eventually(async () => {
      const r = await h.api(`${API}/upload-tasks/${t.id}`);
      return r.body.verifyJob?.state === 'completed' ? r.body : null;
    });
    assert.equal(verified.status, S.VERIFY_SUCCESS);
    assert.equal(verified.progress, 100);
    assert.equal(verified.uploadFileUri, `filestore:uploads/${t.id}/manifest.json`);
    // The archive is gone once its photos are out; the manifest lists where each belongs.
    assert.deepEqual(await h.storedFiles(t.id), [
      'images/00001.jpg',
      'images/00002.jpg',
      'images/00003.png',
      'images/00004.jpg',
      'manifest.json',
    ]);
    const manifest = JSON.parse(await readFile(path.join(h.filesDir, 'uploads', t.id, 'manifest.json'), 'utf8')) as UploadManifest;
    assert.equal(manifest.uploadTaskId, t.id);
    assert.equal(manifest.turbineId, t.turbineId);
    assert.equal(manifest.inspectionDate, '2026-03-02');
    assert.deepEqual(
      manifest.images.map((i) => [i.fileKey, i.entryName, i.bladePosition, i.path, i.chamber, i.sortIndex, i.format]),
      [
        [`uploads/${t.id}/images/00001.jpg`, 'flight-7/B1/P5/IMG_2.jpg', 1, 5, null, 1, 'jpeg'],
        [`uploads/${t.id}/images/00002.jpg`, 'flight-7/B1/P5/IMG_10.JPG', 1, 5, null, 2, 'jpeg'],
        [`uploads/${t.id}/images/00003.png`, 'flight-7/b2/p1/c-1/inner.png', 2, 1, -1, 1, 'png'],
        [`uploads/${t.id}/images/00004.jpg`, 'flight-7/B3/P8/x.jpeg', 3, 8, null, 1, 'jpeg'],
      ],
    );
    assert.deepEqual([manifest.images[0]!.width, manifest.images[0]!.height, manifest.images[0]!.sizeBytes], [96, 64, b!.length]);
    assert.deepEqual(await readFile(path.join(h.filesDir, manifest.images[1]!.fileKey)), a);

    const logs = [{ logName: 'flight.bag', logType: 'rosbag', logFileUri: 's3://drone-logs/flight.bag' }];
    const done = await h.api(`${API}/upload-tasks/${t.id}/complete`, { method: 'POST', json: { logs } });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(done.body.status, S.ALL_DATA_UPLOADED);
    const [completed] = await completedEvents(t.id);
    assert.deepEqual(completed.payload, {
      uploadTaskId: t.id,
      uploadFileUri: `filestore:uploads/${t.id}/manifest.json`,
      droneId: 'M300-7',
      logs,
      windfarmId: parkId,
      turbineId: t.turbineId,
      turbineName: t.name,
      inspectionDate: '2026-03-02T00:00:00.000Z',
      packageType: 1,
      campaignId: null,
    });

    // Completed is final: no second completion, no new archive.
    const again = await h.api(`${API}/upload-tasks/${t.id}/complete`, { method: 'POST', json: {} });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'ILLEGAL_TRANSITION');
    const late = await h.archive(t.id, archive);
    assert.equal(late.status, 409);
    assert.equal(late.body.code, 'ILLEGAL_TRANSITION');
    assert.equal((await completedEvents(t.id)).length, 1);
  });

  test('archives refused while reading their directory: the answer names the entries, the task and the store are unchanged', async () => {
    const t = await newTask();
    const jpg = await photo();
    const cases: { name: string; bytes: Buffer; file?: string; code: string | number; entries?: string[]; inMessage?: string }[] = [
      {
        name: 'path traversal',
        bytes: zip({ 'B1/P1/ok.jpg': jpg, '../evil.jpg': jpg }),
        code: 'ARCHIVE_UNSAFE_PATH',
        entries: ['../evil.jpg'],
      },
      { name: 'absolute path', bytes: zip({ '/etc/evil.jpg': jpg }), code: 'ARCHIVE_UNSAFE_PATH', entries: ['/etc/evil.jpg'] },
      { name: 'backslashes', bytes: zip({ 'B1\\P1\\evil.jpg': jpg }), code: 'ARCHIVE_UNSAFE_PATH', entries: ['B1\\P1\\evil.jpg'] },
      { name: 'drive letter', bytes: zip({ 'C:/evil.jpg': jpg }), code: 'ARCHIVE_UNSAFE_PATH', entries: ['C:/evil.jpg'] },
      {
        name: 'zip bomb: 200 MB of zeros',
        bytes: zeroBomb('B1/P1/bomb.jpg', 200 * MB),
        code: 'ARCHIVE_TOO_LARGE',
        entries: ['B1/P1/bomb.jpg'],
      },
      {
        name: 'a photo above 20 MB (stored, so no compression ratio to blame)',
        bytes: zip({ 'B1/P1/huge.jpg': Buffer.concat([jpg, Buffer.alloc(21 * MB - jpg.length)]) }, 0),
        code: 'FILE_TOO_LARGE',
        entries: ['B1/P1/huge.jpg'],
        inMessage: '20MB',
      },
      { name: 'not a photo by name', bytes: zip({ 'B1/P1/ok.jpg': jpg, 'B1/P1/run.exe': jpg }), code: -11003, entries: ['B1/P1/run.exe'] },
      {
        name: 'photos outside the layout',
        bytes: zip({ 'B1/P1/ok.jpg': jpg, 'loose.jpg': jpg, 'B4/P1/x.jpg': jpg, 'B1/P9/y.jpg': jpg, 'B1/P1/C500/z.jpg': jpg }),
        code: 'ARCHIVE_LAYOUT_INVALID',
        entries: ['loose.jpg', 'B4/P1/x.jpg', 'B1/P9/y.jpg', 'B1/P1/C500/z.jpg'],
      },
      {
        name: 'the same photo twice',
        bytes: zip({ 'B1/P1/a.jpg': jpg, 'B1/P1/A.JPG': jpg }),
        code: 'ARCHIVE_DUPLICATE_ENTRIES',
        entries: ['B1/P1/a.jpg', 'B1/P1/A.JPG'],
      },
      { name: 'no photo at all', bytes: zip({ '__MACOSX/._x': jpg, 'B1/P1/': new Uint8Array(0) }), code: 'ARCHIVE_NO_IMAGES' },
      { name: 'not a ZIP', bytes: Buffer.from('this is not a zip file at all'), code: 'ARCHIVE_UNREADABLE' },
      { name: 'not a .zip name', bytes: zip({ 'B1/P1/a.jpg': jpg }), file: 'photos.rar', code: 'FILE_TYPE_NOT_ALLOWED', inMessage: '.zip' },
    ];
    for (const c of cases) {
      const r = await h.archive(t.id, c.bytes, c.file ?? 'photos.zip', { locale: 'zh_cn' });
      assert.equal(r.status >= 400 && r.status < 500, true, `${c.name}: ${r.status} ${JSON.stringify(r.body)}`);
      assert.equal(r.body.code, c.code, c.name);
      assert.match(r.body.message, /[\u4e00-\u9fff]/, `${c.name}: message in the request's locale`);
      if (c.entries) assert.deepEqual(r.body.details.entries, c.entries, c.name);
      if (c.inMessage) assert.ok(r.body.message.includes(c.inMessage), `${c.name}: ${r.body.message}`);
      assert.deepEqual(await h.storedFiles(t.id), [], `${c.name}: nothing stored`);
      const now = await row(t.id);
      assert.equal(now.status, S.WAITING_FOR_UPLOAD, `${c.name}: status unchanged`);
      assert.equal(now.archive_name, null, c.name);
    }
    assert.equal((await h.archive(t.id, zip({ 'B1/P1/a.jpg': jpg }), 'x.zip')).status, 202, 'the same task still takes a good archive');
    await h.waitStatus(t.id, [S.VERIFY_SUCCESS]);
  });

  test('content refused by the verification job: failed with the entries, nothing kept, completion refused; a new archive then succeeds', async () => {
    const t = await newTask();
    const jpg = await photo();
    const truncated = jpg.subarray(0, Math.floor(jpg.length / 2));
    const cases: { name: string; bytes: Buffer; code: string | number; entries: string[] }[] = [
      {
        name: 'a .jpg that is text',
        bytes: zip({ 'B1/P1/ok.jpg': jpg, 'B1/P2/fake.jpg': Buffer.from('just text, no photo') }),
        code: -11003,
        entries: ['B1/P2/fake.jpg'],
      },
      { name: 'a truncated JPEG', bytes: zip({ 'B2/P1/half.jpg': truncated }), code: -11002, entries: ['B2/P1/half.jpg'] },
      // A zip bomb that lies about its size in the directory: caught while inflating.
      {
        name: 'declared smaller than it is',
        bytes: declareSize(zeroBomb('B1/P1/liar.jpg', 5 * MB), 4096),
        code: 'ARCHIVE_TOO_LARGE',
        entries: ['B1/P1/liar.jpg'],
      },
    ];
    for (const c of cases) {
      const r = await h.archive(t.id, c.bytes);
      assert.equal(r.status, 202, `${c.name}: ${JSON.stringify(r.body)}`);
      const failed = await h.waitStatus(t.id, [S.FAILED, S.VERIFY_SUCCESS]);
      assert.equal(failed.status, S.FAILED, c.name);
      assert.equal(failed.errors.length, 1, c.name);
      assert.equal(failed.errors[0].code, c.code, c.name);
      assert.deepEqual(failed.errors[0].details.entries, c.entries, c.name);
      assert.equal(failed.uploadFileUri, null, c.name);
      assert.deepEqual(await h.storedFiles(t.id), [], `${c.name}: nothing kept`);
      const done = await h.api(`${API}/upload-tasks/${t.id}/complete`, { method: 'POST', json: {} });
      assert.equal(done.status, 409, c.name);
      assert.equal(done.body.code, 'UPLOAD_NOT_VERIFIED', c.name);
    }
    assert.equal((await completedEvents(t.id)).length, 0);
    assert.equal((await h.archive(t.id, zip({ 'B1/P1/a.jpg': jpg }))).status, 202);
    const ok = await h.waitStatus(t.id, [S.VERIFY_SUCCESS, S.FAILED]);
    assert.equal(ok.status, S.VERIFY_SUCCESS);
    assert.deepEqual(ok.errors, []);
  });

  test('a .tar.gz (and .tgz) is read like a ZIP: folders, a common top folder, PAX long names; photos placed the same way', async () => {
    const t = await newTask();
    const [a, b, c, d] = await Promise.all([photo(20), photo(70), photo(120, 'png'), photo(130)]);
    const long = `flight-9/B2/P3/${'x'.repeat(120)}.jpg`; // beyond the 100 characters of a plain tar header
    const archive = await tarGz({
      'flight-9/': 'folder',
      'flight-9/B1/': 'folder',
      'flight-9/B1/P5/IMG_10.JPG': a,
      'flight-9/B1/P5/IMG_2.jpg': b,
      [long]: d,
      'flight-9/b3/p1/c0/inner.png': c,
      'flight-9/.DS_Store': Buffer.from('junk'),
    });
    const up = await h.archive(t.id, archive, 'flight-9.tar.gz');
    assert.equal(up.status, 202, JSON.stringify(up.body));
    assert.equal(up.body.imageCount, 4);
    assert.equal(up.body.archiveName, 'flight-9.tar.gz');
    const verified = await h.waitStatus(t.id, [S.VERIFY_SUCCESS, S.FAILED]);
    assert.equal(verified.status, S.VERIFY_SUCCESS, JSON.stringify(verified.errors));
    assert.deepEqual(await h.storedFiles(t.id), ['images/00001.jpg', 'images/00002.jpg', 'images/00003.jpg', 'images/00004.png', 'manifest.json']);
    const manifest = JSON.parse(await readFile(path.join(h.filesDir, 'uploads', t.id, 'manifest.json'), 'utf8')) as UploadManifest;
    assert.deepEqual(
      manifest.images.map((i) => [i.entryName, i.bladePosition, i.path, i.chamber, i.sortIndex]),
      [
        ['flight-9/B1/P5/IMG_2.jpg', 1, 5, null, 1],
        ['flight-9/B1/P5/IMG_10.JPG', 1, 5, null, 2],
        [long, 2, 3, null, 1],
        ['flight-9/b3/p1/c0/inner.png', 3, 1, 0, 1],
      ],
    );
    assert.deepEqual(await readFile(path.join(h.filesDir, manifest.images[1]!.fileKey)), a);

    const t2 = await newTask();
    const tgz = await h.archive(t2.id, await tarGz({ 'B1/P1/a.jpg': a }), 'FLIGHT.TGZ');
    assert.equal(tgz.status, 202, JSON.stringify(tgz.body));
    assert.equal((await h.waitStatus(t2.id, [S.VERIFY_SUCCESS, S.FAILED])).status, S.VERIFY_SUCCESS);
  });

  test('.tar.gz refusals while it is streamed: traversal, links, bombs, broken streams, names; nothing stored, task unchanged', async () => {
    const t = await newTask();
    const jpg = await photo();
    const good = await tarGz({ 'B1/P1/ok.jpg': jpg });
    const cases: { name: string; bytes: Buffer; file?: string; code: string | number; entries?: string[] }[] = [
      { name: 'path traversal', bytes: await tarGz({ 'B1/P1/ok.jpg': jpg, '../evil.jpg': jpg }), code: 'ARCHIVE_UNSAFE_PATH', entries: ['../evil.jpg'] },
      { name: 'absolute path', bytes: await tarGz({ '/etc/evil.jpg': jpg }), code: 'ARCHIVE_UNSAFE_PATH', entries: ['/etc/evil.jpg'] },
      {
        name: 'a symbolic link out of the folder (zip-slip by link)',
        bytes: await tarGz({ 'B1/P1/ok.jpg': jpg, 'B1/P1/link.jpg': { symlink: '/etc/passwd' } }),
        code: 'ARCHIVE_UNSAFE_PATH',
        entries: ['B1/P1/link.jpg'],
      },
      {
        name: 'a hard link',
        bytes: await tarGz({ 'B1/P1/ok.jpg': jpg, 'B1/P1/hard.jpg': { hardlink: '../../x' } }),
        code: 'ARCHIVE_UNSAFE_PATH',
        entries: ['B1/P1/hard.jpg'],
      },
      {
        // 64 MB of zeros gzip to ~60 KB: refused once the stream passes 100 times the archive, long before the end.
        name: 'gzip bomb',
        bytes: await tarGz({ 'B1/P1/ok.jpg': jpg, 'B1/P1/bomb.jpg': new Uint8Array(64 * MB) }),
        code: 'ARCHIVE_TOO_LARGE',
        entries: ['B1/P1/bomb.jpg'],
      },
      {
        name: 'a photo above 20 MB',
        bytes: gzipSync(await tar({ 'B1/P1/huge.jpg': Buffer.concat([jpg, Buffer.alloc(21 * MB - jpg.length, 7)]) }), { level: 0 }),
        code: 'FILE_TOO_LARGE',
        entries: ['B1/P1/huge.jpg'],
      },
      { name: 'not a photo by name', bytes: await tarGz({ 'B1/P1/ok.jpg': jpg, 'B1/P1/run.sh': jpg }), code: -11003, entries: ['B1/P1/run.sh'] },
      { name: 'outside the layout', bytes: await tarGz({ 'B7/P1/x.jpg': jpg }), code: 'ARCHIVE_LAYOUT_INVALID', entries: ['B7/P1/x.jpg'] },
      { name: 'not gzip at all', bytes: Buffer.from('plain text named .tar.gz'), code: 'ARCHIVE_UNREADABLE' },
      { name: 'a plain tar named .tar.gz', bytes: await tar({ 'B1/P1/ok.jpg': jpg }), code: 'ARCHIVE_UNREADABLE' },
      { name: 'cut in the middle', bytes: good.subarray(0, Math.floor(good.length / 2)), code: 'ARCHIVE_UNREADABLE' },
      { name: 'gzip of something else', bytes: gzipSync(Buffer.alloc(4096, 'x')), code: 'ARCHIVE_UNREADABLE' },
      { name: 'a .tar (uncompressed) name', bytes: await tar({ 'B1/P1/ok.jpg': jpg }), file: 'photos.tar', code: 'FILE_TYPE_NOT_ALLOWED' },
    ];
    for (const c of cases) {
      const r = await h.archive(t.id, c.bytes, c.file ?? 'photos.tar.gz', { locale: 'zh_cn' });
      assert.equal(r.status >= 400 && r.status < 500, true, `${c.name}: ${r.status} ${JSON.stringify(r.body)}`);
      assert.equal(r.body.code, c.code, `${c.name}: ${JSON.stringify(r.body)}`);
      assert.match(r.body.message, /[\u4e00-\u9fff]/, `${c.name}: message in the request's locale`);
      if (c.entries) {
        assert.deepEqual(r.body.details.entries, c.entries, c.name);
        assert.ok(r.body.message.includes(c.entries[0]!), `${c.name}: the message names the entry: ${r.body.message}`);
      }
      assert.deepEqual(await h.storedFiles(t.id), [], `${c.name}: nothing stored`);
      const now = await row(t.id);
      assert.equal(now.status, S.WAITING_FOR_UPLOAD, `${c.name}: status unchanged`);
      assert.equal(now.archive_name, null, c.name);
    }
    assert.equal((await h.archive(t.id, good, 'x.tar.gz')).status, 202, 'the same task still takes a good archive');
    await h.waitStatus(t.id, [S.VERIFY_SUCCESS]);
  });

  test('.tar.gz content refused by the verification job (the photo named): failed, nothing kept', async () => {
    const t = await newTask();
    const jpg = await photo();
    const cases: { name: string; bytes: Buffer; code: number; entries: string[] }[] = [
      {
        name: 'a .jpg that is text',
        bytes: await tarGz({ 'B1/P1/ok.jpg': jpg, 'B1/P2/fake.jpg': Buffer.from('just text') }),
        code: -11003,
        entries: ['B1/P2/fake.jpg'],
      },
      { name: 'a truncated JPEG', bytes: await tarGz({ 'B2/P1/half.jpg': jpg.subarray(0, jpg.length >> 1) }), code: -11002, entries: ['B2/P1/half.jpg'] },
    ];
    for (const c of cases) {
      assert.equal((await h.archive(t.id, c.bytes, 'x.tgz')).status, 202, c.name);
      await h.waitStatus(t.id, [S.FAILED, S.VERIFY_SUCCESS]);
      const failed = (await h.api(`${API}/upload-tasks/${t.id}`, { locale: 'zh_cn' })).body;
      assert.equal(failed.status, S.FAILED, c.name);
      assert.equal(failed.errors[0].code, c.code, c.name);
      assert.deepEqual(failed.errors[0].details.entries, c.entries, c.name);
      assert.ok(failed.errors[0].message.includes(c.entries[0]!), `${c.name}: ${failed.errors[0].message}`);
      assert.deepEqual(await h.storedFiles(t.id), [], `${c.name}: nothing kept`);
    }
  });

  test('complete before the archive is verified is refused with 409 and publishes nothing', async () => {
    const t = await newTask();
    const r = await h.api(`${API}/upload-tasks/${t.id}/complete`, { method: 'POST', json: { droneId: 'X' } });
    assert.equal(r.status, 409);
    assert.equal(r.body.code, 'UPLOAD_NOT_VERIFIED');
    assert.equal((await row(t.id)).status, S.WAITING_FOR_UPLOAD);
    assert.equal((await completedEvents(t.id)).length, 0);
    const bad = await h.api(`${API}/upload-tasks/${t.id}/complete`, {
      method: 'POST',
      json: { logs: [{ logName: 'a', logType: 'zip', logFileUri: 'x' }] },
    });
    assert.equal(bad.body.code, 'VALIDATION_FAILED');
  });

  test('an archive is refused while another one is being received, unless that upload died hours ago', async () => {
    const t = await newTask();
    const archive = zip({ 'B1/P1/a.jpg': await photo() });
    await h.sql(`UPDATE data_import.upload_task SET status = $2, updated_at = now() WHERE id = $1`, [t.id, S.UPLOADING]);
    const busy = await h.archive(t.id, archive);
    assert.equal(busy.status, 409);
    assert.equal(busy.body.code, 'ILLEGAL_TRANSITION');
    assert.equal((await row(t.id)).status, S.UPLOADING);
    assert.deepEqual(await h.storedFiles(t.id), []);
    await h.sql(`UPDATE data_import.upload_task SET updated_at = now() - interval '7 hours' WHERE id = $1`, [t.id]);
    assert.equal((await h.archive(t.id, archive)).status, 202);
    assert.equal((await h.waitStatus(t.id, [S.VERIFY_SUCCESS, S.FAILED])).status, S.VERIFY_SUCCESS);
  });

  test('creation refused: unknown park, turbine not in the park, non-blade package, same turbine and day; nothing stored or published', async () => {
    const count = async () => ({
      tasks: (await h.sql('SELECT count(*)::int AS n FROM data_import.upload_task'))[0].n,
      events: (await h.published('import.upload.created')).length,
    });
    const t = await newTask();
    const before = await count();
    const other = await h.park('Elsewhere');
    await h.turbine(other.parkId, 'WTG-99');
    const cases: { body: Record<string, unknown>; status: number; code: string | number }[] = [
      { body: { windfarmId: randomUUID(), turbineName: t.name, inspectionDate: '2026-04-01' }, status: 404, code: 'WIND_PARK_NOT_FOUND' },
      { body: { windfarmId: parkId, turbineName: 'WTG-99', inspectionDate: '2026-04-01' }, status: 400, code: 'TURBINE_NOT_IN_WIND_PARK' },
      {
        body: { windfarmId: parkId, turbineName: t.name, inspectionDate: '2026-04-01', packageType: 3 },
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        body: { windfarmId: parkId, turbineName: t.name.toLowerCase(), inspectionDate: '2026-03-02T15:00:00Z' },
        status: 409,
        code: -10009,
      },
      { body: { windfarmId: parkId, turbineName: t.name, inspectionDate: '2026-02-30' }, status: 400, code: 'VALIDATION_FAILED' },
    ];
    for (const c of cases) {
      const r = await h.createTask(c.body);
      assert.equal(r.status, c.status, JSON.stringify(r.body));
      assert.equal(r.body.code, c.code);
    }
    const noTurbine = await h.createTask({ windfarmId: parkId, turbineName: 'WTG-99', inspectionDate: '2026-04-01' });
    assert.equal(noTurbine.body.message, 'There is no turbine named WTG-99 in this wind park.');
    assert.deepEqual(await count(), before);
  });

  test('rights and data scope; lists page, sort and filter on the server', async () => {
    const reader = await h.token({ rights: [Rights.DATA_INTEGRATION_SHOW], cid: [customerId] });
    const stranger = await h.token({ rights: [Rights.DATA_INTEGRATION_EDIT], cid: [randomUUID()] });
    const parkOnly = await h.token({ rights: [Rights.INSPECTION_DATA], pid: [parkId] });
    const t = await newTask();

    assert.equal(
      (await h.createTask({ windfarmId: parkId, turbineName: t.name, inspectionDate: '2026-05-01' }, { token: reader })).status,
      403,
    );
    assert.equal((await h.archive(t.id, zip({ 'B1/P1/a.jpg': await photo() }), 'a.zip', { token: reader })).status, 403);
    assert.equal((await row(t.id)).status, S.WAITING_FOR_UPLOAD);
    const foreign = await h.createTask({ windfarmId: parkId, turbineName: t.name, inspectionDate: '2026-05-01' }, { token: stranger });
    assert.equal(foreign.body.code, 'WIND_PARK_NOT_FOUND');
    assert.equal((await h.api(`${API}/upload-tasks/${t.id}`, { token: stranger })).status, 404);
    assert.equal((await h.api(`${API}/upload-tasks/${t.id}/complete`, { method: 'POST', json: {}, token: stranger })).status, 404);
    assert.equal((await h.api(`${API}/upload-tasks?pageSize=500`, { token: stranger })).body.totalCount, 0);
    assert.equal((await h.api(`${API}/upload-tasks/${t.id}`, { token: reader })).status, 200);
    assert.equal((await h.api(`${API}/upload-tasks/${t.id}`, { token: parkOnly })).status, 200);

    const all = (await h.api(`${API}/upload-tasks?pageSize=500`, { token: reader })).body;
    assert.ok(all.totalCount >= 5);
    const times = all.results.map((r: Body) => new Date(r.createdAt).getTime());
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
      'newest first by default',
    );
    const page = (await h.api(`${API}/upload-tasks?pageSize=2&pageIndex=2&fieldToSort=turbineName&descending=false`)).body;
    assert.equal(page.totalCount, all.totalCount);
    const names = all.results.map((r: Body) => r.turbineName).sort();
    assert.deepEqual(
      page.results.map((r: Body) => r.turbineName),
      names.slice(2, 4),
    );
    const waiting = (await h.api(`${API}/upload-tasks?status=${S.WAITING_FOR_UPLOAD}&windfarmId=${parkId}&pageSize=500`)).body;
    assert.ok(waiting.results.length > 0 && waiting.results.every((r: Body) => r.status === S.WAITING_FOR_UPLOAD));
    assert.equal((await h.api(`${API}/upload-tasks?windfarmId=${randomUUID()}`)).body.totalCount, 0);
    assert.equal((await h.api(`${API}/upload-tasks?fieldToSort=archive_size`)).body.code, 'VALIDATION_FAILED');
  });
});
