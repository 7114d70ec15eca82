import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventTypes } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { InspectionHarness, jpeg, type Body } from '../testing/inspection-harness.js';

const BASE = '/gw/inspection/api/v2';
const TRI = [
  [1, 1],
  [20, 1],
  [20, 20],
];

describe('timeline links, computed and edited statuses, internal/external defect links', () => {
  let h: InspectionHarness;
  let turbine: string;
  let older: Body;
  let newer: Body;
  const image = async (inspectionId: string, blade: number) =>
    (await h.upload(inspectionId, await jpeg(200, 100), 'x.jpg', { bladePosition: blade, path: 5 })).body.imageId as string;
  const defect = async (inspectionId: string, img: string, json: Record<string, unknown>) => {
    const r = await h.api(`${BASE}/inspections/${inspectionId}/defects`, { method: 'POST', json: { imageId: img, polygon: TRI, ...json } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.defectId as string;
  };

  before(async () => {
    h = await InspectionHarness.start();
    const park = await h.park('Hornsea');
    turbine = await h.turbine(park.parkId, 'WTG-01', 80);
    older = await h.inspection(turbine, '2024-06-01');
    newer = await h.inspection(turbine, '2025-06-01');
  });
  after(async () => h?.stop());

  test('linking computes new / increased / stable / repaired; refused links change nothing', async () => {
    const o1 = await image(older.inspectionId, 1);
    const o2 = await image(older.inspectionId, 2);
    const n1 = await image(newer.inspectionId, 1);
    const pErosion = await defect(older.inspectionId, o1, { defectType: 'Erosion', distanceToRoot: 30, severity: 2 });
    const pCrack = await defect(older.inspectionId, o1, { defectType: 'Crack', distanceToRoot: 50, severity: 2 });
    const pGone = await defect(older.inspectionId, o2, { defectType: 'Erosion', distanceToRoot: 10, severity: 1 });
    const grown = await defect(newer.inspectionId, n1, { defectType: 'Erosion', distanceToRoot: 30.4, severity: 3 });
    const same = await defect(newer.inspectionId, n1, { defectType: 'crack', distanceToRoot: 49.6, severity: 2 });
    const fresh = await defect(newer.inspectionId, n1, { defectType: 'Erosion', distanceToRoot: 70, severity: 1 });
    // Not yet linked: not applicable.
    assert.equal((await h.api(`${BASE}/defects/${grown}`)).body.timelineStatus, 'NOT_APPLICABLE');
    // Refused: the later inspection as "previous", itself, another component.
    const tower = await h.inspection(turbine, '2024-01-01', 5);
    for (const prev of [newer.inspectionId, tower.inspectionId]) {
      const r = await h.api(`${BASE}/inspections/${older.inspectionId}/timeline-link`, {
        method: 'PUT',
        json: { previousInspectionId: prev },
      });
      assert.deepEqual([r.status, r.body.code], [409, 'TIMELINE_LINK_INVALID']);
    }
    assert.equal((await h.api(`${BASE}/inspections/${older.inspectionId}`)).body.previousInspectionId, null);
    const r = await h.api(`${BASE}/inspections/${newer.inspectionId}/timeline-link`, {
      method: 'PUT',
      json: { previousInspectionId: older.inspectionId },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const status = Object.fromEntries(r.body.defects.map((d: Body) => [d.defectId, [d.timelineStatus, d.previousDefectId]]));
    assert.deepEqual(status, { [grown]: ['INCREASED', pErosion], [same]: ['STABLE', pCrack], [fresh]: ['NEW', null] });
    assert.deepEqual(
      r.body.repaired.map((d: Body) => [d.defectId, d.timelineStatus]),
      [[pGone, 'REPAIRED']],
    );
    const ev = (await h.published(EventTypes.InspectionTimelineLinked)).at(-1);
    assert.deepEqual(ev.payload, { inspectionId: newer.inspectionId, previousInspectionId: older.inspectionId, turbineId: turbine });
    // The whole timeline of the inspection travels too (report's timelines across inspections).
    const changed = (await h.published(EventTypes.InspectionTimelineChanged)).filter((e: Body) => e.key === newer.inspectionId).at(-1);
    assert.equal(changed.payload.previousInspectionId, older.inspectionId);
    assert.deepEqual(
      Object.fromEntries(changed.payload.defects.map((d: Body) => [d.defectId, [d.timelineStatus, d.previousDefectId]])),
      status,
    );
    // A new defect in the linked inspection is placed at once.
    const again = await defect(newer.inspectionId, n1, { defectType: 'Erosion', distanceToRoot: 10.2, bladePosition: 2 });
    assert.equal((await h.api(`${BASE}/defects/${again}`)).body.timelineStatus, 'STABLE');
  });

  test('a defect repaired in the repair centre (repair.defect.repaired) shows as repaired on the next inspection\'s timeline', async () => {
    const before = (await h.api(`${BASE}/inspections/${newer.inspectionId}/timeline`)).body;
    const stable = before.defects.find((d: Body) => d.timelineStatus === 'STABLE' && d.previousDefectId);
    assert.ok(stable, 'a previous defect with a successor');
    assert.ok(!before.repaired.some((d: Body) => d.defectId === stable.previousDefectId));
    await h.publish(EventTypes.RepairDefectRepaired, stable.previousDefectId, {
      defectId: stable.previousDefectId,
      campaignId: '11111111-2222-4333-8444-555555555555',
      inspectionId: older.inspectionId,
      turbineId: turbine,
      repairStatus: 6,
      repairedAt: '2025-01-15T10:00:00.000Z',
    });
    const after = await eventually(async () => {
      const t = (await h.api(`${BASE}/inspections/${newer.inspectionId}/timeline`)).body;
      return t.repaired.some((d: Body) => d.defectId === stable.previousDefectId) ? t : null;
    });
    assert.equal(after.repaired.find((d: Body) => d.defectId === stable.previousDefectId).timelineStatus, 'REPAIRED');
  });

  test('engineers can overrule a status; it survives recomputation until the link changes', async () => {
    const t = (await h.api(`${BASE}/inspections/${newer.inspectionId}/timeline`)).body;
    const fresh = t.defects.find((d: Body) => d.timelineStatus === 'NEW');
    const r = await h.api(`${BASE}/defects/${fresh.defectId}/timeline-status`, { method: 'PUT', json: { timelineStatus: 'STABLE' } });
    assert.deepEqual([r.status, r.body.timelineStatus, r.body.timelineManual], [200, 'STABLE', true]);
    assert.equal(
      (await h.api(`${BASE}/defects/${fresh.defectId}/timeline-status`, { method: 'PUT', json: { timelineStatus: 'WORSE' } })).body.code,
      'VALIDATION_FAILED',
    );
    // Another defect change recomputes the others but keeps the manual one.
    const img = t.defects[0].imageId;
    await defect(newer.inspectionId, img, { defectType: 'Dirt', distanceToRoot: 5 });
    assert.equal((await h.api(`${BASE}/defects/${fresh.defectId}`)).body.timelineStatus, 'STABLE');
    // Unlinking: statuses back to not applicable, event published.
    const un = await h.api(`${BASE}/inspections/${newer.inspectionId}/timeline-link`, { method: 'DELETE' });
    assert.equal(un.status, 200);
    assert.ok(un.body.defects.every((d: Body) => d.timelineStatus === 'NOT_APPLICABLE' && !d.timelineManual));
    assert.equal((await h.published(EventTypes.InspectionTimelineUnlinked)).at(-1).payload.inspectionId, newer.inspectionId);
    const changed = (await h.published(EventTypes.InspectionTimelineChanged)).filter((e: Body) => e.key === newer.inspectionId).at(-1);
    assert.equal(changed.payload.previousInspectionId, null);
    assert.ok(changed.payload.defects.every((d: Body) => d.timelineStatus === 'NOT_APPLICABLE' && d.previousDefectId === null));
  });

  test('internal/external defect links: linked, unlinked, and refused when the blade was changed', async () => {
    const ext = (await h.api(`${BASE}/defects?inspectionId=${newer.inspectionId}&bladePosition=1`)).body.results[0];
    const internal = await h.inspection(turbine, '2025-06-02', 6);
    const intImg = await image(internal.inspectionId, 1);
    const intDefect = await defect(internal.inspectionId, intImg, { defectType: 'Crack', distanceToRoot: 30 });
    assert.equal((await h.api(`${BASE}/defects/${ext.defectId}/links`)).body.state, 'UNLINKED');
    const link = await h.api(`${BASE}/defect-links`, {
      method: 'POST',
      json: { externalDefectId: ext.defectId, internalDefectId: intDefect },
    });
    assert.equal(link.status, 201, JSON.stringify(link.body));
    assert.deepEqual([link.body.state, link.body.linked[0].defectId], ['LINKED', intDefect]);
    assert.equal((await h.api(`${BASE}/defects/${intDefect}/links`)).body.linked[0].defectId, ext.defectId);
    // Linked defects cannot be deleted ("Link Defect Related").
    const del = await h.api(`${BASE}/defects/${intDefect}`, { method: 'DELETE' });
    assert.deepEqual([del.status, del.body.code], [409, 'LINK_DEFECT_RELATED']);
    // Wrong way round: internal as external.
    assert.equal(
      (await h.api(`${BASE}/defect-links`, { method: 'POST', json: { externalDefectId: intDefect, internalDefectId: ext.defectId } })).body
        .code,
      'INSPECTION_COMPONENT_MISMATCH',
    );
    const un = await h.api(`${BASE}/defect-links?externalDefectId=${ext.defectId}&internalDefectId=${intDefect}`, { method: 'DELETE' });
    assert.equal(un.body.state, 'UNLINKED');

    // Asset replaces blade 1 (new serial): a later internal inspection sees another blade.
    await h.publish(EventTypes.AssetTurbineUpdated, turbine, {
      turbineId: turbine,
      turbineName: 'WTG-01',
      windFarmId: newer.windFarmId,
      serialNumber: 'SN-WTG-01',
      blades: [1, 2, 3].map((position) => ({
        position,
        name: 'ABC'[position - 1]!,
        serialNumber: position === 1 ? 'NEW-BLADE' : `WTG-01-${position}`,
        length: 80,
      })),
    });
    await eventually(
      async () =>
        (await h.sql(`SELECT serial_number FROM inspection.blade_ref WHERE turbine_id = $1 AND position = 1`, [turbine]))[0]
          .serial_number === 'NEW-BLADE',
    );
    const later = await h.inspection(turbine, '2025-07-01', 6);
    const laterDefect = await defect(later.inspectionId, await image(later.inspectionId, 1), { defectType: 'Crack', distanceToRoot: 30 });
    const changed = await h.api(`${BASE}/defect-links`, {
      method: 'POST',
      json: { externalDefectId: ext.defectId, internalDefectId: laterDefect },
    });
    assert.deepEqual([changed.status, changed.body.code], [409, 'BLADE_CHANGED_CANNOT_LINK']);
    assert.equal((await h.api(`${BASE}/defects/${laterDefect}/links`)).body.state, 'BLADE_CHANGED');
    assert.equal((await h.sql('SELECT count(*)::int AS n FROM inspection.defect_link'))[0].n, 0);
  });
});
