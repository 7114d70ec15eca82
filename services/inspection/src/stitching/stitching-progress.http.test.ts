import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { EventTypes } from '@windward/contracts';
import { EventPublisher } from '@windward/service-kit';
import { eventually } from '@windward/service-kit/testing';
import { InspectionHarness, type Body } from '../testing/inspection-harness.js';
import { announceStitching } from './stitching-progress.js';

const BASE = '/gw/inspection/api/v2';

/** inspection.stitching.changed: task-flow refuses to complete stitching while a blade path is not stitched. */
describe('stitching progress announced to task-flow', () => {
  let h: InspectionHarness;
  let inspectionId: string;

  before(async () => {
    h = await InspectionHarness.start();
    const park = await h.park('Hornsea Progress');
    const turbine = await h.turbine(park.parkId, 'HP-01', 80);
    inspectionId = (await h.inspection(turbine, '2025-06-01')).inspectionId;
  });
  after(async () => h?.stop());

  const announced = async () =>
    (await h.published(EventTypes.InspectionStitchingChanged))
      .filter((e: Body) => e.payload.inspectionId === inspectionId)
      .map((e: Body) => [e.payload.pathCount, e.payload.stitchedPathCount]);

  test('the paths of the processed photos, then each path as its panorama is queued and done', async () => {
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 90, g: 120, b: 150 } } }).jpeg().toBuffer();
    // Blade 1 leading edge (two photos), blade 2 trailing edge (one), and an inactive photo of blade 3 (no path to stitch).
    for (const [blade, path, sortIndex, active] of [
      [1, 5, 1, true],
      [1, 5, 2, true],
      [2, 6, 1, true],
      [3, 5, 1, false],
    ] as const) {
      const r = await h.upload(inspectionId, photo, `b${blade}-${path}-${sortIndex}.jpg`, {
        bladePosition: blade,
        path,
        chamber: 0,
        sortIndex,
        distanceToRoot: String(sortIndex),
        ...(active ? {} : { isActive: 'false' }),
      });
      assert.equal(r.status, 201, JSON.stringify(r.body));
    }
    await eventually(async () => (await announced()).length > 0, 30000);
    assert.deepEqual((await announced()).at(-1), [2, 0]);

    const r = await h.api(`${BASE}/inspections/${inspectionId}/panoramas`, { method: 'POST', json: { bladePosition: 1, pathViewIndex: 5, pixelSizeMm: 2 } });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    await eventually(async () => JSON.stringify((await announced()).at(-1)) === JSON.stringify([2, 1]), 30000);
    // Stitched again: not stitched until the new run is done, then stitched again.
    const again = await h.api(`${BASE}/panoramas/${r.body.panoramaId}/offsets`, { method: 'PUT', json: { offsets: {} } });
    assert.ok(again.status < 300, JSON.stringify(again.body));
    await eventually(async () => {
      const all = await announced();
      const i = all.findIndex((x, n) => n > 0 && x[1] === 0 && all[n - 1]![1] === 1);
      return i > 0 && JSON.stringify(all.at(-1)) === JSON.stringify([2, 1]);
    }, 30000);
  });

  test('photos changed after stitching (activated, moved, deleted) announce the paths again', async () => {
    const images: Body[] = (await h.api(`${BASE}/inspections/${inspectionId}/images?pageSize=100`)).body.results;
    const blade3 = images.find((i) => i.bladePosition === 3)!;
    const last = async () => JSON.stringify((await announced()).at(-1));
    // The inactive blade 3 photo becomes active: a third path, not stitched (task-flow would refuse again).
    let r = await h.api(`${BASE}/images/${blade3.imageId}`, { method: 'PATCH', json: { isActive: true } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    await eventually(async () => (await last()) === JSON.stringify([3, 1]), 30000);
    // Moved onto the stitched path: two paths again, one stitched.
    r = await h.api(`${BASE}/images/${blade3.imageId}`, { method: 'PATCH', json: { bladePosition: 2, path: 6 } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    await eventually(async () => (await last()) === JSON.stringify([2, 1]), 30000);
    // Blade 2's photos deleted: only the stitched path is left.
    for (const img of images.filter((i) => i.bladePosition === 2).concat(blade3)) {
      r = await h.api(`${BASE}/images/${img.imageId}`, { method: 'DELETE' });
      assert.equal(r.status, 204, JSON.stringify(r.body));
    }
    await eventually(async () => (await last()) === JSON.stringify([1, 1]), 30000);
  });

  test('two transactions announcing at once: the one that commits last counts after the other committed', async () => {
    // State from the test before: one path, stitched. T1 takes its panorama back to "queued"
    // and announces [1, 0] but has not committed when T2 announces. T2 must wait for T1: counted
    // from its own snapshot it would announce [1, 1], last, although the path is not stitched.
    const ds = h.svc.app.get(DataSource);
    const events = h.svc.app.get(EventPublisher);
    const [t1, t2] = [ds.createQueryRunner(), ds.createQueryRunner()];
    await t1.startTransaction();
    await t2.startTransaction();
    try {
      await t1.manager.query(`UPDATE inspection.panoramas SET status = 'queued' WHERE inspection_id = $1`, [inspectionId]);
      await announceStitching(t1.manager, events, inspectionId);
      let t2Announced = false;
      const second = announceStitching(t2.manager, events, inspectionId).then(() => (t2Announced = true));
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(t2Announced, false, 'the second announcement waits for the first transaction');
      await t1.commitTransaction();
      await second;
      await t2.commitTransaction();
    } finally {
      for (const t of [t1, t2]) {
        if (t.isTransactionActive) await t.rollbackTransaction();
        await t.release();
      }
    }
    assert.deepEqual((await announced()).slice(-2), [
      [1, 0],
      [1, 0],
    ]);
  });
});
