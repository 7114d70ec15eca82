import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventTypes, Rights } from '@windward/contracts';
import { InspectionHarness, jpeg, type Body } from '../testing/inspection-harness.js';
import type { LabelingStatusImage } from '@windward/contracts';
import { labelingStatus } from './labeling-progress.js';
import { LabelingService } from './labeling.service.js';

const BASE = '/gw/inspection/api/v2';
const TRI = [
  [10, 10],
  [100, 10],
  [100, 80],
];

describe('labeling: bulk edit, pre-label suggestions, labeled marks and the labeling status', () => {
  let h: InspectionHarness;
  let park: { parkId: string; customerId: string };
  let insp: Body;
  let images: string[];
  const rows = async (where = 'TRUE') =>
    (await h.sql(
      `SELECT id, severity, defect_type, layer, affected_part, recommendation, repair_priority, suggested, updated_at FROM inspection.defect WHERE ${where} ORDER BY id`,
    )) as Body[];
  const create = async (json: Record<string, unknown> = {}, inspectionId = insp.inspectionId) => {
    const r = await h.api(`${BASE}/inspections/${inspectionId}/defects`, {
      method: 'POST',
      json: { imageId: images[0], defectType: 'Erosion', polygon: TRI, ...json },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body as Body;
  };
  const bulk = (json: unknown, token?: string) => h.api(`${BASE}/defects/bulk`, { method: 'PATCH', json, ...(token ? { token } : {}) });
  const count = async (type: string) => (await h.published(type)).length;

  before(async () => {
    h = await InspectionHarness.start();
    park = await h.park('Labeling Park');
    const turbine = await h.turbine(park.parkId, 'LBL-01', 60);
    insp = await h.inspection(turbine, '2025-07-01');
    images = [];
    // Blade 1: two leading-edge images and one pressure-side image; blade 2: one leading-edge image.
    for (const [blade, path] of [
      [1, 5],
      [1, 5],
      [1, 6],
      [2, 5],
    ]) {
      images.push((await h.upload(insp.inspectionId, await jpeg(400, 300), 'a.jpg', { bladePosition: blade!, path: path! })).body.imageId);
    }
  });
  after(async () => h?.stop());

  test('bulk edit: one change for many defects, an event each; the result lists them in the given order', async () => {
    const a = await create({ severity: 1 });
    const b = await create({ severity: 2, layer: 'Coating' });
    const updatedBefore = await count(EventTypes.InspectionDefectUpdated);
    const r = await bulk({
      defectIds: [b.defectId, a.defectId],
      changes: { severity: 4, layer: 'Laminate', repairPriority: 2, recommendation: null },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(
      r.body.results.map((d: Body) => [d.defectId, d.severity, d.layer, d.repairPriority, d.defectType]),
      [
        [b.defectId, 4, 'Laminate', 2, 'Erosion'],
        [a.defectId, 4, 'Laminate', 2, 'Erosion'],
      ],
    );
    assert.equal(await count(EventTypes.InspectionDefectUpdated), updatedBefore + 2);
    const events = (await h.published(EventTypes.InspectionDefectUpdated)).slice(-2).map((e: Body) => e.payload.defectId);
    assert.deepEqual(events.sort(), [a.defectId, b.defectId].sort());
  });

  test('bulk edit refusals: all or nothing, nothing changed, no events', async () => {
    const a = await create({ severity: 1 });
    const b = await create({ severity: 2 });
    const other = await h.inspection(await h.turbine(park.parkId, 'LBL-02', 60), '2025-07-02');
    const otherImage = (await h.upload(other.inspectionId, await jpeg(200, 200), 'b.jpg', { bladePosition: 1, path: 5 })).body.imageId;
    const c = (
      await h.api(`${BASE}/inspections/${other.inspectionId}/defects`, {
        method: 'POST',
        json: { imageId: otherImage, defectType: 'Crack', polygon: TRI },
      })
    ).body;
    const snapshot = await rows();
    const events = await count(EventTypes.InspectionDefectUpdated);
    const ids = [a.defectId, b.defectId];
    const cases: [unknown, number, string | number][] = [
      [{ defectIds: [], changes: { severity: 3 } }, 400, 'SELECT_AT_LEAST_ONE_DEFECT'],
      [{ changes: { severity: 3 } }, 400, 'SELECT_AT_LEAST_ONE_DEFECT'],
      [{ defectIds: ids, changes: {} }, 400, 'VALIDATION_FAILED'],
      [{ defectIds: ids }, 400, 'VALIDATION_FAILED'],
      [{ defectIds: ids, changes: { severity: 6 } }, 400, 'VALIDATION_FAILED'],
      [{ defectIds: ids, changes: { severity: 'high' } }, 400, 'VALIDATION_FAILED'],
      [{ defectIds: ids, changes: { repairPriority: 0 } }, 400, 'VALIDATION_FAILED'],
      // Fields a bulk edit cannot touch (a polygon belongs to one defect).
      [{ defectIds: ids, changes: { polygon: TRI } }, 400, 'VALIDATION_FAILED'],
      [{ defectIds: ids, changes: { distanceToRoot: 3 } }, 400, 'VALIDATION_FAILED'],
      [{ defectIds: ids, changes: { defectType: '' } }, 400, 'REQUIRED'],
      [{ defectIds: ids, changes: { layer: 'x'.repeat(101) } }, 400, 'TEXT_TOO_LONG'],
      [{ defectIds: [a.defectId, a.defectId], changes: { severity: 3 } }, 409, 'DUPLICATE_VALUES'],
      [{ defectIds: [a.defectId, randomUUID()], changes: { severity: 3 } }, 404, 'NOT_FOUND'],
      [{ defectIds: [a.defectId, 'nope'], changes: { severity: 3 } }, 404, 'NOT_FOUND'],
      [{ defectIds: Array.from({ length: 1001 }, () => randomUUID()), changes: { severity: 3 } }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const r = await bulk(body);
      assert.deepEqual([r.status, r.body.code], [status, code], JSON.stringify(body).slice(0, 200));
    }
    // A template rule failing on the second inspection's customer would fail the whole batch:
    // here the customer gets a type template, so "Dirt" is refused for every defect.
    assert.equal(
      (await h.api(`${BASE}/customers/${park.customerId}/defect-templates/types`, { method: 'POST', json: { name: 'Erosion' } })).status,
      201,
    );
    await h.api(`${BASE}/customers/${park.customerId}/defect-templates/types`, { method: 'POST', json: { name: 'Crack' } });
    assert.equal((await bulk({ defectIds: [a.defectId, c.defectId], changes: { defectType: 'Dirt' } })).body.code, -10019);
    // Out of scope: a caller of another customer sees a 404, a reader may not write.
    const stranger = await h.token({ rights: [Rights.INSPECTION_DATA], cid: [randomUUID()] });
    assert.equal((await bulk({ defectIds: ids, changes: { severity: 3 } }, stranger)).status, 404);
    const reader = await h.token({ rights: [Rights.BLADE_SHOW] });
    assert.equal((await bulk({ defectIds: ids, changes: { severity: 3 } }, reader)).status, 403);
    const towerEditor = await h.token({ rights: [Rights.TOWER_EDIT] });
    assert.equal((await bulk({ defectIds: ids, changes: { severity: 3 } }, towerEditor)).body.code, 'NO_ACCESS_RIGHTS');
    assert.deepEqual(await rows(), snapshot);
    assert.equal(await count(EventTypes.InspectionDefectUpdated), events);
    // The same change across both inspections goes through once the value is allowed.
    const ok = await bulk({ defectIds: [a.defectId, c.defectId], changes: { defectType: 'crack', severity: 5 } });
    assert.equal(ok.status, 200);
    assert.deepEqual(
      ok.body.results.map((d: Body) => [d.inspectionId, d.defectType, d.severity]),
      [
        [insp.inspectionId, 'crack', 5],
        [other.inspectionId, 'crack', 5],
      ],
    );
    await h.sql('DELETE FROM inspection.template_item WHERE customer_id = $1', [park.customerId]);
  });

  test('suggestions: stored without an event, hidden from the regular lists, accepted → created event, rejected → gone', async () => {
    const created = await count(EventTypes.InspectionDefectCreated);
    const s1 = await create({ suggested: true, severity: 2, imageId: images[1] });
    const s2 = await create({ suggested: true, severity: 3, imageId: images[1] });
    assert.equal(s1.suggested, true);
    assert.equal(await count(EventTypes.InspectionDefectCreated), created, 'a suggestion is not announced');
    const list = async (q: string) => (await h.api(`${BASE}/defects?inspectionId=${insp.inspectionId}&pageSize=100${q}`)).body;
    const regular = await list('');
    assert.ok(regular.results.every((d: Body) => d.suggested === false));
    assert.ok(!regular.results.some((d: Body) => d.defectId === s1.defectId));
    const all = await list('&includeSuggested=true');
    assert.equal(all.totalCount, regular.totalCount + 2);
    assert.deepEqual((await list('&suggested=true')).results.map((d: Body) => d.defectId).sort(), [s1.defectId, s2.defectId].sort());
    assert.equal((await h.api(`${BASE}/defects?windFarmId=${park.parkId}&includeSuggested=true`)).body.code, 'VALIDATION_FAILED');
    assert.equal((await h.api(`${BASE}/defects?inspectionId=${insp.inspectionId}&suggested=maybe`)).body.code, 'VALIDATION_FAILED');
    const parkList = (await h.api(`${BASE}/defects?windFarmId=${park.parkId}&pageSize=500`)).body;
    assert.ok(!parkList.results.some((d: Body) => d.suggested));
    // A suggestion can be edited before it is decided (no event: nobody outside knows it).
    const updated = await count(EventTypes.InspectionDefectUpdated);
    assert.equal((await h.api(`${BASE}/defects/${s1.defectId}`, { method: 'PATCH', json: { severity: 4 } })).body.severity, 4);
    assert.equal(await count(EventTypes.InspectionDefectUpdated), updated);

    const acc = await h.api(`${BASE}/defects/${s1.defectId}/accept`, { method: 'POST' });
    assert.equal(acc.status, 200, JSON.stringify(acc.body));
    assert.deepEqual([acc.body.suggested, acc.body.severity], [false, 4]);
    const ev = (await h.published(EventTypes.InspectionDefectCreated)).at(-1);
    assert.deepEqual([ev.payload.defectId, ev.payload.inspectionId, ev.payload.severity, ev.payload.dpsStatus], [s1.defectId, insp.inspectionId, 4, 2]);
    assert.equal((await list('')).totalCount, regular.totalCount + 1);

    const deleted = await count(EventTypes.InspectionDefectDeleted);
    assert.equal((await h.api(`${BASE}/defects/${s2.defectId}/reject`, { method: 'POST' })).status, 204);
    assert.equal((await h.api(`${BASE}/defects/${s2.defectId}`)).status, 404);
    assert.equal(await count(EventTypes.InspectionDefectDeleted), deleted, 'a rejected suggestion was never announced');
  });

  test('suggestion refusals: accepting or rejecting a regular defect, unknown ids, no rights — nothing changed', async () => {
    const regular = await create({ severity: 1 });
    const suggestion = await create({ suggested: true, imageId: images[2] });
    const snapshot = await rows();
    const created = await count(EventTypes.InspectionDefectCreated);
    const post = (path: string, token?: string, json?: unknown) =>
      h.api(`${BASE}${path}`, { method: 'POST', ...(token ? { token } : {}), ...(json ? { json } : {}) });
    const cases: [string, number, string][] = [
      [`/defects/${regular.defectId}/accept`, 409, 'DEFECT_NOT_SUGGESTED'],
      [`/defects/${regular.defectId}/reject`, 409, 'DEFECT_NOT_SUGGESTED'],
      [`/defects/${randomUUID()}/accept`, 404, 'NOT_FOUND'],
      [`/defects/not-an-id/reject`, 404, 'NOT_FOUND'],
    ];
    for (const [path, status, code] of cases) {
      const r = await post(path);
      assert.deepEqual([r.status, r.body.code], [status, code], path);
    }
    const reader = await h.token({ rights: [Rights.BLADE_SHOW] });
    assert.equal((await post(`/defects/${suggestion.defectId}/accept`, reader)).status, 403);
    const stranger = await h.token({ rights: [Rights.INSPECTION_DATA], cid: [randomUUID()] });
    assert.equal((await post(`/defects/${suggestion.defectId}/reject`, stranger)).status, 404);
    // Several at once: one regular defect among them refuses the whole request.
    const both = await post(`/inspections/${insp.inspectionId}/suggestions/accept`, undefined, {
      defectIds: [suggestion.defectId, regular.defectId],
    });
    assert.deepEqual([both.status, both.body.code], [409, 'DEFECT_NOT_SUGGESTED']);
    const empty = await post(`/inspections/${insp.inspectionId}/suggestions/reject`, undefined, { defectIds: [] });
    assert.equal(empty.body.code, 'SELECT_AT_LEAST_ONE_DEFECT');
    const foreign = await post(`/inspections/${insp.inspectionId}/suggestions/reject`, undefined, { defectIds: [randomUUID()] });
    assert.equal(foreign.status, 404);
    // A creation with a bad polygon stays refused when it is a suggestion too.
    const bad = await h.api(`${BASE}/inspections/${insp.inspectionId}/defects`, {
      method: 'POST',
      json: { imageId: images[0], defectType: 'Erosion', polygon: [], suggested: true },
    });
    assert.equal(bad.body.code, 'POLYGON_REQUIRED');
    assert.deepEqual(await rows(), snapshot);
    assert.equal(await count(EventTypes.InspectionDefectCreated), created);
  });

  test('accept all / reject all of an inspection', async () => {
    const other = await h.inspection(await h.turbine(park.parkId, 'LBL-03', 60), '2025-07-03');
    const img = (await h.upload(other.inspectionId, await jpeg(200, 200), 'c.jpg', { bladePosition: 1, path: 5 })).body.imageId;
    const suggest = async () =>
      (
        await h.api(`${BASE}/inspections/${other.inspectionId}/defects`, {
          method: 'POST',
          json: { imageId: img, defectType: 'Erosion', polygon: TRI, suggested: true },
        })
      ).body.defectId as string;
    const [x, y, z] = [await suggest(), await suggest(), await suggest()];
    const created = await count(EventTypes.InspectionDefectCreated);
    const acc = await h.api(`${BASE}/inspections/${other.inspectionId}/suggestions/accept`, {
      method: 'POST',
      json: { defectIds: [x, y] },
    });
    assert.deepEqual([acc.status, acc.body.accepted], [200, 2]);
    assert.equal(await count(EventTypes.InspectionDefectCreated), created + 2);
    const rej = await h.api(`${BASE}/inspections/${other.inspectionId}/suggestions/reject`, { method: 'POST', json: {} });
    assert.deepEqual([rej.body.rejected, rej.body.defectIds], [1, [z]]);
    const left = (await h.api(`${BASE}/defects?inspectionId=${other.inspectionId}&includeSuggested=true`)).body;
    assert.deepEqual(left.results.map((d: Body) => d.defectId).sort(), [x, y].sort());
  });

  test('labeling status: an image is done when marked labeled or when it has a defect; require=true refuses until every side is', async () => {
    const fresh = await h.inspection(await h.turbine(park.parkId, 'LBL-04', 60), '2025-07-04');
    const imgs: string[] = [];
    for (const [blade, path, active] of [
      [1, 5, true],
      [1, 5, true],
      [1, 7, true],
      [1, 7, false],
    ] as const) {
      imgs.push(
        (await h.upload(fresh.inspectionId, await jpeg(200, 200), 'd.jpg', { bladePosition: blade, path, isActive: String(active) })).body
          .imageId,
      );
    }
    const status = async (q = '') => h.api(`${BASE}/inspections/${fresh.inspectionId}/labeling-status${q}`);
    let s = (await status()).body;
    assert.deepEqual([s.complete, s.activeImageCount, s.doneImageCount], [false, 3, 0]);
    assert.deepEqual(
      s.sides.map((x: Body) => [x.bladePosition, x.pathViewIndex, x.imageCount, x.doneCount, x.labeled]),
      [
        [1, 5, 2, 0, false],
        [1, 7, 1, 0, false],
      ],
    );
    const refused = await status('?require=true');
    assert.deepEqual([refused.status, refused.body.code], [400, 'ALL_SIDES_MUST_BE_LABELED']);
    assert.deepEqual(refused.body.details.sides, [
      { bladePosition: 1, pathViewIndex: 5 },
      { bladePosition: 1, pathViewIndex: 7 },
    ]);
    // A defect marks its image; a suggestion does not.
    await h.api(`${BASE}/inspections/${fresh.inspectionId}/defects`, {
      method: 'POST',
      json: { imageId: imgs[0], defectType: 'Erosion', polygon: TRI },
    });
    await h.api(`${BASE}/inspections/${fresh.inspectionId}/defects`, {
      method: 'POST',
      json: { imageId: imgs[2], defectType: 'Erosion', polygon: TRI, suggested: true },
    });
    const mark = (id: string, json: unknown, token?: string) =>
      h.api(`${BASE}/images/${id}/labeled`, { method: 'PUT', json, ...(token ? { token } : {}) });
    assert.deepEqual((await mark(imgs[1]!, { labeled: true })).body, { imageId: imgs[1], inspectionId: fresh.inspectionId, labeled: true });
    s = (await status()).body;
    assert.deepEqual(
      s.sides.map((x: Body) => x.labeled),
      [true, false],
    );
    assert.equal(s.pendingSuggestionCount, 1);
    const done = new Map(s.images.map((i: Body) => [i.imageId, i.done]));
    assert.deepEqual([done.size, done.get(imgs[0]), done.get(imgs[1]), done.get(imgs[2])], [3, true, true, false]);
    assert.equal((await mark(imgs[2]!, { labeled: true })).status, 200);
    const ok = await status('?require=true');
    assert.deepEqual([ok.status, ok.body.complete], [200, true]);
    // Taking the mark back makes the side incomplete again.
    await mark(imgs[2]!, { labeled: false });
    assert.equal((await status()).body.complete, false);
    assert.equal((await h.sql('SELECT labeled_by FROM inspection.image WHERE id = $1', [imgs[2]]))[0].labeled_by, null);
    // Deactivating the last unlabeled image of a side completes the labeling too.
    assert.equal((await h.api(`${BASE}/images/${imgs[2]}`, { method: 'PATCH', json: { isActive: false } })).status, 200);
    assert.equal((await status()).body.complete, true);

    // Task-flow learns each flip (and only flips) through inspection.labeling.changed.
    const flips = async () =>
      (await h.published(EventTypes.InspectionLabelingChanged))
        .filter((e: Body) => e.payload.inspectionId === fresh.inspectionId)
        .map((e: Body) => [e.payload.complete, e.payload.labeledSideCount, e.payload.sideCount]);
    assert.deepEqual(await flips(), [
      [false, 0, 1], // the first upload: known, not complete
      [true, 2, 2],
      [false, 1, 2],
      [true, 1, 1],
    ]);
  });

  test('start-up announces the labeling status of inspections that never announced one (data from before the event)', async () => {
    const old = await h.inspection(await h.turbine(park.parkId, 'LBL-05', 60), '2025-07-05');
    const img = (await h.upload(old.inspectionId, await jpeg(200, 200), 'e.jpg', { bladePosition: 1, path: 5 })).body.imageId;
    assert.equal((await h.api(`${BASE}/images/${img}/labeled`, { method: 'PUT', json: { labeled: true } })).status, 200);
    const mine = async () =>
      (await h.published(EventTypes.InspectionLabelingChanged)).filter((e: Body) => e.payload.inspectionId === old.inspectionId);
    const before = (await mine()).length;
    // As if the rows predated the event: nothing announced yet.
    await h.sql('UPDATE inspection.inspection SET labeling_complete = NULL WHERE id = $1', [old.inspectionId]);
    await h.svc.app.get(LabelingService).onApplicationBootstrap();
    const after = await mine();
    assert.equal(after.length, before + 1);
    assert.deepEqual(after.at(-1).payload, { inspectionId: old.inspectionId, complete: true, sideCount: 1, labeledSideCount: 1 });
    // Announced once: a second start-up says nothing new.
    await h.svc.app.get(LabelingService).onApplicationBootstrap();
    assert.equal((await mine()).length, before + 1);
  });

  test('labeled mark refusals: bad body, unknown image, no rights, other customer — nothing changed', async () => {
    const before = await h.sql('SELECT id, labeled, labeled_by, labeled_at FROM inspection.image ORDER BY id');
    const mark = (id: string, json: unknown, token?: string) =>
      h.api(`${BASE}/images/${id}/labeled`, { method: 'PUT', json, ...(token ? { token } : {}) });
    const cases: [string, unknown, string | undefined, number, string][] = [
      [images[0]!, {}, undefined, 400, 'VALIDATION_FAILED'],
      [images[0]!, { labeled: 'yes' }, undefined, 400, 'VALIDATION_FAILED'],
      [randomUUID(), { labeled: true }, undefined, 404, 'NOT_FOUND'],
      ['nope', { labeled: true }, undefined, 404, 'NOT_FOUND'],
      [images[0]!, { labeled: true }, await h.token({ rights: [Rights.BLADE_SHOW] }), 403, 'NO_ACCESS_RIGHTS'],
      [images[0]!, { labeled: true }, await h.token({ rights: [Rights.NACELLE_EDIT] }), 403, 'NO_ACCESS_RIGHTS'],
      [images[0]!, { labeled: true }, await h.token({ rights: [Rights.INSPECTION_DATA], cid: [randomUUID()] }), 404, 'NOT_FOUND'],
    ];
    for (const [id, body, token, status, code] of cases) {
      const r = await mark(id, body, token);
      assert.deepEqual([r.status, r.body.code], [status, code], `${id} ${JSON.stringify(body)}`);
    }
    assert.deepEqual(await h.sql('SELECT id, labeled, labeled_by, labeled_at FROM inspection.image ORDER BY id'), before);
    assert.equal((await h.api(`${BASE}/inspections/${randomUUID()}/labeling-status`)).status, 404);
  });
});

describe('labelingStatus (pure)', () => {
  const img = (bladePosition: number | null, pathViewIndex: number | null, done: boolean): LabelingStatusImage => ({
    imageId: randomUUID(),
    bladePosition,
    pathViewIndex,
    labeled: done,
    defectCount: 0,
    suggestionCount: 0,
    done,
  });

  test('no active image is not complete; every side must have all its images done', () => {
    assert.equal(labelingStatus([]).complete, false);
    assert.equal(labelingStatus([img(1, 5, true), img(1, 5, false)]).complete, false);
    assert.equal(labelingStatus([img(1, 5, true), img(2, 5, true), img(null, null, true)]).complete, true);
    const s = labelingStatus([img(1, 5, true), img(null, null, false)]);
    assert.deepEqual(
      s.sides.map((x) => [x.bladePosition, x.pathViewIndex, x.labeled]),
      [
        [1, 5, true],
        [null, null, false],
      ],
    );
  });
});
