import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { EventTypes, errorText } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { InspectionHarness, jpeg, png, type Body } from '../testing/inspection-harness.js';

const BASE = '/gw/inspection/api/v2';

describe('images: untrusted uploads, tiles as jobs, file serving, delete rules', () => {
  let h: InspectionHarness;
  let insp: Body;
  const imageCount = async () => (await h.sql('SELECT count(*)::int AS n FROM inspection.image'))[0].n as number;
  const storedFiles = async () => {
    const dir = path.join(h.filesDir, 'inspection', 'images');
    return (await readdir(dir, { recursive: true }).catch(() => [])).length;
  };

  before(async () => {
    h = await InspectionHarness.start();
    const park = await h.park('Dogger');
    const turbine = await h.turbine(park.parkId, 'WTG-01', 80);
    insp = await h.inspection(turbine, '2025-06-01');
  });
  after(async () => h?.stop());

  test('a PNG is stored, tiled by a job (thumbnail, .dzi, tiles) and the inspection is announced as processed', async () => {
    const r = await h.upload(insp.inspectionId, await png(1000, 600), 'blade.png', {
      bladePosition: 1,
      path: 5,
      chamber: 0,
      sortIndex: 2,
      distanceToRoot: '12.25',
      keyPartTag: 'tip',
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const img = r.body;
    assert.deepEqual(
      [img.format, img.width, img.height, img.pathViewIndex, img.bladePosition, img.distanceToRoot, img.keyPartTag],
      ['png', 1000, 600, 5, 1, 12.25, 'tip'],
    );
    assert.ok(img.tileJobId);
    const done = await eventually(async () => {
      const g = (await h.api(`${BASE}/images/${img.imageId}`)).body;
      return g.tileStatus === 'done' ? g : null;
    }, 20000);
    const progress = (await h.api(`${BASE}/inspections/${insp.inspectionId}/processing`)).body;
    assert.deepEqual([progress.imageCount, progress.done, progress.waiting], [1, 1, 0]);
    assert.equal(progress.images[0].percent, 100);
    const dzi = await h.api(done.dziUri);
    assert.equal(dzi.status, 200);
    assert.match(dzi.bytes.toString(), /TileSize="256"[\s\S]*Height="600"[\s\S]*Width="1000"/);
    // 1000 px wide → levels 0..10; level 10 is full size: 4 × 3 tiles of 256.
    const tile = await h.api(`${BASE}/images/${img.imageId}/image_files/10/3_2.jpeg`);
    assert.equal(tile.status, 200);
    assert.equal(tile.headers.get('content-type'), 'image/jpeg');
    assert.deepEqual([...tile.bytes.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    assert.equal((await h.api(`${BASE}/images/${img.imageId}/image_files/10/4_0.jpeg`)).status, 404);
    assert.equal((await h.api(`${BASE}/images/${img.imageId}/image_files/10/..%2F..%2Foriginal.png`)).status, 404);
    const thumb = await h.api(done.thumbUri);
    assert.equal(thumb.status, 200);
    // The thumbnail is the upload check's decode (320 px on the longest side), a JPEG.
    const t = await sharp(thumb.bytes).metadata();
    assert.deepEqual([t.format, t.width, t.height], ['jpeg', 320, 192]);
    assert.equal((await h.api(img.uri)).bytes.length, img.sizeBytes);
    // Tiles need a token like everything else.
    assert.equal((await h.api(`${BASE}/images/${img.imageId}/image_files/10/0_0.jpeg`, { token: null })).status, 401);
    const ev = await eventually(async () => (await h.published(EventTypes.InspectionImagesProcessed)).at(-1));
    assert.deepEqual(ev.payload, { inspectionId: insp.inspectionId, imageCount: 1, pathCount: 1 });
  });

  test('a PNG renamed .exe, a non-image named .jpg, a broken JPEG and a 21 MB photo are refused; nothing is stored', async () => {
    const images = await imageCount();
    const files = await storedFiles();
    const exe = await h.upload(insp.inspectionId, await png(), 'blade.exe', {}, { locale: 'zh_cn' });
    assert.equal(exe.status, 400);
    assert.deepEqual(exe.body, { code: -11003, message: errorText(-11003, 'zh_cn') });
    const text = await h.upload(insp.inspectionId, Buffer.from('MZ this is not an image at all'), 'photo.jpg');
    assert.equal(text.body.code, -11003);
    const full = await jpeg(800, 600);
    const broken = await h.upload(insp.inspectionId, full.subarray(0, Math.floor(full.length / 2)), 'half.jpg');
    assert.equal(broken.body.code, -11002);
    // A JPEG header followed by 21 MB: multer stops reading at 20 MB.
    const big = Buffer.alloc(21 * 1024 * 1024, 0);
    full.copy(big);
    const tooBig = await h.upload(insp.inspectionId, big, 'big.jpg');
    assert.equal(tooBig.status, 400);
    assert.deepEqual(tooBig.body, { code: 'FILE_TOO_LARGE', message: errorText('FILE_TOO_LARGE', 'en_us', { maxMb: 20 }) });
    const none = await h.api(`${BASE}/inspections/${insp.inspectionId}/images`, { form: new FormData() });
    assert.equal(none.body.code, -11001);
    assert.equal(await imageCount(), images);
    assert.equal(await storedFiles(), files);
  });

  test('distance to root: -5.01, blade length + 0.01 and 3 decimals are refused; the bounds themselves pass', async () => {
    const images = await imageCount();
    const photo = await jpeg(400, 300);
    const below = await h.upload(insp.inspectionId, photo, 'a.jpg', { bladePosition: 1, distanceToRoot: '-5.01' });
    assert.deepEqual([below.status, below.body.code], [400, -13013]);
    const above = await h.upload(insp.inspectionId, photo, 'a.jpg', { bladePosition: 1, distanceToRoot: '80.01' });
    assert.equal(above.body.code, -13013);
    const decimals = await h.upload(insp.inspectionId, photo, 'a.jpg', { bladePosition: 1, distanceToRoot: '10.125' });
    assert.equal(decimals.body.code, 'DECIMAL_PLACES_EXCEEDED');
    const badPath = await h.upload(insp.inspectionId, photo, 'a.jpg', { path: 9 });
    assert.equal(badPath.body.code, 'VALIDATION_FAILED');
    assert.equal(await imageCount(), images);
    const low = await h.upload(insp.inspectionId, photo, 'a.jpg', { bladePosition: 2, path: 7, distanceToRoot: '-5' });
    assert.equal(low.status, 201);
    const patch = await h.api(`${BASE}/images/${low.body.imageId}`, { method: 'PATCH', json: { distanceToRoot: 80.01 } });
    assert.equal(patch.body.code, -13013);
    const ok = await h.api(`${BASE}/images/${low.body.imageId}`, {
      method: 'PATCH',
      json: { distanceToRoot: 80, chamber: -1, section: 'S1' },
    });
    assert.equal(ok.status, 200);
    assert.deepEqual([ok.body.distanceToRoot, ok.body.chamber, ok.body.section], [80, -1, 'S1']);
  });

  test('gallery order: blade, then the view sort order, chamber display order and sort index', async () => {
    const insp2 = await h.inspection(insp.turbineId, '2025-06-02');
    const photo = await jpeg(300, 200);
    const add = async (fields: Record<string, number>) => (await h.upload(insp2.inspectionId, photo, 'x.jpg', fields)).body.imageId;
    const te = await add({ bladePosition: 1, path: 7 });
    const le = await add({ bladePosition: 1, path: 5 });
    const ps1 = await add({ bladePosition: 1, path: 6, chamber: -1 });
    const ps0 = await add({ bladePosition: 1, path: 6, chamber: 1, sortIndex: 2 });
    const ps0first = await add({ bladePosition: 1, path: 6, chamber: 1, sortIndex: 1 });
    const b2 = await add({ bladePosition: 2, path: 5 });
    const ids = async (order: string) =>
      (await h.api(`${BASE}/inspections/${insp2.inspectionId}/images?viewOrder=${order}`)).body.results.map((r: Body) => r.imageId);
    assert.deepEqual(await ids('LEADING_EDGE_FIRST'), [le, ps0first, ps0, ps1, te, b2]);
    assert.deepEqual(await ids('TRAILING_EDGE_FIRST'), [te, ps0first, ps0, ps1, le, b2]);
    // Photos without a blade or path come after those with one; descending is the exact reverse.
    const noBlade = await add({ path: 5 });
    const noPath = await add({ bladePosition: 2 });
    const middleAll = await add({ bladePosition: 1, path: 6, chamber: -999 });
    const middle7 = await add({ bladePosition: 1, path: 6, chamber: 8 });
    const gallery = [le, ps0first, ps0, ps1, middle7, middleAll, te, b2, noPath, noBlade];
    assert.deepEqual(await ids('LEADING_EDGE_FIRST'), gallery);
    assert.deepEqual(await ids('LEADING_EDGE_FIRST&descending=true'), [...gallery].reverse());
    for (const id of [noBlade, noPath, middleAll, middle7]) {
      assert.equal((await h.api(`${BASE}/images/${id}`, { method: 'DELETE' })).status, 204);
    }
    const paged = (
      await h.api(`${BASE}/inspections/${insp2.inspectionId}/images?viewOrder=MIDDLE_FIRST&pageSize=2&pageIndex=2&bladePosition=1`)
    ).body;
    assert.equal(paged.totalCount, 5);
    assert.deepEqual(
      paged.results.map((r: Body) => r.imageId),
      [ps1, le],
    );
    assert.equal((await h.api(`${BASE}/inspections/${insp2.inspectionId}/images?viewOrder=SIDEWAYS`)).body.code, 'VALIDATION_FAILED');
    // The inspection's scope is read with the page: past the last page the count is still there;
    // an inspection without photos lists none; an unknown or malformed id is not found.
    const past = (await h.api(`${BASE}/inspections/${insp2.inspectionId}/images?pageSize=2&pageIndex=9&bladePosition=1`)).body;
    assert.deepEqual(past.results, []);
    assert.equal(past.totalCount, 5);
    const bare = await h.inspection(insp.turbineId, '2025-07-01');
    const none = (await h.api(`${BASE}/inspections/${bare.inspectionId}/images`)).body;
    assert.deepEqual([none.results, none.totalCount], [[], 0]);
    assert.equal((await h.api(`${BASE}/inspections/${randomUUID()}/images`)).status, 404);
    assert.equal((await h.api(`${BASE}/inspections/not-an-id/images`)).status, 404);
  });

  test('an image with defects cannot be deleted, nor the last image; others can', async () => {
    const insp3 = await h.inspection(insp.turbineId, '2025-06-03');
    const a = (await h.upload(insp3.inspectionId, await jpeg(300, 200), 'a.jpg', { bladePosition: 1 })).body.imageId;
    const b = (await h.upload(insp3.inspectionId, await jpeg(300, 200), 'b.jpg', { bladePosition: 1 })).body.imageId;
    const d = await h.api(`${BASE}/inspections/${insp3.inspectionId}/defects`, {
      method: 'POST',
      json: {
        imageId: a,
        defectType: 'Crack',
        polygon: [
          [0, 0],
          [10, 0],
          [10, 10],
        ],
      },
    });
    assert.equal(d.status, 201);
    const withDefects = await h.api(`${BASE}/images/${a}`, { method: 'DELETE' });
    assert.deepEqual([withDefects.status, withDefects.body.code], [409, 'IMAGE_HAS_DEFECTS']);
    assert.equal((await h.api(`${BASE}/images/${b}`, { method: 'DELETE' })).status, 204);
    // Now `a` is the last image (and it has defects): remove the defect, then it is still the last one.
    assert.equal((await h.api(`${BASE}/defects/${d.body.defectId}`, { method: 'DELETE' })).status, 204);
    const last = await h.api(`${BASE}/images/${a}`, { method: 'DELETE' });
    assert.deepEqual([last.status, last.body.code], [400, 'LAST_IMAGE_CANNOT_BE_DELETED']);
    assert.equal((await h.api(`${BASE}/images/${a}`)).status, 200);
    assert.equal((await h.api(`${BASE}/images/${b}`)).status, 404);
  });
});
