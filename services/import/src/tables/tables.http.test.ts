import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { EventTypes, LPS_IMPORT_SHEET, Rights, TEMPLATE_IMPORT_SHEETS, type Locale, type TableDefinition } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { API, ImportHarness, type Body } from '../testing/import-harness.js';

type Rows = (string | number | null)[][];
const head = (def: TableDefinition, locale: Locale = 'en_us') => def.columns.map((c) => c[locale]);

/** A workbook written by exceljs in the test: sheet name → rows (first row = headers). */
async function book(sheets: Record<string, Rows>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    rows.forEach((r) => ws.addRow(r));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const located = (b: Body) => b.findings.map((f: Body) => [f.code, f.sheet, f.row, f.column, f.value]);

describe('LPS and template imports (single-table workbooks)', () => {
  let h: ImportHarness;
  let park: { parkId: string; customerId: string };
  const committed = async (id: string) => (await h.published(EventTypes.ImportTableCommitted)).filter((e: Body) => e.key === id);
  const send = (kind: 'lps' | 'template', bytes: Buffer, fields: Record<string, string>, name = 'sheet.xlsx', init: { locale?: Locale; token?: string } = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([bytes]), name);
    return h.api(`${API}/${kind}-imports`, { form, ...init });
  };

  before(async () => {
    h = await ImportHarness.start();
    park = await h.park('Dabancheng');
    for (const t of ['WTG-01', 'WTG-02']) await h.turbine(park.parkId, t);
  });
  after(async () => h?.stop());

  test('LPS: every check located at its sheet, row and column, all at once; nothing is sent', async () => {
    const rows: Rows = [
      head(LPS_IMPORT_SHEET),
      ['WTG-09', '2025-06-01', 1, 'R1', 'PS', 0.1, null, null, null, null],
      ['WTG-01', 'soon', 1, 'R2', 'PS', 0.1, null, null, null, null],
      ['WTG-01', '2025-06-01', 'D', 'R3', 'PS', 0.1, null, null, null, null],
      ['WTG-01', '2025-06-01', 2, 'R4', 'XS', 0.1, null, null, null, null],
      ['WTG-01', '2025-06-01', 2, 'R5', 'SS', 'abc', 'x', null, null, null],
      ['WTG-01', '2025-06-01', 3, 'R6', 'PS', 0.1234, null, null, 2, 1],
      ['wtg-01', '2025-06-01', 'C', 'r6', 'ps', 'OC', null, null, null, null],
    ];
    const r = await send('lps', await book({ 'LPS readings': rows }), { windfarmId: park.parkId });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.status, 'REFUSED');
    assert.deepEqual(located(r.body), [
      [-12005, 'LPS readings', 2, 'Turbine', 'WTG-09'],
      [-12002, 'LPS readings', 3, 'Inspection date', 'soon'],
      [-12006, 'LPS readings', 4, 'Blade', 'D'],
      [-12007, 'LPS readings', 5, 'Side', 'XS'],
      [-12008, 'LPS readings', 6, 'Reading (ohm)', 'abc'],
      [-12008, 'LPS readings', 6, 'Ring count', 'x'],
      [-12008, 'LPS readings', 7, 'Reading (ohm)', '0.1234'],
      [-12009, 'LPS readings', 7, 'Min (ohm)', '2'],
      ['DUPLICATE_VALUES', 'LPS readings', 8, 'Receptor ID', 'r6'],
    ]);
    assert.equal(r.body.findings[0].message, 'The turbine was not found.');
    assert.equal((await committed(r.body.tableImportId)).length, 0);

    // In Chinese: sheet and headers of the Chinese template, messages in the request's language.
    const zh = await book({ 防雷测量: [head(LPS_IMPORT_SHEET, 'zh_cn').filter((c) => c !== '面'), ['WTG-01', '2025-06-01', 1, 'R1', 0.1]] });
    const z = await send('lps', zh, { windfarmId: park.parkId }, 'zh.xlsx', { locale: 'zh_cn' });
    assert.deepEqual(located(z.body), [[-120012, '防雷测量', 1, '面', null]]);
    assert.equal(z.body.findings[0].message, '缺少必需的列。');

    const empty = await send('lps', await book({ 'LPS readings': [head(LPS_IMPORT_SHEET)], Notes: [['x']] }), { windfarmId: park.parkId });
    assert.deepEqual(located(empty.body), [[-120011, 'LPS readings', null, null, null]]);
    const none = await send('lps', await book({ Notes: [['x']] }), { windfarmId: park.parkId });
    assert.deepEqual(located(none.body), [[-120011, 'LPS readings', null, null, null]]);

    // Refused before any reading: other file types, and parks outside the caller's scope.
    assert.equal((await send('lps', Buffer.from('a,b'), { windfarmId: park.parkId }, 'x.csv')).body.code, -10001);
    const other = await h.token({ rights: [Rights.LPS_EDIT], pid: [], cid: [park.customerId] });
    assert.equal((await send('lps', await book({ Notes: [['x']] }), { windfarmId: park.parkId }, 'a.xlsx', { token: other })).body.code, 'WIND_PARK_NOT_FOUND');
    assert.equal((await h.published(EventTypes.ImportTableCommitted)).length, 0);
  });

  test('LPS: the downloadable template reads back clean; the readings go to inspection in one event and its answer ends the import', async () => {
    for (const lang of ['en_us', 'zh_cn'] as const) {
      const t = await h.api(`${API}/lps-imports/template?lang=${lang}`);
      assert.equal(t.status, 200);
      const r = await send('lps', Buffer.from(t.bytes!), { windfarmId: park.parkId }, 'template.xlsx');
      assert.equal(r.body.status, 'PENDING', JSON.stringify(r.body.findings));
      const [event] = await committed(r.body.tableImportId);
      assert.equal(event.payload.kind, 'lps');
      assert.equal(event.payload.readings.length, 1);
      assert.equal(event.payload.origins.lps.sheet, LPS_IMPORT_SHEET[lang]);
    }
    const rows: Rows = [head(LPS_IMPORT_SHEET), ['wtg-02', '2025/06/02', 'B', 'R1', 'SS', 'OC', 3, 'Standard', null, null]];
    const r = await send('lps', await book({ 'LPS readings': rows }), { windfarmId: park.parkId });
    const id = r.body.tableImportId;
    const [event] = await committed(id);
    const { row, turbineName, inspectionDate, bladePosition, side, openCircuit, ohm, ringCount, template } = event.payload.readings[0];
    assert.deepEqual(
      { row, turbineName, inspectionDate, bladePosition, side, openCircuit, ohm, ringCount, template },
      { row: 2, turbineName: 'WTG-02', inspectionDate: '2025-06-02', bladePosition: 2, side: 'SS', openCircuit: true, ohm: null, ringCount: 3, template: 'Standard' },
    );
    // inspection refuses (located) → FAILED with its findings; accepts → SUCCEEDED.
    const finding = { code: -12002, sheet: 'LPS readings', row: 2, column: 'Inspection date', value: '2025-06-02' };
    await h.publish(EventTypes.InspectionTableApplied, id, { tableImportId: id, ok: false, created: 0, findings: [finding] });
    const failed = await eventually(async () => {
      const g = await h.api(`${API}/lps-imports/${id}`, { locale: 'zh_cn' });
      return g.body.status === 'FAILED' ? g.body : null;
    });
    assert.deepEqual(located(failed), [[-12002, 'LPS readings', 2, 'Inspection date', '2025-06-02']]);
    assert.equal(failed.findings[0].message, '未找到活动。');
    const report = await h.api(`${API}/lps-imports/${id}/error-report`);
    assert.equal(report.status, 200);

    const ok = (await send('lps', await book({ 'LPS readings': rows }), { windfarmId: park.parkId })).body.tableImportId;
    await h.publish(EventTypes.InspectionTableApplied, ok, { tableImportId: ok, ok: true, created: 1, inspectionIds: [park.parkId], findings: [] });
    const done = await eventually(async () => {
      const g = await h.api(`${API}/lps-imports/latest`);
      return g.body.current?.status === 'SUCCEEDED' ? g.body.current : null;
    });
    assert.equal(done.created, 1);
    assert.equal(done.tableImportId, ok);
  });

  test('templates: -20002…-20008 located; the template workbook reads back; a clean file goes to inspection', async () => {
    const [defects, lps] = TEMPLATE_IMPORT_SHEETS as [TableDefinition, TableDefinition];
    const bad = await book({
      'Defect template': [
        head(defects),
        ['Type', 'Erosion', null],
        ['type', 'erosion', null],
        ['Colour', 'Red', null],
        ['Severity', null, 7],
        ['Severity', 'Minor', null],
        ['Recommendation', 'x'.repeat(501), null],
      ],
      'LPS templates': [['Name', 'Min (ohm)'], ['Tight', 2]],
    });
    const r = await send('template', bad, { customerId: park.customerId });
    assert.equal(r.body.status, 'REFUSED');
    assert.deepEqual(located(r.body), [
      [-20003, 'LPS templates', 1, 'Max (ohm)', null],
      [-20002, 'Defect template', 3, 'Name', 'erosion'],
      [-20005, 'Defect template', 4, 'Kind', 'Colour'],
      [-20004, 'Defect template', 5, 'Name', null],
      [-20005, 'Defect template', 5, 'Level', '7'],
      [-20004, 'Defect template', 6, 'Level', null],
      [-20006, 'Defect template', 7, 'Name', 'x'.repeat(501)],
    ]);
    const minMax = await send('template', await book({ 'LPS templates': [head(lps), ['Tight', 2, 1], ['Loose', 'low', null]] }), { customerId: park.customerId });
    assert.deepEqual(located(minMax.body), [
      [-20008, 'LPS templates', 2, 'Min (ohm)', '2'],
      [-20005, 'LPS templates', 3, 'Min (ohm)', 'low'],
    ]);
    const empty = await send('template', await book({ 缺陷模板: [head(defects, 'zh_cn')] }), { customerId: park.customerId }, 'e.xlsx', { locale: 'zh_cn' });
    assert.deepEqual(located(empty.body), [[-20007, '缺陷模板', null, null, null]]);
    assert.equal(empty.body.findings[0].message, '模板为空。');
    assert.equal((await h.published(EventTypes.ImportTableCommitted)).filter((e: Body) => e.payload.kind === 'templates').length, 0);

    for (const lang of ['en_us', 'zh_cn'] as const) {
      const t = await h.api(`${API}/template-imports/template?lang=${lang}`);
      const ok = await send('template', Buffer.from(t.bytes!), { customerId: park.customerId });
      assert.equal(ok.body.status, 'PENDING', JSON.stringify(ok.body.findings));
      const [event] = await committed(ok.body.tableImportId);
      assert.deepEqual(
        event.payload.items.map((i: Body) => [i.row, i.kind, i.level]),
        [
          [2, 'type', null],
          [3, 'severity', 4],
          [4, 'recommendation', null],
        ],
      );
      assert.deepEqual(event.payload.lpsTemplates.map((i: Body) => [i.minOhm, i.maxOhm]), [[0, 1]]);
      assert.equal(event.payload.customerId, park.customerId);
    }
    // Config Center rights: a data-import user cannot import templates.
    const noConfig = await h.token({ rights: [Rights.DATA_INTEGRATION_EDIT] });
    assert.equal((await send('template', bad, { customerId: park.customerId }, 'a.xlsx', { token: noConfig })).status, 403);
  });
});
