import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { EventTypes, type UploadCompletedPayload, type UploadManifest } from '@windward/contracts';
import { LocalFileStore } from '@windward/service-kit';
import { eventually } from '@windward/service-kit/testing';
import { InspectionHarness, jpeg, png, type Body } from '../testing/inspection-harness.js';

const API = '/gw/inspection/api/v2';

/** import.upload.completed (as import publishes it) → an inspection with the upload's photographs and tiles. */
describe('ingest of completed drone uploads', () => {
  let h: InspectionHarness;
  let parkId: string;
  let shared: LocalFileStore;

  /** Puts photos and their manifest into the shared store as import's verification does; returns the event payload. */
  const upload = async (
    turbineId: string,
    turbineName: string,
    date: string,
    photos: { bytes: Buffer; name: string; blade: number; path: number; chamber: number | null; sort: number }[],
  ) => {
    const uploadTaskId = randomUUID();
    const images = [];
    for (const [i, p] of photos.entries()) {
      const format = p.bytes[0] === 0x89 ? 'png' : 'jpeg';
      const fileKey = `uploads/${uploadTaskId}/images/${String(i + 1).padStart(5, '0')}.${format === 'png' ? 'png' : 'jpg'}`;
      await shared.put(fileKey, p.bytes);
      images.push({
        fileKey,
        fileName: p.name,
        entryName: `B${p.blade}/P${p.path}/${p.name}`,
        format,
        sizeBytes: p.bytes.length,
        width: 600,
        height: 400,
        bladePosition: p.blade,
        path: p.path,
        chamber: p.chamber,
        sortIndex: p.sort,
      } as const);
    }
    const manifest: UploadManifest = {
      version: 1,
      uploadTaskId,
      windfarmId: parkId,
      turbineId,
      turbineName,
      inspectionDate: date,
      packageType: 1,
      images,
    };
    await shared.put(`uploads/${uploadTaskId}/manifest.json`, Buffer.from(JSON.stringify(manifest)));
    const payload: UploadCompletedPayload = {
      uploadTaskId,
      uploadFileUri: `filestore:uploads/${uploadTaskId}/manifest.json`,
      droneId: 'M300-1',
      windfarmId: parkId,
      turbineId,
      turbineName,
      inspectionDate: `${date}T00:00:00.000Z`,
      packageType: 1,
      campaignId: null,
    };
    return payload;
  };
  const ingest = (id: string) =>
    eventually(async () => {
      const r = await h.api(`${API}/ingests/${id}`);
      return r.status === 200 && ['done', 'failed'].includes(r.body.status) ? r.body : null;
    }, 20000);
  const inspectionsOf = async (turbineId: string): Promise<Body[]> =>
    (await h.api(`${API}/inspections?turbineId=${turbineId}&pageSize=100`)).body.results;
  const imageDirs = async (inspectionId: string) => readdir(path.join(h.filesDir, 'inspection', 'images', inspectionId)).catch(() => []);

  before(async () => {
    h = await InspectionHarness.start();
    shared = new LocalFileStore(h.filesDir);
    ({ parkId } = await h.park('Gode Wind'));
  });
  after(async () => h?.stop());

  test('an upload becomes one inspection with every photo placed, tiled, announced with its uploadTaskId; redelivery adds nothing', async () => {
    const turbineId = await h.turbine(parkId, 'GW-01');
    const [a, b, c] = await Promise.all([jpeg(), jpeg(640, 480), png()]);
    const p = await upload(turbineId, 'GW-01', '2026-03-05', [
      { bytes: a, name: 'DJI_0002.JPG', blade: 1, path: 5, chamber: null, sort: 1 },
      { bytes: b, name: 'DJI_0010.JPG', blade: 1, path: 5, chamber: null, sort: 2 },
      { bytes: c, name: 'inner.png', blade: 2, path: 1, chamber: -1, sort: 1 },
    ]);
    await h.publish(EventTypes.ImportUploadCompleted, p.uploadTaskId, p);
    const done = await ingest(p.uploadTaskId);
    assert.equal(done.status, 'done', JSON.stringify(done.error));
    assert.equal(done.imageCount, 3);

    const [insp] = await inspectionsOf(turbineId);
    assert.equal(insp.inspectionId, done.inspectionId);
    assert.deepEqual(
      [insp.inspectionDate, insp.packageType, insp.componentType, insp.deviceId, insp.imageCount],
      ['2026-03-05', 1, 1, 'M300-1', 3],
    );
    const created = (await h.published('inspection.inspection.created')).filter((e: Body) => e.payload.inspectionId === insp.inspectionId);
    assert.equal(created.length, 1);
    assert.equal(created[0].payload.uploadTaskId, p.uploadTaskId);

    const images = (await h.api(`${API}/inspections/${insp.inspectionId}/images`)).body.results;
    assert.deepEqual(
      images.map((i: Body) => [i.fileName, i.bladePosition, i.pathViewIndex, i.chamber, i.sortIndex, i.format]),
      [
        ['DJI_0002.JPG', 1, 5, 0, 1, 'jpeg'],
        ['DJI_0010.JPG', 1, 5, 0, 2, 'jpeg'],
        ['inner.png', 2, 1, -1, 1, 'png'],
      ],
    );
    const original = await h.api(`${API}/images/${images[1].imageId}/original`);
    assert.deepEqual(original.bytes, b);
    // Tiles as jobs, then inspection.images.processed exactly as for uploaded photos.
    const processed = await eventually(async () => {
      const evs = (await h.published('inspection.images.processed')).filter((e: Body) => e.payload.inspectionId === insp.inspectionId);
      return evs.length ? evs : null;
    }, 30000);
    assert.deepEqual(
      processed.map((e: Body) => e.payload),
      [{ inspectionId: insp.inspectionId, imageCount: 3, pathCount: 2 }],
    );
    const tiled = (await h.api(`${API}/inspections/${insp.inspectionId}/images`)).body.results;
    assert.ok(tiled.every((i: Body) => i.tileStatus === 'done' && i.dziUri));
    assert.equal((await h.api(`${API}/images/${tiled[0].imageId}/image_files/0/0_0.jpeg`)).status, 200);

    // The same upload announced again (a replayed or re-published event: a new event id) changes nothing.
    await h.publish(EventTypes.ImportUploadCompleted, p.uploadTaskId, p);
    await eventually(
      async () =>
        (await h.sql(`SELECT count(*)::int AS n FROM inspection.handled_event WHERE type = 'import.upload.completed'`))[0].n === 2,
    );
    assert.equal((await inspectionsOf(turbineId)).length, 1);
    assert.equal((await h.sql('SELECT count(*)::int AS n FROM inspection.image WHERE inspection_id = $1', [insp.inspectionId]))[0].n, 3);
    assert.equal(
      (await h.published('inspection.inspection.created')).filter((e: Body) => e.payload.uploadTaskId === p.uploadTaskId).length,
      1,
    );
  });

  test('an upload that cannot become an inspection is recorded as failed and leaves nothing behind', async () => {
    const turbineId = await h.turbine(parkId, 'GW-02');
    const existing = await h.inspection(turbineId, '2026-03-06');
    const good = await jpeg();
    // Same turbine and day as an existing inspection: the same-day rule (-10009).
    const sameDay = await upload(turbineId, 'GW-02', '2026-03-06', [
      { bytes: good, name: 'a.jpg', blade: 1, path: 1, chamber: null, sort: 1 },
    ]);
    // A photo that does not decode (import verified it, the store lost half of it since): -11002.
    const broken = await upload(turbineId, 'GW-02', '2026-03-07', [
      { bytes: good, name: 'a.jpg', blade: 1, path: 1, chamber: null, sort: 1 },
      { bytes: good.subarray(0, Math.floor(good.length / 2)), name: 'b.jpg', blade: 1, path: 1, chamber: null, sort: 2 },
    ]);
    // A turbine the park does not have.
    const unknown = await upload(randomUUID(), 'GW-404', '2026-03-08', [
      { bytes: good, name: 'a.jpg', blade: 1, path: 1, chamber: null, sort: 1 },
    ]);
    const cases: [UploadCompletedPayload, string | number][] = [
      [sameDay, -10009],
      [broken, -11002],
      [unknown, 'TURBINE_NOT_IN_WIND_PARK'],
    ];
    for (const [p, code] of cases) {
      await h.publish(EventTypes.ImportUploadCompleted, p.uploadTaskId, p);
      const r = await ingest(p.uploadTaskId);
      assert.equal(r.status, 'failed');
      assert.equal(r.error.code, code);
      assert.equal(r.inspectionId, null);
    }
    const all = await inspectionsOf(turbineId);
    assert.deepEqual(
      all.map((i: Body) => i.inspectionId),
      [existing.inspectionId],
    );
    assert.equal(
      (
        await h.sql(
          'SELECT count(*)::int AS n FROM inspection.image i JOIN inspection.inspection n ON n.id = i.inspection_id WHERE n.turbine_id = $1',
          [turbineId],
        )
      )[0].n,
      0,
    );
    const dirs = await readdir(path.join(h.filesDir, 'inspection', 'images')).catch(() => [] as string[]);
    for (const d of dirs)
      assert.deepEqual(
        (await imageDirs(d)).sort(),
        (await h.sql('SELECT id FROM inspection.image WHERE inspection_id = $1', [d])).map((r: Body) => r.id).sort(),
        'no orphan photos',
      );
    assert.equal(
      (await h.published('inspection.inspection.created')).filter((e: Body) =>
        [sameDay, broken, unknown].some((p) => p.uploadTaskId === e.payload.uploadTaskId),
      ).length,
      0,
    );
  });
});
