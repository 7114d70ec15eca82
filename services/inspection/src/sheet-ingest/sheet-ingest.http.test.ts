import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventTypes, type SheetCommittedPayload } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { InspectionHarness, type Body } from '../testing/inspection-harness.js';

describe('spreadsheet batches from import (import.sheet.committed)', () => {
  let h: InspectionHarness;
  let parkId: string;
  let customerId: string;
  const turbines: Record<string, string> = {};

  before(async () => {
    h = await InspectionHarness.start();
    ({ parkId, customerId } = await h.park('Anholt'));
    for (const t of ['A1', 'A2', 'A3']) turbines[t] = await h.turbine(parkId, t);
  });
  after(async () => h?.stop());

  const batch = (id: string, items: [string, string][]): SheetCommittedPayload => ({
    sheetImportId: id,
    windfarmId: parkId,
    customerId,
    projectId: null,
    componentType: 1,
    packageType: 1,
    defectTemplateId: null,
    userId: null,
    inspections: items.map(([t, d]) => ({ turbineId: turbines[t]!, turbineName: t, inspectionDate: d, blades: [], defects: [] })),
  });
  const answer = async (id: string) =>
    eventually(async () => (await h.published(EventTypes.InspectionSheetApplied)).find((e: Body) => e.key === id) ?? null);
  const inspections = async () => (await h.sql('SELECT turbine_id, inspection_date FROM inspection.inspection ORDER BY created_at')).length;

  test('the whole batch lands in one transaction and is answered with the created inspections; a redelivery changes nothing', async () => {
    const id = randomUUID();
    await h.publish(EventTypes.ImportSheetCommitted, id, batch(id, [['A1', '2026-04-01'], ['A2', '2026-04-01']]));
    const a = await answer(id);
    assert.equal(a.payload.ok, true);
    assert.deepEqual(a.payload.inspections.map((x: Body) => x.turbineName), ['A1', 'A2']);
    assert.equal(await inspections(), 2);
    const created = (await h.published(EventTypes.InspectionInspectionCreated)).length;
    assert.equal(created, 2);
    await h.publish(EventTypes.ImportSheetCommitted, id, batch(id, [['A1', '2026-04-01'], ['A2', '2026-04-01']]));
    await new Promise((r) => setTimeout(r, 500));
    assert.equal((await h.published(EventTypes.InspectionSheetApplied)).filter((e: Body) => e.key === id).length, 1);
    assert.equal(await inspections(), 2);
  });

  test('one refused inspection leaves nothing behind: no inspection, no event, the answer says why', async () => {
    const before = await inspections();
    const events = (await h.published(EventTypes.InspectionInspectionCreated)).length;
    const id = randomUUID();
    // A3 is new, A1 already has an inspection that day: the batch is refused whole.
    await h.publish(EventTypes.ImportSheetCommitted, id, batch(id, [['A3', '2026-04-01'], ['A1', '2026-04-01']]));
    const a = await answer(id);
    assert.equal(a.payload.ok, false);
    assert.equal(a.payload.error.code, -10009);
    assert.equal(a.payload.error.params.turbineName, 'A1');
    assert.equal(await inspections(), before);
    assert.equal((await h.published(EventTypes.InspectionInspectionCreated)).length, events);
    assert.equal((await h.sql(`SELECT status FROM inspection.sheet_ingest WHERE sheet_import_id = $1`, [id]))[0].status, 'failed');
  });
});
