import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventTypes, type LpsImportReading, type TableCommittedPayload } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { InspectionHarness, type Body } from '../testing/inspection-harness.js';

const BASE = '/gw/inspection/api/v2';
const LPS_HEADERS = { turbine: 'Turbine', inspectionDate: 'Inspection date', receptorId: 'Receptor ID', template: 'LPS template', minOhm: 'Min (ohm)', maxOhm: 'Max (ohm)' };

describe('LPS and template workbooks from import (import.table.committed): all rows or none', () => {
  let h: InspectionHarness;
  let park: { parkId: string; customerId: string };
  let t1: string;
  let t2: string;
  const count = async (table: string) => (await h.sql(`SELECT count(*)::int AS n FROM inspection.${table}`))[0].n as number;
  const answer = async (id: string) => eventually(async () => (await h.published(EventTypes.InspectionTableApplied)).find((e: Body) => e.key === id) ?? null);
  const reading = (row: number, over: Partial<LpsImportReading> = {}): LpsImportReading => ({
    row,
    turbineId: t1,
    turbineName: 'WTG-01',
    inspectionDate: '2025-06-01',
    bladePosition: 1,
    receptorId: `R${row}`,
    side: 'PS',
    ohm: 0.1,
    openCircuit: false,
    ringCount: null,
    template: null,
    minOhm: null,
    maxOhm: null,
    ...over,
  });
  const lps = (id: string, readings: LpsImportReading[]): TableCommittedPayload => ({
    tableImportId: id,
    userId: null,
    kind: 'lps',
    windfarmId: park.parkId,
    readings,
    origins: { lps: { sheet: 'LPS readings', headers: LPS_HEADERS, locale: 'en_us' } },
  });

  before(async () => {
    h = await InspectionHarness.start();
    park = await h.park('Gansu');
    t1 = await h.turbine(park.parkId, 'WTG-01');
    t2 = await h.turbine(park.parkId, 'WTG-02');
    await h.inspection(t1, '2025-06-01', 10);
    const tpl = await h.api(`${BASE}/customers/${park.customerId}/lps-templates`, { method: 'POST', json: { name: 'Standard', minOhm: 0, maxOhm: 0.2 } });
    assert.equal(tpl.status, 201);
  });
  after(async () => h?.stop());

  test('inspection-side checks are located (-12002, -12004, -12009) and nothing is stored', async () => {
    const id = randomUUID();
    await h.publish(
      EventTypes.ImportTableCommitted,
      id,
      lps(id, [
        reading(2, { template: 'standard' }),
        reading(3, { template: 'Nope' }),
        reading(4, { turbineId: t2, turbineName: 'WTG-02' }),
        reading(5, { template: 'Standard', minOhm: 0.5 }),
      ]),
    );
    const a = (await answer(id)).payload;
    assert.equal(a.ok, false);
    assert.deepEqual(
      a.findings.map((f: Body) => [f.code, f.sheet, f.row, f.column, f.value]),
      [
        [-12004, 'LPS readings', 3, 'LPS template', 'Nope'],
        [-12002, 'LPS readings', 4, 'Inspection date', '2025-06-01'],
        [-12009, 'LPS readings', 5, 'Min (ohm)', '0.5'],
      ],
    );
    assert.equal(await count('lps_measurement'), 0);
    assert.equal((await h.published(EventTypes.InspectionLpsChanged)).length, 0);
  });

  test('a clean batch lands whole with the template bounds and is announced; a redelivery or a second import of the same readings stores nothing', async () => {
    const id = randomUUID();
    const batch = lps(id, [reading(2, { template: 'Standard' }), reading(3, { side: 'SS', ohm: null, openCircuit: true, ringCount: 2 })]);
    await h.publish(EventTypes.ImportTableCommitted, id, batch);
    const a = (await answer(id)).payload;
    assert.equal(a.ok, true, JSON.stringify(a));
    assert.equal(a.created, 2);
    const rows = await h.sql('SELECT receptor_id, side, ohm, open_circuit, min_ohm, max_ohm, ring_count FROM inspection.lps_measurement ORDER BY receptor_id');
    assert.deepEqual(
      rows.map((r: Body) => [r.receptor_id, r.side, r.ohm, r.open_circuit, r.min_ohm, r.max_ohm, r.ring_count]),
      [
        ['R2', 'PS', '0.100', false, '0.000', '0.200', null],
        ['R3', 'SS', null, true, null, null, 2],
      ],
    );
    const changed = await h.published(EventTypes.InspectionLpsChanged);
    assert.equal(changed.length, 1);
    assert.equal(changed[0].payload.readings.length, 2);
    await h.publish(EventTypes.ImportTableCommitted, id, batch);
    const again = randomUUID();
    await h.publish(EventTypes.ImportTableCommitted, again, { ...batch, tableImportId: again });
    const b = (await answer(again)).payload;
    assert.equal(b.ok, false);
    assert.deepEqual(b.findings.map((f: Body) => [f.code, f.row, f.column]), [
      ['DUPLICATE_VALUES', 2, 'Receptor ID'],
      ['DUPLICATE_VALUES', 3, 'Receptor ID'],
    ]);
    assert.equal((await h.published(EventTypes.InspectionTableApplied)).filter((e: Body) => e.key === id).length, 1);
    assert.equal(await count('lps_measurement'), 2);
  });

  test('templates: a name the customer has is -20001 at its row (nothing stored); a clean batch adds every item', async () => {
    const add = await h.api(`${BASE}/customers/${park.customerId}/defect-templates/types`, { method: 'POST', json: { name: 'Erosion' } });
    assert.equal(add.status, 201);
    const before = await count('template_item');
    const batch = (id: string, typeName: string): TableCommittedPayload => ({
      tableImportId: id,
      userId: null,
      kind: 'templates',
      customerId: park.customerId,
      items: [
        { row: 2, kind: 'severity', name: 'Serious', level: 4 },
        { row: 3, kind: 'type', name: typeName, level: null },
      ],
      lpsTemplates: [{ row: 2, name: 'Tight', minOhm: 0, maxOhm: 0.05 }],
      origins: {
        defectTemplate: { sheet: '缺陷模板', headers: { name: '名称' }, locale: 'zh_cn' },
        lpsTemplates: { sheet: '防雷模板', headers: { name: '名称' }, locale: 'zh_cn' },
      },
    });
    const id = randomUUID();
    await h.publish(EventTypes.ImportTableCommitted, id, batch(id, 'erosion'));
    const a = (await answer(id)).payload;
    assert.deepEqual(a.findings.map((f: Body) => [f.code, f.sheet, f.row, f.column, f.value]), [[-20001, '缺陷模板', 3, '名称', 'erosion']]);
    assert.equal(await count('template_item'), before);
    assert.equal(await count('lps_template'), 1);
    const ok = randomUUID();
    await h.publish(EventTypes.ImportTableCommitted, ok, batch(ok, 'Crack'));
    assert.equal((await answer(ok)).payload.created, 3);
    const all = await h.api(`${BASE}/customers/${park.customerId}/defect-templates`);
    assert.deepEqual(all.body.severities.map((s: Body) => [s.name, s.level]), [['Serious', 4]]);
    assert.deepEqual(all.body.types.map((s: Body) => s.name).sort(), ['Crack', 'Erosion']);
    assert.equal(await count('lps_template'), 2);
  });
});
