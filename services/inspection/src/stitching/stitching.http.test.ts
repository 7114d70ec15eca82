import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { EventTypes, Rights, errorText } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { InspectionHarness, jpeg, type Body } from '../testing/inspection-harness.js';

const BASE = '/gw/inspection/api/v2';

/** A plain photo of one colour, so the panorama's pixels show which photo lies where. */
function photo(r: number, g: number, b: number, width = 600, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** The colour channel that dominates a panorama pixel. */
async function dominant(jpegBytes: Buffer, x: number, y: number): Promise<'r' | 'g' | 'b'> {
  const { data, info } = await sharp(jpegBytes).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
  return r > g && r > b ? 'r' : g > b ? 'g' : 'b';
}

describe('stitching: blade path panoramas as jobs, placements, projected defects, offsets, failures', () => {
  let h: InspectionHarness;
  let insp: Body;
  const ids: string[] = [];
  let defectId: string;
  let panoramaId: string;

  const panoramaRows = async () =>
    h.sql('SELECT id, status, version, offsets, pixel_size_mm FROM inspection.panoramas ORDER BY created_at');
  const waitFor = (id: string, version: number, status = 'done') =>
    eventually(async () => {
      const p = (await h.api(`${BASE}/panoramas/${id}`)).body;
      if (p.version === version && (p.status === 'failed' || p.status === 'done')) {
        assert.equal(p.status, status, JSON.stringify(p));
        return p;
      }
      return null;
    }, 30000);

  before(async () => {
    h = await InspectionHarness.start();
    const park = await h.park('Dogger');
    const turbine = await h.turbine(park.parkId, 'WTG-01', 80);
    insp = await h.inspection(turbine, '2025-06-01');
    // Blade 1, leading edge (view 5): red at 1 m, green at 2 m, blue at 3 m; one inactive photo that must not show.
    const colours: [number, number, number][] = [
      [220, 30, 30],
      [30, 200, 30],
      [30, 30, 220],
    ];
    for (let i = 0; i < 3; i++) {
      const r = await h.upload(insp.inspectionId, await photo(...colours[i]!), `p${i}.jpg`, {
        bladePosition: 1,
        path: 5,
        chamber: 0,
        sortIndex: i + 1,
        distanceToRoot: String(i + 1),
      });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      ids.push(r.body.imageId);
    }
    const off = await h.upload(insp.inspectionId, await photo(250, 250, 250), 'off.jpg', {
      bladePosition: 1,
      path: 5,
      sortIndex: 9,
      isActive: 'false',
    });
    assert.equal(off.status, 201);
    const d = await h.api(`${BASE}/inspections/${insp.inspectionId}/defects`, {
      method: 'POST',
      json: {
        imageId: ids[1],
        defectType: 'Erosion',
        severity: 3,
        polygon: [
          [100, 100],
          [200, 100],
          [150, 300],
        ],
      },
    });
    assert.equal(d.status, 201, JSON.stringify(d.body));
    defectId = d.body.defectId;
  });
  after(async () => h?.stop());

  test('stitches three photos along the blade by distance to root: placements, projected defect, JPEG, thumbnail, tiles, event', async () => {
    const r = await h.api(`${BASE}/inspections/${insp.inspectionId}/panoramas`, {
      method: 'POST',
      json: { bladePosition: 1, pathViewIndex: 5, pixelSizeMm: 2 },
    });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.ok(r.body.jobId);
    assert.equal(r.body.version, 1);
    panoramaId = r.body.panoramaId;
    const p = await waitFor(panoramaId, 1);
    // 2 mm/px: 1 m = 500 px; 600 px photos centred at 500, 1000, 1500 px → start at 0, 500, 1000.
    assert.deepEqual([p.width, p.height, p.scale, p.imageCount, p.pixelSizeMm, p.pipelineState], [1600, 400, 1, 3, 2, 5]);
    assert.deepEqual(
      p.placements.map((x: Body) => [x.imageId, x.x, x.y, x.width, x.height]),
      [
        [ids[0], 0, 0, 600, 400],
        [ids[1], 500, 0, 600, 400],
        [ids[2], 1000, 0, 600, 400],
      ],
    );
    assert.equal(p.defects.length, 1);
    assert.equal(p.defects[0].defectId, defectId);
    assert.deepEqual(p.defects[0].polygon, [
      [600, 100],
      [700, 100],
      [650, 300],
    ]);
    // The JPEG: later photos cover earlier ones where they overlap (sort order).
    const jpg = await h.api(p.panoUri);
    assert.equal(jpg.status, 200);
    const meta = await sharp(jpg.bytes).metadata();
    assert.deepEqual([meta.width, meta.height], [1600, 400]);
    assert.deepEqual(await Promise.all([250, 550, 800, 1050, 1400].map((x) => dominant(jpg.bytes, x, 200))), ['r', 'g', 'g', 'b', 'b']);
    const dzi = await h.api(p.dziUri);
    assert.equal(dzi.status, 200);
    assert.match(dzi.bytes.toString(), /TileSize="256"[\s\S]*Height="400"[\s\S]*Width="1600"/);
    assert.equal(dzi.headers.get('cache-control'), 'private, max-age=86400, immutable');
    // 1600 px → levels 0..11; level 11 is full size: 7 × 2 tiles of 256.
    const tile = await h.api(`${BASE}/panoramas/${panoramaId}/image_files/11/6_1.jpeg?v=1`);
    assert.equal(tile.status, 200);
    assert.deepEqual([...tile.bytes.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    assert.equal((await h.api(`${BASE}/panoramas/${panoramaId}/image_files/11/7_0.jpeg?v=1`)).status, 404);
    assert.equal((await h.api(`${BASE}/panoramas/${panoramaId}/image_files/11/..%2F..%2Fpanorama.jpg`)).status, 404);
    assert.equal((await h.api(`${BASE}/panoramas/${panoramaId}/image_files/11/0_0.jpeg?v=1`, { token: null })).status, 401);
    const thumb = await h.api(p.thumbUri);
    assert.equal(thumb.status, 200);
    assert.equal((await sharp(thumb.bytes).metadata()).width, 320);
    const list = (await h.api(`${BASE}/inspections/${insp.inspectionId}/panoramas`)).body;
    assert.deepEqual(
      list.results.map((x: Body) => [x.panoramaId, x.status, x.progress]),
      [[panoramaId, 'done', 100]],
    );
    // The paths module's row of this path shows the panorama (SPEC §3 CVPanoUri), where that table exists.
    const [{ t: pathsTable }] = await h.sql("SELECT to_regclass('inspection.paths') AS t");
    if (pathsTable) {
      const [row] = await h.sql(
        'SELECT cv_pano_uri, cv_pano_thumb_uri FROM inspection.paths WHERE inspection_id = $1 AND blade_position = 1 AND path_view_index = 5 AND chamber = 0',
        [insp.inspectionId],
      );
      assert.deepEqual(row, { cv_pano_uri: p.dziUri, cv_pano_thumb_uri: p.thumbUri });
    }
    const ev = await eventually(async () => (await h.published(EventTypes.InspectionPanoramaCompleted)).at(-1));
    assert.deepEqual(ev.payload, {
      panoramaId,
      inspectionId: insp.inspectionId,
      bladePosition: 1,
      pathViewIndex: 5,
      chamber: 0,
      width: 1600,
      height: 400,
      imageCount: 3,
      panoUri: `${BASE}/panoramas/${panoramaId}/image.dzi?v=1`,
      panoThumbUri: `${BASE}/panoramas/${panoramaId}/thumbnail?v=1`,
    });
  });

  test('manual offsets re-stitch: the photo and its defect move, the previous run is gone', async () => {
    const r = await h.api(`${BASE}/panoramas/${panoramaId}/offsets`, {
      method: 'PUT',
      json: { offsets: { [ids[1]!]: { dx: 40, dy: -10 } } },
    });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.equal(r.body.version, 2);
    const p = await waitFor(panoramaId, 2);
    // Green moves 40 right and 10 up: everything else moves 10 down, the panorama grows to 410 px.
    assert.deepEqual(
      p.placements.map((x: Body) => [x.x, x.y]),
      [
        [0, 10],
        [540, 0],
        [1000, 10],
      ],
    );
    assert.deepEqual([p.width, p.height], [1600, 410]);
    assert.deepEqual(p.offsets, { [ids[1]!]: { dx: 40, dy: -10 } });
    assert.deepEqual(p.defects[0].polygon, [
      [640, 100],
      [740, 100],
      [690, 300],
    ]);
    assert.equal((await h.api(`${BASE}/panoramas/${panoramaId}/image.dzi?v=1`)).status, 404);
    assert.equal((await h.api(`${BASE}/panoramas/${panoramaId}/image.dzi?v=2`)).status, 200);
    assert.equal((await h.api(`${BASE}/panoramas/${panoramaId}/image.dzi`)).headers.get('cache-control'), 'private, no-cache');
    const [{ t: pathsTable }] = await h.sql("SELECT to_regclass('inspection.paths') AS t");
    if (pathsTable) {
      const [row] = await h.sql(
        'SELECT cv_pano_uri FROM inspection.paths WHERE inspection_id = $1 AND blade_position = 1 AND path_view_index = 5',
        [insp.inspectionId],
      );
      assert.equal(row.cv_pano_uri, `${BASE}/panoramas/${panoramaId}/image.dzi?v=2`);
    }
    // The previous run's files go once the new run has committed (the worker removes them after
    // its transaction, so readers of v1 never met a half-removed run): the answer can come first.
    const runs = () => readdir(path.join(h.filesDir, 'inspection', 'panoramas', insp.inspectionId, panoramaId));
    await eventually(async () => (await runs()).join() === 'v2', 10000).catch(() => undefined);
    assert.deepEqual(await runs(), ['v2']);
    // Re-stitching through POST keeps the stored pixel size and offsets when the request names none.
    const again = await h.api(`${BASE}/inspections/${insp.inspectionId}/panoramas`, {
      method: 'POST',
      json: { bladePosition: 1, pathViewIndex: 5 },
    });
    assert.deepEqual([again.status, again.body.panoramaId, again.body.version], [202, panoramaId, 3]);
    const p3 = await waitFor(panoramaId, 3);
    assert.deepEqual([p3.pixelSizeMm, p3.width, p3.height, p3.placements[1].x], [2, 1600, 410, 540]);
  });

  test('bad requests are refused and change nothing: offsets of another path, bad pixel size, bad blade', async () => {
    const other = await h.upload(insp.inspectionId, await jpeg(300, 200), 'o.jpg', { bladePosition: 2, path: 5 });
    const before = await panoramaRows();
    const foreign = await h.api(`${BASE}/panoramas/${panoramaId}/offsets`, {
      method: 'PUT',
      json: { offsets: { [other.body.imageId]: { dx: 5, dy: 0 } } },
    });
    assert.deepEqual([foreign.status, foreign.body.code], [400, 'VALIDATION_FAILED']);
    const fraction = await h.api(`${BASE}/panoramas/${panoramaId}/offsets`, {
      method: 'PUT',
      json: { offsets: { [ids[0]!]: { dx: 1.5, dy: 0 } } },
    });
    assert.equal(fraction.body.code, 'VALIDATION_FAILED');
    const far = await h.api(`${BASE}/panoramas/${panoramaId}/offsets`, {
      method: 'PUT',
      json: { offsets: { [ids[0]!]: { dx: 100001, dy: 0 } } },
    });
    assert.equal(far.body.code, 'VALIDATION_FAILED');
    for (const json of [
      { bladePosition: 1, pathViewIndex: 5, pixelSizeMm: 0 },
      { bladePosition: 1, pathViewIndex: 5, pixelSizeMm: 'x' },
      { bladePosition: 4, pathViewIndex: 5 },
      { bladePosition: 1, pathViewIndex: 9 },
      { bladePosition: 1 },
    ]) {
      const r = await h.api(`${BASE}/inspections/${insp.inspectionId}/panoramas`, { method: 'POST', json });
      assert.deepEqual([r.status, r.body.code], [400, 'VALIDATION_FAILED'], JSON.stringify(json));
    }
    assert.deepEqual(await panoramaRows(), before);
  });

  test('a path without active photos is refused with -11005 and nothing is stored', async () => {
    const before = await panoramaRows();
    const completed = (await h.published(EventTypes.InspectionPanoramaCompleted)).length;
    // Blade 3 has no photo; blade 1 path 5 chamber 1 neither; an inactive photo alone does not count.
    const inactive = await h.upload(insp.inspectionId, await jpeg(300, 200), 'i.jpg', { bladePosition: 3, path: 6, isActive: 'false' });
    assert.equal(inactive.status, 201);
    for (const json of [
      { bladePosition: 3, pathViewIndex: 6 },
      { bladePosition: 1, pathViewIndex: 5, chamber: 1 },
    ]) {
      const r = await h.api(`${BASE}/inspections/${insp.inspectionId}/panoramas`, { method: 'POST', json, locale: 'zh_cn' });
      assert.deepEqual([r.status, r.body.code, r.body.message], [400, -11005, errorText(-11005, 'zh_cn')]);
    }
    assert.deepEqual(await panoramaRows(), before);
    assert.equal((await h.published(EventTypes.InspectionPanoramaCompleted)).length, completed);
    assert.equal((await h.api(`${BASE}/panoramas/${panoramaId}/image.dzi?v=3`)).status, 200);
  });

  test('an unreadable photo fails the run with -11005 (recorded, announced, no files); fixing it and stitching again succeeds', async () => {
    const good = await h.upload(insp.inspectionId, await photo(200, 40, 40, 300, 200), 'g.jpg', {
      bladePosition: 2,
      path: 7,
      sortIndex: 1,
    });
    const bad = await h.upload(insp.inspectionId, await photo(40, 200, 40, 300, 200), 'b.jpg', { bladePosition: 2, path: 7, sortIndex: 2 });
    // The stored original is damaged after the upload was accepted (disk fault, partial copy).
    const file = path.join(h.filesDir, 'inspection', 'images', insp.inspectionId, bad.body.imageId, 'original.jpg');
    await writeFile(file, Buffer.from('not a jpeg any more'));
    const r = await h.api(`${BASE}/inspections/${insp.inspectionId}/panoramas`, {
      method: 'POST',
      json: { bladePosition: 2, pathViewIndex: 7 },
    });
    assert.equal(r.status, 202);
    const p = await waitFor(r.body.panoramaId, 1, 'failed');
    assert.equal(p.errorCode, -11005);
    assert.match(p.errorMessage, new RegExp(bad.body.imageId));
    assert.deepEqual([p.dziUri, p.width, p.placements.length, p.pipelineState], [null, null, 0, null]);
    assert.equal((await h.api(`${BASE}/panoramas/${r.body.panoramaId}/image.dzi?v=1`)).status, 404);
    assert.equal((await h.api(`${BASE}/panoramas/${r.body.panoramaId}/thumbnail`)).status, 404);
    const ev = await eventually(async () =>
      (await h.published(EventTypes.InspectionPanoramaFailed)).find((e: Body) => e.payload.panoramaId === r.body.panoramaId),
    );
    assert.equal(ev.payload.errorCode, -11005);
    // The failed run's files are removed after its outcome is committed (as a superseded run's are).
    const left = () =>
      readdir(path.join(h.filesDir, 'inspection', 'panoramas', insp.inspectionId, r.body.panoramaId), { recursive: true }).catch(() => []);
    await eventually(async () => (await left()).length === 0, 10000).catch(() => undefined);
    assert.deepEqual(await left(), []);
    // Without the broken photo (deactivated) the path stitches.
    await h.api(`${BASE}/images/${bad.body.imageId}`, { method: 'PATCH', json: { isActive: false } });
    const again = await h.api(`${BASE}/inspections/${insp.inspectionId}/panoramas`, {
      method: 'POST',
      json: { bladePosition: 2, pathViewIndex: 7 },
    });
    const ok = await waitFor(again.body.panoramaId, 2);
    assert.deepEqual(
      ok.placements.map((x: Body) => x.imageId),
      [good.body.imageId],
    );
    assert.equal(ok.errorCode, null);
  });

  test('rights: reviewers (qa.edit) and the component editor stitch; other editors, readers and other customers do not', async () => {
    const before = await panoramaRows();
    const body = { method: 'POST', json: { bladePosition: 1, pathViewIndex: 5 } } as const;
    const url = `${BASE}/inspections/${insp.inspectionId}/panoramas`;
    const towerOnly = await h.api(url, { ...body, token: await h.token({ rights: [Rights.TOWER_EDIT] }) });
    assert.deepEqual([towerOnly.status, towerOnly.body.code], [403, 'NO_ACCESS_RIGHTS']);
    const reader = await h.token({ rights: [Rights.BLADE_SHOW] });
    assert.equal((await h.api(url, { ...body, token: reader })).status, 403);
    assert.equal(
      (await h.api(`${BASE}/panoramas/${panoramaId}/offsets`, { method: 'PUT', json: { offsets: {} }, token: reader })).status,
      403,
    );
    const stranger = await h.token({ rights: [Rights.QA_EDIT], cid: [randomUUID()] });
    assert.equal((await h.api(url, { ...body, token: stranger })).status, 404);
    assert.equal((await h.api(`${BASE}/panoramas/${panoramaId}`, { token: stranger })).status, 404);
    assert.equal((await h.api(`${BASE}/panoramas/${panoramaId}/thumbnail`, { token: stranger })).status, 404);
    assert.deepEqual(await panoramaRows(), before);
    // Reads need no edit right.
    assert.equal((await h.api(`${BASE}/panoramas/${panoramaId}`, { token: reader })).status, 200);
    const reviewer = await h.api(url, { ...body, token: await h.token({ rights: [Rights.QA_EDIT] }) });
    assert.equal(reviewer.status, 202);
    await waitFor(panoramaId, reviewer.body.version);
    const editor = await h.api(`${BASE}/panoramas/${panoramaId}/offsets`, {
      method: 'PUT',
      json: { offsets: {} },
      token: await h.token({ rights: [Rights.BLADE_EDIT] }),
    });
    assert.equal(editor.status, 202);
    const p = await waitFor(panoramaId, editor.body.version);
    assert.deepEqual([p.offsets, p.height], [{}, 400]);
  });
});
