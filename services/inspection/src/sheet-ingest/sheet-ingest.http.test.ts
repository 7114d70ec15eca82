import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { EventTypes, type SheetCommittedPayload, type SheetDefectPayload } from '@windward/contracts';
import { LocalFileStore } from '@windward/service-kit';
import { eventually } from '@windward/service-kit/testing';
import { InspectionHarness, jpeg, type Body } from '../testing/inspection-harness.js';

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

  describe('defects with their photos (step 3)', () => {
    const defect = (no: string, blade: number, image: SheetDefectPayload['image']): SheetDefectPayload => ({
      defectNo: no,
      bladePosition: blade,
      defectType: 'Erosion',
      severity: 3,
      distanceToRoot: 12.5,
      sizeLength: 30,
      sizeWidth: 4.25,
      imageId: image ? image.fileName : null,
      description: null,
      image,
    });
    const photo = async (id: string, name: string) => {
      const bytes = await jpeg(320, 240);
      const fileKey = `sheet-imports/${id}/attempt/${name}`;
      await new LocalFileStore(h.filesDir).put(fileKey, bytes);
      return { fileKey, fileName: name, format: 'jpeg' as const, width: 320, height: 240, sizeBytes: bytes.length };
    };
    const defectsOf = (inspectionId: string) =>
      h.sql(`SELECT d.defect_no, d.blade_position, d.severity, d.distance_to_root, i.file_name FROM inspection.defect d JOIN inspection.image i ON i.id = d.image_id WHERE d.inspection_id = $1 ORDER BY d.defect_no`, [inspectionId]);
    const images = async () => (await h.sql('SELECT count(*)::int AS n FROM inspection.image'))[0].n as number;
    const defects = async () => (await h.sql('SELECT count(*)::int AS n FROM inspection.defect'))[0].n as number;

    test('every defect row becomes a defect on its photo (one image per photo), with its events', async () => {
      const id = randomUUID();
      const [p1, p2] = [await photo(id, 'IMG_001.jpg'), await photo(id, 'IMG_002.jpg')];
      const b = batch(id, [['A1', '2026-05-02']]);
      b.inspections[0]!.defects = [defect('000001', 1, p1), defect('000002', 1, p1), defect('000003', 2, p2)];
      const createdBefore = (await h.published(EventTypes.InspectionDefectCreated)).length;
      await h.publish(EventTypes.ImportSheetCommitted, id, b);
      const a = await answer(id);
      assert.equal(a.payload.ok, true, JSON.stringify(a.payload.error));
      const inspectionId = a.payload.inspections[0].inspectionId;
      const rows = await defectsOf(inspectionId);
      assert.deepEqual(
        rows.map((r: Body) => [r.defect_no, r.blade_position, r.severity, Number(r.distance_to_root), r.file_name]),
        [
          ['000001', 1, 3, 12.5, 'IMG_001.jpg'],
          ['000002', 1, 3, 12.5, 'IMG_001.jpg'],
          ['000003', 2, 3, 12.5, 'IMG_002.jpg'],
        ],
      );
      assert.equal((await h.sql('SELECT count(*)::int AS n FROM inspection.image WHERE inspection_id = $1', [inspectionId]))[0].n, 2);
      assert.equal((await readdir(path.join(h.filesDir, 'inspection', 'images', inspectionId))).length, 2);
      await eventually(async () => ((await h.published(EventTypes.InspectionDefectCreated)).length - createdBefore === 3 ? true : null));
    });

    test('a photo gone from the store (or a severity beyond the palette) refuses the batch whole: no inspection, image, defect or file', async () => {
      const before = [await inspections(), await images(), await defects()];
      for (const [i, bad] of ['gone', 'severity'].entries()) {
        const id = randomUUID();
        const good = await photo(id, 'ok.jpg');
        const b = batch(id, [['A2', `2026-05-1${i}`], ['A3', `2026-05-1${i}`]]);
        b.inspections[0]!.defects = [defect('000001', 1, good)];
        b.inspections[1]!.defects =
          bad === 'gone'
            ? [defect('000002', 1, { ...good, fileKey: `sheet-imports/${id}/attempt/missing.jpg`, fileName: 'missing.jpg' })]
            : [{ ...defect('000002', 1, good), severity: 7 }];
        await h.publish(EventTypes.ImportSheetCommitted, id, b);
        const a = await answer(id);
        assert.equal(a.payload.ok, false);
        assert.equal(a.payload.error.code, bad === 'gone' ? -10015 : -10006);
        assert.deepEqual([await inspections(), await images(), await defects()], before);
      }
      const dirs = await readdir(path.join(h.filesDir, 'inspection', 'images')).catch(() => [] as string[]);
      for (const d of dirs) assert.ok((await h.sql('SELECT 1 FROM inspection.inspection WHERE id = $1', [d])).length, `no files of a rolled-back inspection (${d})`);
    });
  });
});
