import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventTypes } from '@windward/contracts';
import { InspectionHarness, type Body } from '../testing/inspection-harness.js';

const BASE = '/gw/inspection/api/v2';

describe('LPS measurements: ohm or OC, bounds from a template, min > max refused', () => {
  let h: InspectionHarness;
  let park: { parkId: string; customerId: string };
  let lps: Body;
  const rows = async () => (await h.sql('SELECT count(*)::int AS n FROM inspection.lps_measurement'))[0].n as number;
  const add = (json: Record<string, unknown>, inspectionId = lps.inspectionId) =>
    h.api(`${BASE}/inspections/${inspectionId}/lps-measurements`, {
      method: 'POST',
      json: { bladePosition: 1, receptorId: 'R1', side: 'PS', ...json },
    });

  before(async () => {
    h = await InspectionHarness.start();
    park = await h.park('Bayan');
    const turbine = await h.turbine(park.parkId, 'WTG-01');
    lps = await h.inspection(turbine, '2025-06-01', 10);
  });
  after(async () => h?.stop());

  test('readings with template bounds, OC, ring count; in-range judgement', async () => {
    assert.equal(lps.componentType, 0);
    const tpl = await h.api(`${BASE}/customers/${park.customerId}/lps-templates`, {
      method: 'POST',
      json: { name: 'Standard', minOhm: 0, maxOhm: 0.2 },
    });
    assert.equal(tpl.status, 201, JSON.stringify(tpl.body));
    const ok = await add({ reading: '0.125', templateId: tpl.body.id, ringCount: 3 });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.deepEqual([ok.body.reading, ok.body.minOhm, ok.body.maxOhm, ok.body.ringCount, ok.body.withinRange], ['0.125', 0, 0.2, 3, true]);
    const oc = await add({ side: 'SS', reading: ' oc ', minOhm: 0, maxOhm: 1 });
    assert.deepEqual([oc.body.reading, oc.body.openCircuit, oc.body.withinRange], ['OC', true, false]);
    const high = await add({ receptorId: 'R2', reading: 5, templateId: tpl.body.id });
    assert.equal(high.body.withinRange, false);
    const list = (await h.api(`${BASE}/inspections/${lps.inspectionId}/lps-measurements`)).body;
    assert.deepEqual(
      list.map((r: Body) => [r.receptorId, r.side]),
      [
        ['R1', 'PS'],
        ['R1', 'SS'],
        ['R2', 'PS'],
      ],
    );
    // Each change announces the inspection's full set (report's LPS tables); a removal too.
    const changed = (await h.published(EventTypes.InspectionLpsChanged)).filter((e: Body) => e.payload.inspectionId === lps.inspectionId);
    assert.equal(changed.length, 3);
    assert.deepEqual(changed.at(-1).payload, {
      inspectionId: lps.inspectionId,
      turbineId: lps.turbineId,
      windFarmId: park.parkId,
      readings: [
        { bladePosition: 1, receptorId: 'R1', side: 'PS', ohm: 0.125, openCircuit: false, minOhm: 0, maxOhm: 0.2 },
        { bladePosition: 1, receptorId: 'R1', side: 'SS', ohm: null, openCircuit: true, minOhm: 0, maxOhm: 1 },
        { bladePosition: 1, receptorId: 'R2', side: 'PS', ohm: 5, openCircuit: false, minOhm: 0, maxOhm: 0.2 },
      ],
    });
    assert.equal((await h.api(`${BASE}/lps-measurements/${high.body.id}`, { method: 'DELETE' })).status, 204);
    const last = (await h.published(EventTypes.InspectionLpsChanged)).at(-1);
    assert.deepEqual(
      last.payload.readings.map((r: Body) => r.receptorId),
      ['R1', 'R1'],
    );
  });

  test('bad readings, min > max, ring counts, duplicates and non-LPS inspections are refused; nothing is written', async () => {
    const before = await rows();
    const cases: [Record<string, unknown>, string | number][] = [
      [{ receptorId: 'R9', reading: 'open' }, 'INVALID_OHM_VALUE'],
      [{ receptorId: 'R9', reading: '-1' }, 'INVALID_OHM_VALUE'],
      [{ receptorId: 'R9', reading: '1.2345' }, 'INVALID_OHM_VALUE'],
      [{ receptorId: 'R9', reading: '1', minOhm: 2, maxOhm: 1 }, 'MIN_GREATER_THAN_MAX'],
      [{ receptorId: 'R9', reading: '1', ringCount: -1 }, 'NON_NEGATIVE_INTEGER_REQUIRED'],
      [{ receptorId: 'R9', reading: '1', side: 'LE' }, 'VALIDATION_FAILED'],
      [{ receptorId: 'R9', reading: '1', templateId: '00000000-0000-4000-8000-000000000000' }, -12004],
      [{ reading: '1' }, 'DUPLICATE_VALUES'],
    ];
    for (const [body, code] of cases) assert.equal((await add(body)).body.code, code, JSON.stringify(body));
    const blade = await h.inspection(lps.turbineId, '2025-06-01', 1);
    assert.equal((await add({ reading: '1' }, blade.inspectionId)).body.code, 'INSPECTION_COMPONENT_MISMATCH');
    const tpl = await h.api(`${BASE}/customers/${park.customerId}/lps-templates`, {
      method: 'POST',
      json: { name: 'Bad', minOhm: 3, maxOhm: 1 },
    });
    assert.equal(tpl.body.code, 'MIN_GREATER_THAN_MAX');
    assert.equal((await h.api(`${BASE}/customers/${park.customerId}/lps-templates`)).body.length, 1);
    assert.equal(await rows(), before);
  });
});
