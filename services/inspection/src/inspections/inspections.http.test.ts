import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventTypes, Rights, errorText } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { InspectionHarness, type Body } from '../testing/inspection-harness.js';

const BASE = '/gw/inspection/api/v2';

describe('inspections over HTTP: create, -10009, lists, scope, asset renames and moves', () => {
  let h: InspectionHarness;
  let park: { parkId: string; customerId: string };
  let t1: string;
  let t2: string;
  const count = async () => (await h.sql('SELECT count(*)::int AS n FROM inspection.inspection'))[0].n as number;

  before(async () => {
    h = await InspectionHarness.start();
    park = await h.park('Hornsea');
    t1 = await h.turbine(park.parkId, 'WTG-01', 81.4);
    t2 = await h.turbine(park.parkId, 'WTG-02', 81.4);
  });
  after(async () => h?.stop());

  test('create keeps package, component, date, pilot, device, blades; publishes the fields asset reads', async () => {
    const r = await h.api(`${BASE}/inspections`, {
      method: 'POST',
      json: { turbineId: t1, packageType: 1, inspectionDate: '2025-05-01', pilot: 'Ann', deviceId: 'DRONE-1' },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const i = r.body;
    assert.equal(i.componentType, 1);
    assert.equal(i.inspectionDate, '2025-05-01');
    assert.equal(i.turbineName, 'WTG-01');
    assert.equal(i.windFarmId, park.parkId);
    assert.equal(i.isActive, true);
    assert.equal(i.pilot, 'Ann');
    assert.equal(i.deviceId, 'DRONE-1');
    assert.deepEqual(
      i.blades.map((b: Body) => [b.position, b.length]),
      [
        [1, 81.4],
        [2, 81.4],
        [3, 81.4],
      ],
    );
    const ev = (await h.published(EventTypes.InspectionInspectionCreated)).at(-1);
    assert.deepEqual(ev.payload, {
      inspectionId: i.inspectionId,
      turbineId: t1,
      windFarmId: park.parkId,
      packageType: 1,
      inspectionDate: '2025-05-01T00:00:00.000Z',
      componentType: 1,
      inspectionDataConfigId: null,
      isActive: true,
    });
  });

  test('a second inspection of the same component on the same day is refused (-10009) and nothing changes', async () => {
    const before = await count();
    const events = (await h.published(EventTypes.InspectionInspectionCreated)).length;
    const r = await h.api(`${BASE}/inspections`, {
      method: 'POST',
      locale: 'zh_cn',
      json: { turbineId: t1, packageType: 2, inspectionDate: '2025-05-01T10:00:00Z' },
    });
    assert.equal(r.status, 409);
    assert.deepEqual(r.body, { code: -10009, message: errorText(-10009, 'zh_cn') });
    assert.equal(await count(), before);
    assert.equal((await h.published(EventTypes.InspectionInspectionCreated)).length, events);
    // Another component the same day is a different inspection.
    const tower = await h.inspection(t1, '2025-05-01', 5);
    assert.equal(tower.componentType, 2);
  });

  test('unknown turbine → 404, unknown package type and mismatching component → refused, nothing written', async () => {
    const before = await count();
    assert.equal(
      (
        await h.api(`${BASE}/inspections`, {
          method: 'POST',
          json: { turbineId: randomUUID(), packageType: 1, inspectionDate: '2025-01-01' },
        })
      ).status,
      404,
    );
    const bad = await h.api(`${BASE}/inspections`, {
      method: 'POST',
      json: { turbineId: t2, packageType: 9, inspectionDate: '2025-01-01' },
    });
    assert.equal(bad.body.code, 'VALIDATION_FAILED');
    const mismatch = await h.api(`${BASE}/inspections`, {
      method: 'POST',
      json: { turbineId: t2, packageType: 1, componentType: 5, inspectionDate: '2025-01-01' },
    });
    assert.equal(mismatch.body.code, 'INSPECTION_COMPONENT_MISMATCH');
    const date = await h.api(`${BASE}/inspections`, {
      method: 'POST',
      json: { turbineId: t2, packageType: 1, inspectionDate: '2025-02-30' },
    });
    assert.equal(date.body.code, 'VALIDATION_FAILED');
    assert.equal(await count(), before);
  });

  test('rights and scope: a reader cannot create; another customer sees 404 and an empty list', async () => {
    const reader = await h.token({ rights: [Rights.BLADE_SHOW] });
    const r = await h.api(`${BASE}/inspections`, {
      method: 'POST',
      token: reader,
      json: { turbineId: t2, packageType: 1, inspectionDate: '2025-03-01' },
    });
    assert.equal(r.status, 403);
    // A tower editor cannot create blade inspections.
    const towerOnly = await h.token({ rights: [Rights.TOWER_EDIT] });
    assert.equal(
      (
        await h.api(`${BASE}/inspections`, {
          method: 'POST',
          token: towerOnly,
          json: { turbineId: t2, packageType: 1, inspectionDate: '2025-03-01' },
        })
      ).status,
      403,
    );
    const stranger = await h.token({ rights: [...Object.values(Rights)], cid: [randomUUID()], pid: null });
    const id = (await h.api(`${BASE}/inspections?windFarmId=${park.parkId}`)).body.results[0].inspectionId;
    assert.equal((await h.api(`${BASE}/inspections/${id}`, { token: stranger })).status, 404);
    assert.deepEqual((await h.api(`${BASE}/inspections?windFarmId=${park.parkId}`, { token: stranger })).body, {
      results: [],
      totalCount: 0,
    });
    const own = await h.token({ rights: [], cid: [park.customerId], pid: [park.parkId] });
    assert.equal((await h.api(`${BASE}/inspections/${id}`, { token: own })).status, 200);
  });

  test('lists per park and per turbine page on the server and sort by DPS priority (customer-rejected first)', async () => {
    const a = await h.inspection(t2, '2025-04-01');
    const b = await h.inspection(t2, '2025-04-02');
    const c = await h.inspection(t2, '2025-04-03');
    const img = async (inspectionId: string) => {
      const { png } = await import('../testing/inspection-harness.js');
      const u = await h.upload(inspectionId, await png(), 'a.png', { bladePosition: 1, path: 5 });
      assert.equal(u.status, 201, JSON.stringify(u.body));
      return u.body.imageId;
    };
    const defect = async (inspectionId: string) => {
      const r = await h.api(`${BASE}/inspections/${inspectionId}/defects`, {
        method: 'POST',
        json: {
          imageId: await img(inspectionId),
          defectType: 'Crack',
          polygon: [
            [1, 1],
            [10, 1],
            [10, 10],
          ],
        },
      });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      return r.body.defectId;
    };
    const da = await defect(a.inspectionId);
    const db = await defect(b.inspectionId);
    await defect(c.inspectionId);
    // a: approved → customer rejected; b: approved; c: pending.
    for (const s of [1, 4])
      assert.equal((await h.api(`${BASE}/defects/${da}/dps-status`, { method: 'PUT', json: { dpsStatus: s } })).status, 200);
    assert.equal((await h.api(`${BASE}/defects/${db}/dps-status`, { method: 'PUT', json: { dpsStatus: 1 } })).status, 200);
    const byDps = (await h.api(`${BASE}/inspections?turbineId=${t2}&fieldToSort=dpsStatus`)).body;
    assert.equal(byDps.totalCount, 3);
    assert.deepEqual(
      byDps.results.map((r: Body) => [r.inspectionDate, r.dpsStatus]),
      [
        ['2025-04-01', 4],
        ['2025-04-03', 2],
        ['2025-04-02', 1],
      ],
    );
    const page2 = (await h.api(`${BASE}/inspections?windFarmId=${park.parkId}&pageSize=2&pageIndex=2&fieldToSort=inspectionDate`)).body;
    assert.equal(page2.totalCount, 5);
    assert.deepEqual(
      page2.results.map((r: Body) => r.inspectionDate),
      ['2025-04-03', '2025-04-02'],
    );
    // Only the newest of a component is active by default.
    const active = (await h.api(`${BASE}/inspections?turbineId=${t2}&isActive=true`)).body.results;
    assert.deepEqual(
      active.map((r: Body) => r.inspectionDate),
      ['2025-04-03'],
    );
    // Switching an older one active deactivates the newest and tells asset (its "Latest" mark).
    const older = (await h.api(`${BASE}/inspections?turbineId=${t2}&isActive=false&fieldToSort=inspectionDate`)).body.results.at(-1);
    const patched = await h.api(`${BASE}/inspections/${older.inspectionId}`, { method: 'PATCH', json: { isActive: true } });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.deepEqual(
      (await h.api(`${BASE}/inspections?turbineId=${t2}&isActive=true`)).body.results.map((r: Body) => r.inspectionId),
      [older.inspectionId],
    );
    const updated = (await h.published(EventTypes.InspectionInspectionUpdated)).at(-1);
    assert.deepEqual(updated.payload, {
      inspectionId: older.inspectionId,
      turbineId: t2,
      componentType: older.componentType,
      isActive: true,
      pilot: older.pilot,
      deviceId: older.deviceId,
    });
    assert.equal((await h.api(`${BASE}/inspections?turbineId=${t2}&fieldToSort=nope`)).body.code, 'VALIDATION_FAILED');
    assert.equal((await h.api(`${BASE}/inspections`)).body.code, 'VALIDATION_FAILED');
  });

  test("asset's rename and move reach the inspections; move-check answers the timeline rule", async () => {
    const [insp] = (await h.api(`${BASE}/inspections?turbineId=${t1}&packageType=1`)).body.results;
    await h.publish(EventTypes.AssetTurbineRenamed, t1, { turbineId: t1, turbineName: 'WTG-01R', inspectionGuids: [insp.inspectionId] });
    await eventually(async () => (await h.api(`${BASE}/inspections/${insp.inspectionId}`)).body.turbineName === 'WTG-01R');
    assert.deepEqual((await h.api(`${BASE}/inspections/move-check?inspectionGuids=${insp.inspectionId}`)).body, {
      movable: true,
      inspectionGuids: [insp.inspectionId],
    });
    // Linked inspections must be unlinked before they move.
    const [newer, older] = (await h.api(`${BASE}/inspections?turbineId=${t2}&fieldToSort=inspectionDate&descending=true`)).body.results;
    assert.equal(
      (
        await h.api(`${BASE}/inspections/${newer.inspectionId}/timeline-link`, {
          method: 'PUT',
          json: { previousInspectionId: older.inspectionId },
        })
      ).status,
      200,
    );
    for (const id of [newer.inspectionId, older.inspectionId]) {
      const check = await h.api(`${BASE}/inspections/move-check?inspectionGuids=${id}`);
      assert.equal(check.status, 409);
      assert.equal(check.body.code, 'INSPECTION_LINKED_FOR_TIMELINE');
      assert.equal(check.body.message, errorText('INSPECTION_LINKED_FOR_TIMELINE', 'en_us'));
    }
    // A move asset made anyway drops the link and announces it; the inspection follows the turbine.
    await h.publish(EventTypes.AssetTurbineMoved, t2, { inspectionGuids: [newer.inspectionId], fromTurbineId: t2, toTurbineId: t1 });
    await eventually(async () => (await h.api(`${BASE}/inspections/${newer.inspectionId}`)).body.turbineId === t1);
    const moved = (await h.api(`${BASE}/inspections/${newer.inspectionId}`)).body;
    assert.equal(moved.turbineName, 'WTG-01R');
    assert.equal(moved.previousInspectionId, null);
    const unlinked = (await h.published(EventTypes.InspectionTimelineUnlinked)).at(-1);
    assert.deepEqual(unlinked.payload, { inspectionId: newer.inspectionId, previousInspectionId: older.inspectionId, turbineId: t2 });
    const defects = (await h.api(`${BASE}/defects?turbineId=${t1}`)).body.results;
    assert.ok(defects.some((d: Body) => d.inspectionId === newer.inspectionId));
  });
});
