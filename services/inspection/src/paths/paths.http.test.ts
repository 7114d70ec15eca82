import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventTypes, Rights, errorText } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { InspectionHarness, jpeg, type Body } from '../testing/inspection-harness.js';

const BASE = '/gw/inspection/api/v2';

describe('paths: the sort-and-remove task, saving a path, every refusal leaves everything unchanged', () => {
  let h: InspectionHarness;
  let turbineId: string;
  let photo: Buffer;

  before(async () => {
    h = await InspectionHarness.start();
    const park = await h.park('Hornsea');
    turbineId = await h.turbine(park.parkId, 'WTG-07', 80);
    photo = await jpeg(120, 80);
  });
  after(async () => h?.stop());

  const task = async (inspectionId: string, token?: string) => {
    const r = await h.api(`${BASE}/inspections/${inspectionId}/sort-and-remove`, token ? { token } : {});
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body;
  };
  const save = (inspectionId: string, pathGuid: string, images: Body[], init: { token?: string; locale?: string } = {}) =>
    h.api(`${BASE}/inspections/${inspectionId}/paths/${pathGuid}`, { method: 'PUT', json: { images }, ...init });
  const add = async (inspectionId: string, fields: Record<string, string | number>) => {
    const r = await h.upload(inspectionId, photo, 'p.jpg', fields);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.imageId as string;
  };
  /** Everything a save could change: image placement and attributes, path flags, published saves. */
  const snapshot = async (inspectionId: string) => {
    const images = await h.sql(
      `SELECT id, blade_position, path, chamber, sort_index, is_active, key_part_tag, distance_to_root
       FROM inspection.image WHERE inspection_id = $1 ORDER BY id`,
      [inspectionId],
    );
    const paths = await h.sql(`SELECT id, saved, saved_at, saved_by FROM inspection.paths WHERE inspection_id = $1 ORDER BY id`, [
      inspectionId,
    ]);
    const outbox = await h.sql(`SELECT count(*)::int AS n FROM inspection.outbox WHERE type = $1`, [EventTypes.InspectionPathSaved]);
    const bus = await h.sql(`SELECT count(*)::int AS n FROM bus.event WHERE type = $1`, [EventTypes.InspectionPathSaved]);
    return JSON.stringify({ images, paths, events: outbox[0].n + bus[0].n });
  };
  const pathOf = (t: Body, blade: number, view: number, chamber = 0) =>
    t.paths.find((p: Body) => p.bladePosition === blade && p.pathViewIndex === view && p.chamber === chamber);
  const ids = (p: Body) => p.images.map((i: Body) => i.guid);

  test('paths are made as images arrive and listed in gallery order with every image by sort index', async () => {
    const insp = await h.inspection(turbineId, '2025-07-01');
    const te = await add(insp.inspectionId, { bladePosition: 1, path: 7 });
    const le2 = await add(insp.inspectionId, { bladePosition: 1, path: 5, sortIndex: 2 });
    const le0 = await add(insp.inspectionId, { bladePosition: 1, path: 5, sortIndex: 0, isActive: 'false', distanceToRoot: '12.5' });
    const le1 = await add(insp.inspectionId, { bladePosition: 1, path: 5, sortIndex: 1, keyPartTag: 'tip' });
    const b2 = await add(insp.inspectionId, { bladePosition: 2, path: 5, chamber: 1 });
    // The rows exist before anyone lists them (stitching reads them).
    const rows = await h.sql(`SELECT count(*)::int AS n FROM inspection.paths WHERE inspection_id = $1`, [insp.inspectionId]);
    assert.equal(rows[0].n, 3);

    const t = await task(insp.inspectionId);
    assert.deepEqual([t.windfarmName, t.turbineName, t.inspectionTime, t.spentTime], ['Hornsea', 'WTG-07', '2025-07-01', null]);
    assert.deepEqual(
      t.paths.map((p: Body) => [p.bladePosition, p.pathViewIndex, p.chamber]),
      [
        [1, 5, 0],
        [1, 7, 0],
        [2, 5, 1],
      ],
    );
    const le = pathOf(t, 1, 5);
    assert.deepEqual(ids(le), [le0, le1, le2]);
    assert.deepEqual(ids(pathOf(t, 1, 7)), [te]);
    assert.deepEqual(ids(pathOf(t, 2, 5, 1)), [b2]);
    assert.deepEqual(
      le.images.map((i: Body) => [i.isActive, i.distanceToRoot, i.keyPartTag]),
      [
        [false, 12.5, null],
        [true, null, 'tip'],
        [true, null, null],
      ],
    );
    assert.deepEqual([le.bladeSerialNo, le.bladeLength, le.saved, le.CVPanoUri, le.CVPanoThumbUri], ['WTG-07-1', 80, false, null, null]);
    assert.match(le.bladeGuid, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(pathOf(t, 1, 7).bladeGuid, le.bladeGuid, 'one blade, one guid');
    assert.notEqual(pathOf(t, 2, 5, 1).bladeGuid, le.bladeGuid);
    assert.equal(le.images[0].uri, `${BASE}/images/${le0}/original`);
    // Stable ids: a second listing gives the same path guids.
    assert.deepEqual(
      (await task(insp.inspectionId)).paths.map((p: Body) => p.pathGuid),
      t.paths.map((p: Body) => p.pathGuid),
    );
  });

  test('saving reorders, (de)activates, sets distance and tag of edited images only, and publishes inspection.path.saved', async () => {
    const insp = await h.inspection(turbineId, '2025-07-02');
    const a = await add(insp.inspectionId, { bladePosition: 1, path: 5, sortIndex: 0 });
    const b = await add(insp.inspectionId, { bladePosition: 1, path: 5, sortIndex: 1 });
    const c = await add(insp.inspectionId, { bladePosition: 1, path: 5, sortIndex: 2, keyPartTag: 'keep' });
    const other = await add(insp.inspectionId, { bladePosition: 1, path: 7 });
    // Tiling runs as a job: let it finish, so that only the save changes what the task lists below.
    await eventually(async () => (await h.sql(`SELECT 1 FROM inspection.image WHERE inspection_id = $1 AND tile_status <> 'done'`, [insp.inspectionId])).length === 0, 30000);
    const t = await task(insp.inspectionId);
    const le = pathOf(t, 1, 5);
    const r = await save(insp.inspectionId, le.pathGuid, [
      { guid: c, sortIndex: 0, isEdit: true, isActive: false, distanceToRoot: '79.99', keyPartTag: ' root ' },
      { guid: a, sortIndex: 1, isEdit: false, isActive: false, keyPartTag: 'ignored' },
      { guid: b, sortIndex: 2, isEdit: true, distanceToRoot: -5 },
    ]);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const after = pathOf(r.body, 1, 5);
    assert.deepEqual(ids(after), [c, a, b]);
    assert.deepEqual(
      after.images.map((i: Body) => [i.sortIndex, i.isActive, i.distanceToRoot, i.keyPartTag]),
      [
        [0, false, 79.99, 'root'],
        [1, true, null, null],
        [2, true, -5, null],
      ],
    );
    assert.equal(after.saved, true);
    assert.ok(after.savedAt);
    assert.equal(pathOf(r.body, 1, 7).saved, false);
    assert.deepEqual(await task(insp.inspectionId), r.body);
    const ev = (await h.published(EventTypes.InspectionPathSaved)).filter((e: Body) => e.payload.inspectionId === insp.inspectionId);
    assert.equal(ev.length, 1);
    assert.deepEqual(
      { ...ev[0].payload, savedBy: undefined },
      {
        inspectionId: insp.inspectionId,
        pathGuid: le.pathGuid,
        bladePosition: 1,
        pathViewIndex: 5,
        chamber: 0,
        imageCount: 3,
        activeImageCount: 2,
        touchedPathGuids: [],
        savedBy: undefined,
      },
    );
    void other;
  });

  test('moving images to another path: they take its blade, view and chamber; the other path becomes unsaved', async () => {
    const insp = await h.inspection(turbineId, '2025-07-03');
    const a = await add(insp.inspectionId, { bladePosition: 1, path: 5, sortIndex: 0, distanceToRoot: 40 });
    const b = await add(insp.inspectionId, { bladePosition: 1, path: 5, sortIndex: 1 });
    const x = await add(insp.inspectionId, { bladePosition: 2, path: 6, chamber: -1, sortIndex: 0 });
    const t0 = await task(insp.inspectionId);
    const le = pathOf(t0, 1, 5);
    const ps = pathOf(t0, 2, 6, -1);
    // Save the target path first so that the move visibly unsaves it.
    assert.equal((await save(insp.inspectionId, ps.pathGuid, [{ guid: x, sortIndex: 0 }])).status, 200);
    const r = await save(insp.inspectionId, le.pathGuid, [
      { guid: b, sortIndex: 0 },
      { guid: a, sortIndex: 0, pathGuid: ps.pathGuid },
      { guid: x, sortIndex: 1, pathGuid: ps.pathGuid },
    ]);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(ids(pathOf(r.body, 1, 5)), [b]);
    const moved = pathOf(r.body, 2, 6, -1);
    assert.deepEqual(ids(moved), [a, x]);
    assert.deepEqual([pathOf(r.body, 1, 5).saved, moved.saved], [true, false]);
    const img = (await h.api(`${BASE}/images/${a}`)).body;
    assert.deepEqual([img.bladePosition, img.pathViewIndex, img.chamber, img.distanceToRoot], [2, 6, -1, 40]);
    const ev = (await h.published(EventTypes.InspectionPathSaved)).filter((e: Body) => e.payload.inspectionId === insp.inspectionId).at(-1);
    assert.deepEqual([ev.payload.imageCount, ev.payload.touchedPathGuids], [1, [ps.pathGuid]]);
    // Moving everything out leaves an empty path listed (images can come back to it).
    const back = await save(insp.inspectionId, ps.pathGuid, [
      { guid: x, sortIndex: 0 },
      { guid: a, sortIndex: 1, pathGuid: le.pathGuid },
      { guid: b, sortIndex: 0, pathGuid: le.pathGuid },
    ]);
    assert.equal(back.status, 200, JSON.stringify(back.body));
    assert.deepEqual(ids(pathOf(back.body, 1, 5)), [b, a]);
    assert.deepEqual(ids(pathOf(back.body, 2, 6, -1)), [x]);
    assert.equal(pathOf(back.body, 1, 5).saved, false);
  });

  test('refusals: last active image, unknown or foreign images and paths, duplicates, distances, rights — nothing changes', async () => {
    const insp = await h.inspection(turbineId, '2025-07-04');
    const a = await add(insp.inspectionId, { bladePosition: 1, path: 5, sortIndex: 0 });
    const b = await add(insp.inspectionId, { bladePosition: 1, path: 5, sortIndex: 1 });
    const c = await add(insp.inspectionId, { bladePosition: 3, path: 8, sortIndex: 0, isActive: 'false' });
    const elsewhere = await h.inspection(turbineId, '2025-07-05');
    const foreign = await add(elsewhere.inspectionId, { bladePosition: 1, path: 5 });
    const foreignPath = pathOf(await task(elsewhere.inspectionId), 1, 5).pathGuid;
    const t = await task(insp.inspectionId);
    const le = pathOf(t, 1, 5).pathGuid;
    const ss = pathOf(t, 3, 8).pathGuid;

    const refused = async (
      name: string,
      call: () => Promise<{ status: number; body: Body }>,
      code: string | number,
      status: number,
    ): Promise<Body> => {
      const before = await snapshot(insp.inspectionId);
      const r = await call();
      assert.deepEqual([r.status, r.body.code], [status, code], `${name}: ${JSON.stringify(r.body)}`);
      assert.equal(await snapshot(insp.inspectionId), before, `${name}: something changed`);
      return r.body;
    };
    const ok = (guid: string, sortIndex: number, extra: Body = {}) => ({ guid, sortIndex, ...extra });

    // Deactivating the last active images (c is inactive already) – even with a valid reorder in the same request.
    const last = await refused(
      'last active',
      () =>
        save(insp.inspectionId, le, [ok(b, 0, { isEdit: true, isActive: false }), ok(a, 1, { isEdit: true, isActive: false })], {
          locale: 'zh_cn',
        }),
      'LAST_IMAGE_CANNOT_BE_DELETED',
      400,
    );
    assert.equal(last.message, errorText('LAST_IMAGE_CANNOT_BE_DELETED', 'zh_cn'));
    await refused('unknown image', () => save(insp.inspectionId, le, [ok(a, 1), ok(randomUUID(), 0)]), -10015, 404);
    await refused('image of another inspection', () => save(insp.inspectionId, le, [ok(b, 0), ok(foreign, 1)]), -10015, 404);
    await refused('not an id', () => save(insp.inspectionId, le, [ok('../../etc', 0)]), -10015, 404);
    await refused('duplicate image', () => save(insp.inspectionId, le, [ok(a, 0), ok(a, 1)]), -10014, 409);
    await refused('duplicate sortIndex', () => save(insp.inspectionId, le, [ok(b, 1), ok(a, 1)]), 'DUPLICATE_VALUES', 409);
    await refused(
      'duplicate sortIndex in the target path',
      () => save(insp.inspectionId, le, [ok(a, 0), ok(b, 0, { pathGuid: ss }), ok(c, 0, { pathGuid: ss })]),
      'DUPLICATE_VALUES',
      409,
    );
    await refused('missing sortIndex', () => save(insp.inspectionId, le, [ok(b, 0), { guid: a }]), -10012, 400);
    await refused('negative sortIndex', () => save(insp.inspectionId, le, [ok(a, -1)]), 'VALIDATION_FAILED', 400);
    await refused(
      'above the blade length',
      () => save(insp.inspectionId, le, [ok(b, 0), ok(a, 1, { isEdit: true, distanceToRoot: 80.01 })]),
      -13013,
      400,
    );
    await refused('below -5 m', () => save(insp.inspectionId, le, [ok(a, 0, { isEdit: true, distanceToRoot: '-5.01' })]), -13013, 400);
    await refused(
      '3 decimals',
      () => save(insp.inspectionId, le, [ok(a, 0, { isEdit: true, distanceToRoot: '10.125' })]),
      'DECIMAL_PLACES_EXCEEDED',
      400,
    );
    await refused(
      'tag too long',
      () => save(insp.inspectionId, le, [ok(a, 0, { isEdit: true, keyPartTag: 'x'.repeat(101) })]),
      'TEXT_TOO_LONG',
      400,
    );
    await refused('unknown target path', () => save(insp.inspectionId, le, [ok(a, 0, { pathGuid: randomUUID() })]), 'NOT_FOUND', 404);
    await refused(
      'target path of another inspection',
      () => save(insp.inspectionId, le, [ok(a, 0, { pathGuid: foreignPath })]),
      'NOT_FOUND',
      404,
    );
    await refused('path of another inspection', () => save(insp.inspectionId, foreignPath, [ok(a, 0)]), 'NOT_FOUND', 404);
    await refused('unknown path', () => save(insp.inspectionId, randomUUID(), []), 'NOT_FOUND', 404);
    await refused(
      'images missing',
      () => h.api(`${BASE}/inspections/${insp.inspectionId}/paths/${le}`, { method: 'PUT', json: {} }),
      'VALIDATION_FAILED',
      400,
    );

    // Rights: readers cannot sort; a tower editor cannot sort a blade inspection; out-of-scope = 404.
    const reader = await h.token({ rights: [Rights.BLADE_SHOW] });
    await refused('reader', () => save(insp.inspectionId, le, [ok(a, 0)], { token: reader }), 'NO_ACCESS_RIGHTS', 403);
    const towerOnly = await h.token({ rights: [Rights.TOWER_EDIT] });
    await refused('tower editor', () => save(insp.inspectionId, le, [ok(a, 0)], { token: towerOnly }), 'NO_ACCESS_RIGHTS', 403);
    const stranger = await h.token({ rights: [Rights.QA_EDIT], cid: [randomUUID()] });
    await refused('other customer', () => save(insp.inspectionId, le, [ok(a, 0)], { token: stranger }), 'NOT_FOUND', 404);
    assert.equal((await h.api(`${BASE}/inspections/${insp.inspectionId}/sort-and-remove`, { token: stranger })).status, 404);

    // A labeler (qa.edit only) may sort; moving c's active twin keeps one active image.
    const labeler = await h.token({ rights: [Rights.QA_EDIT] });
    const done = await save(insp.inspectionId, le, [ok(b, 0), ok(a, 1, { isEdit: true, isActive: false })], { token: labeler });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.deepEqual(
      pathOf(done.body, 1, 5).images.map((i: Body) => [i.guid, i.isActive]),
      [
        [b, true],
        [a, false],
      ],
    );
  });
});
