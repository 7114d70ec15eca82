import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { Rights } from '@windward/contracts';
import { API, ReportHarness, type Body } from '../testing/report-harness.js';

/**
 * The Data Center's image archive (format `zip`): the selected defects' original photos from the
 * shared store, one folder per park/turbine/inspection date, and manifest.csv. The download is
 * unpacked and read back. Limits: over 2,500 defects refused with nothing queued; over the byte
 * cap (lowered by REPORT_ARCHIVE_MAX_BYTES) the task fails with EXPORT_ARCHIVE_TOO_LARGE and no file.
 */
describe('image archive export (zip)', () => {
  let h: ReportHarness;
  let token: string;
  let parkId: string;
  const photos = new Map<string, Buffer>();

  async function photo(inspectionId: string, bytes = 1000) {
    const imageId = randomUUID();
    const key = `inspection/images/${inspectionId}/${imageId}/original.jpg`;
    await mkdir(path.dirname(path.join(h.filesDir, key)), { recursive: true });
    const data = Buffer.alloc(bytes, imageId.slice(0, 2));
    await writeFile(path.join(h.filesDir, key), data);
    photos.set(imageId, data);
    return { uri: `filestore:${key}`, width: 800, height: 600, imageId };
  }

  before(async () => {
    h = await ReportHarness.start({ REPORT_ARCHIVE_MAX_BYTES: '50000' });
    token = await h.token({ rights: [Rights.IMAGE_EXPORT], cid: null, pid: null });
    ({ parkId } = await h.park('东山风场'));
  });
  after(async () => {
    await h?.stop();
  });

  async function exported(body: object, locale = 'en_us'): Promise<Body> {
    const r = await h.create('parks', parkId, { format: 'zip', ...body }, { token, locale });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return h.waitDone(r.body.id, { token });
  }

  test('photos per turbine/inspection folder, one copy of a shared photo, manifest rows for every defect', async () => {
    const t1 = await h.turbine(parkId, 'WTG-01');
    const t2 = await h.turbine(parkId, 'WTG/02');
    const i1 = await h.inspection(parkId, t1, '2026-05-01');
    const i2 = await h.inspection(parkId, t2, '2026-05-02');
    const a = await photo(i1);
    const b = await photo(i2);
    const { imageId: _a, ...imgA } = a;
    const { imageId: _b, ...imgB } = b;
    const d1 = await h.defects(i1, [
      { severity: 5, defectType: 'Crack', image: imgA },
      { severity: 2, defectType: 'Erosion, "leading"', image: imgA },
      { severity: 1, defectType: 'Dirt', image: null },
    ]);
    const d2 = await h.defects(i2, [{ severity: 3, defectType: '前缘腐蚀', image: imgB }]);
    const ids = [...d1, ...d2].map((d) => d.defectId);
    const done = await exported({ defectIds: ids });
    assert.equal(done.status, 2, JSON.stringify(done));
    assert.equal(done.progress, 100);
    assert.equal(done.format, 'zip');
    const file = await h.api(`${API}/report-tasks/${done.id}/file`, { token });
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'application/zip');
    const entries = unzipSync(new Uint8Array(file.bytes));
    const names = Object.keys(entries).sort();
    assert.deepEqual(names, [
      `东山风场/WTG-01/2026-05-01/${a.imageId}_original.jpg`,
      `东山风场/WTG_02/2026-05-02/${b.imageId}_original.jpg`,
      'manifest.csv',
    ].sort());
    assert.deepEqual(Buffer.from(entries[`东山风场/WTG-01/2026-05-01/${a.imageId}_original.jpg`]!), photos.get(a.imageId), 'the original bytes');
    const csv = strFromU8(entries['manifest.csv']!).replace(/^\uFEFF/, '').trim().split('\r\n');
    assert.equal(csv.length, 1 + 4, 'a header and one row per defect');
    assert.match(csv[0]!, /^image,imageWidth,imageHeight,/);
    for (const d of [...d1, ...d2]) assert.ok(csv.some((l) => l.includes(d.defectNo!)), `defect ${d.defectNo} in the manifest`);
    assert.ok(csv.some((l) => l.includes('"Erosion, ""leading"""')), 'CSV quoting');
    const dirt = csv.find((l) => l.includes('Dirt'))!;
    assert.match(dirt, /^,,,/, 'a defect without photo has no image path');
    assert.ok(csv.some((l) => l.startsWith(`东山风场/WTG_02/2026-05-02/${b.imageId}_original.jpg,800,600,`)));
  });

  test('the search’s images: those without defects are archived too, with their own manifest rows; a shared photo once; PNG originals', async () => {
    const t = await h.turbine(parkId, 'WTG-IMG');
    const insp = await h.inspection(parkId, t, '2026-05-05');
    const shown = await photo(insp);
    const bare = await photo(insp, 700);
    // A PNG original (inspection keeps `original.png` for PNG uploads).
    const pngId = randomUUID();
    const pngKey = `inspection/images/${insp}/${pngId}/original.png`;
    await mkdir(path.dirname(path.join(h.filesDir, pngKey)), { recursive: true });
    await writeFile(path.join(h.filesDir, pngKey), Buffer.alloc(300, 7));
    const { imageId: _s, ...img } = shown;
    const [d] = await h.defects(insp, [{ severity: 2, defectType: 'Erosion', image: img }]);
    const images = [shown, bare, { imageId: pngId }].map((x) => ({ inspectionId: insp, imageId: x.imageId }));
    const done = await exported({ defectIds: [d!.defectId], images });
    assert.equal(done.status, 2, JSON.stringify(done));
    const entries = unzipSync(new Uint8Array((await h.api(`${API}/report-tasks/${done.id}/file`, { token })).bytes));
    const dir = '东山风场/WTG-IMG/2026-05-05';
    assert.deepEqual(Object.keys(entries).sort(), [`${dir}/${bare.imageId}_original.jpg`, `${dir}/${pngId}_original.png`, `${dir}/${shown.imageId}_original.jpg`, 'manifest.csv'].sort());
    assert.deepEqual(Buffer.from(entries[`${dir}/${bare.imageId}_original.jpg`]!), photos.get(bare.imageId));
    const csv = strFromU8(entries['manifest.csv']!).replace(/^\uFEFF/, '').trim().split('\r\n');
    assert.equal(csv.length, 1 + 3, 'the defect, then the two images without one');
    assert.ok(csv[1]!.startsWith(`${dir}/${shown.imageId}_original.jpg,800,600,${d!.defectNo}`));
    assert.ok(csv[2]!.startsWith(`${dir}/${bare.imageId}_original.jpg,,,,东山风场,WTG-IMG,2026-05-05,`));
    assert.ok(csv[3]!.startsWith(`${dir}/${pngId}_original.png,`));

    // Images alone (a park search without defects) are an archive too.
    const alone = await exported({ images: [{ inspectionId: insp, imageId: bare.imageId }] });
    assert.equal(alone.status, 2, JSON.stringify(alone));
    const only = unzipSync(new Uint8Array((await h.api(`${API}/report-tasks/${alone.id}/file`, { token })).bytes));
    assert.deepEqual(Object.keys(only).sort(), [`${dir}/${bare.imageId}_original.jpg`, 'manifest.csv'].sort());
  });

  test('image refusals, nothing queued: an inspection of another park (404), images with another format, over 2,500 images', async () => {
    const other = await h.park('Other park');
    const ot = await h.turbine(other.parkId, 'OT-01');
    const oi = await h.inspection(other.parkId, ot, '2026-05-06');
    const before = await h.taskCount();
    const refuse = async (body: object, status: number, code: string) => {
      const r = await h.create('parks', parkId, body, { token });
      assert.equal(r.status, status, JSON.stringify(r.body));
      assert.equal(r.body.code, code);
    };
    await refuse({ format: 'zip', images: [{ inspectionId: oi, imageId: randomUUID() }] }, 404, 'NOT_FOUND');
    await refuse({ format: 'zip', images: [{ inspectionId: randomUUID(), imageId: randomUUID() }] }, 404, 'NOT_FOUND');
    await refuse({ format: 'xlsx', images: [{ inspectionId: oi, imageId: randomUUID() }] }, 400, 'VALIDATION_FAILED');
    const t = await h.turbine(parkId, 'WTG-2501');
    const insp = await h.inspection(parkId, t, '2026-05-07');
    const many = Array.from({ length: 2501 }, () => ({ inspectionId: insp, imageId: randomUUID() }));
    await refuse({ format: 'zip', images: many }, 400, 'EXPORT_ARCHIVE_TOO_LARGE');
    assert.equal(await h.taskCount(), before);
  });

  test('over the byte cap: the task fails with EXPORT_ARCHIVE_TOO_LARGE and no file is kept', async () => {
    const t = await h.turbine(parkId, 'WTG-BIG');
    const insp = await h.inspection(parkId, t, '2026-05-03');
    const { imageId: _x, ...big } = await photo(insp, 60000);
    const [d] = await h.defects(insp, [{ severity: 4, defectType: 'Crack', image: big }]);
    const done = await exported({ defectIds: [d!.defectId] });
    assert.equal(done.status, 3, JSON.stringify(done));
    assert.equal(done.error?.code, 'EXPORT_ARCHIVE_TOO_LARGE', JSON.stringify(done));
    const file = await h.api(`${API}/report-tasks/${done.id}/file`, { token });
    assert.notEqual(file.status, 200);
  });

  test('over 2,500 defects: -13012, nothing queued', async () => {
    const t = await h.turbine(parkId, 'WTG-MANY');
    const insp = await h.inspection(parkId, t, '2026-05-04');
    const rows = await h.sql(
      `INSERT INTO report.defect_ref (defect_id, inspection_id, severity, dps_status, defect_no)
       SELECT gen_random_uuid(), $1, 1, 2, lpad(g::text, 6, '0') FROM generate_series(1, 2501) g RETURNING defect_id`,
      [insp],
    );
    const before = await h.taskCount();
    const r = await h.create('parks', parkId, { format: 'zip', defectIds: rows.map((x: Body) => x.defect_id) }, { token });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, -13012);
    assert.equal(await h.taskCount(), before);
  });
});
