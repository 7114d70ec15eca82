import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { EventTypes, Rights, UploadFileStatus as S } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { API, ImportHarness, photo, type Body } from '../testing/import-harness.js';

type Rows = (string | number | null)[][];

/** Another vendor's defect workbook, written by exceljs: their sheet names, headers, an extra column, a letter scale. */
async function vendorWorkbook(o: { severity?: string; dropHeader?: string; turbine?: string; date?: string } = {}): Promise<Buffer> {
  const turbine = o.turbine ?? 'WTG-01';
  const date = o.date ?? '2026-06-01';
  const sheets: Record<string, Rows> = {
    Sites: [
      ['Asset', 'Site', 'Survey date', 'Inspector'],
      [turbine, 'Borkum', date, 'J. Doe'],
    ],
    'Blade list': [
      ['Asset', 'Rotor position', 'Blade tag', 'Blade serial'],
      [turbine, 1, `${turbine}-B1`, `${turbine}-S1`],
      [turbine, 2, `${turbine}-B2`, `${turbine}-S2`],
      [turbine, 3, `${turbine}-B3`, `${turbine}-S3`],
    ],
    Findings: [
      ['Asset', 'Survey date', 'Finding no', 'Rotor position', 'Damage', 'Damage class', 'Radius (m)', 'Length (mm)', 'Width (mm)', 'Photo', 'Notes', 'Inspector'],
      [turbine, date, '700001', 2, 'Erosion', o.severity ?? 'cat d', 14.5, 120, 30, 'DJI_0001', 'LE erosion', 'J. Doe'],
      [turbine, date, '700002', 3, 'Crack', 'Cat B', 20, '', '', 'DJI_0002', '', 'J. Doe'],
    ],
  };
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(o.dropHeader ? r.filter((_c, i) => rows[0]![i] !== o.dropHeader) : r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The vendor's names for our sheets and columns and their scale A..E for our 1..5. */
const vendorMapping = (customerId: string, name = 'Borkum drones') => ({
  customerId,
  name,
  sheets: [
    { sheet: 'inspections', name: 'Sites' },
    { sheet: 'blades', name: 'Blade list' },
    { sheet: 'defects', name: 'Findings' },
  ],
  columns: [
    ...['inspections', 'blades', 'defects'].map((sheet) => ({ sheet, column: 'turbine', header: 'Asset' })),
    { sheet: 'inspections', column: 'windPark', header: 'Site' },
    { sheet: 'inspections', column: 'inspectionDate', header: 'Survey date' },
    { sheet: 'blades', column: 'bladePosition', header: 'Rotor position' },
    { sheet: 'blades', column: 'bladeId', header: 'Blade tag' },
    { sheet: 'blades', column: 'serialNumber', header: 'Blade serial' },
    { sheet: 'defects', column: 'inspectionDate', header: 'Survey date' },
    { sheet: 'defects', column: 'defectNo', header: 'Finding no' },
    { sheet: 'defects', column: 'bladePosition', header: 'Rotor position' },
    { sheet: 'defects', column: 'defectType', header: 'Damage' },
    { sheet: 'defects', column: 'severity', header: 'Damage class' },
    { sheet: 'defects', column: 'distanceToRoot', header: 'Radius (m)' },
    { sheet: 'defects', column: 'imageId', header: 'Photo' },
    { sheet: 'defects', column: 'description', header: 'Notes' },
  ],
  severities: ['A', 'B', 'C', 'D', 'E'].map((l, i) => ({ value: `Cat ${l}`, level: i + 1 })),
  ignoreOtherColumns: true,
});

describe('column mappings (another vendor\'s workbook)', () => {
  let h: ImportHarness;
  let park: { parkId: string; customerId: string };
  let other: { parkId: string; customerId: string };

  before(async () => {
    h = await ImportHarness.start();
    park = await h.park('Borkum');
    other = await h.park('Elsewhere', randomUUID());
    for (const t of ['WTG-01', 'WTG-02', 'WTG-03']) await h.turbine(park.parkId, t);
  });
  after(async () => {
    await h?.stop();
  });

  const mappings = async () => (await h.sql('SELECT id, name, customer_id, columns, severities FROM data_import.column_mapping ORDER BY name')) as Body[];
  const start = async (token?: string) => {
    const r = await h.api(`${API}/sheet-imports`, { method: 'POST', json: { windfarmId: park.parkId, componentType: 1 }, ...(token ? { token } : {}) });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.sheetImportId as string;
  };
  const upload = (id: string, bytes: Buffer, mappingId?: string, token?: string) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'vendor.xlsx');
    return h.api(`${API}/sheet-imports/${id}/workbook${mappingId ? `?mappingId=${mappingId}` : ''}`, { form, ...(token ? { token } : {}) });
  };
  const located = (body: Body) => (body.findings as Body[]).map((f) => `${f.code}@${f.sheet}!${f.row ?? '-'}:${f.column ?? '-'}=${f.value ?? ''}`);

  test('CRUD with rights and customer scope; names unique per customer in any case', async () => {
    const created = await h.api(`${API}/column-mappings`, { method: 'POST', json: vendorMapping(park.customerId, 'Alpha vendor') });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.mappingId as string;
    assert.equal(created.body.severities.length, 5);
    assert.equal(created.body.ignoreOtherColumns, true);
    await h.api(`${API}/column-mappings`, { method: 'POST', json: { customerId: park.customerId, name: 'Beta', columns: [{ sheet: 'defects', column: 'severity', header: 'Class' }] } });
    await h.api(`${API}/column-mappings`, { method: 'POST', json: { customerId: other.customerId, name: 'Gamma', columns: [{ sheet: 'defects', column: 'severity', header: 'Class' }] } });

    // Paged and sorted on the server; a caller of one customer sees only its mappings, others' answer 404.
    const page = await h.api(`${API}/column-mappings?pageSize=2&fieldToSort=name&descending=true`);
    assert.deepEqual(page.body.results.map((m: Body) => m.name), ['Gamma', 'Beta']);
    assert.equal(page.body.totalCount, 3);
    const scoped = await h.token({ rights: [Rights.DATA_INTEGRATION_EDIT], cid: [other.customerId] });
    assert.deepEqual((await h.api(`${API}/column-mappings`, { token: scoped })).body.results.map((m: Body) => m.name), ['Gamma']);
    assert.equal((await h.api(`${API}/column-mappings/${id}`, { token: scoped })).status, 404);
    const before = await mappings();
    assert.equal((await h.api(`${API}/column-mappings/${id}`, { method: 'PUT', token: scoped, json: { name: 'x', severities: [{ value: 'a', level: 1 }] } })).status, 404);
    assert.equal((await h.api(`${API}/column-mappings/${id}`, { method: 'DELETE', token: scoped })).status, 404);
    const foreign = await h.api(`${API}/column-mappings`, { method: 'POST', token: scoped, json: vendorMapping(park.customerId, 'Sneaky') });
    assert.equal(foreign.status, 404);
    // A customer import does not know (no park of it) is not found either.
    assert.equal((await h.api(`${API}/column-mappings`, { method: 'POST', json: vendorMapping(randomUUID(), 'Nobody') })).status, 404);
    // Read-only callers read but do not write.
    const reader = await h.token({ rights: [Rights.DATA_INTEGRATION_SHOW], cid: [park.customerId] });
    assert.equal((await h.api(`${API}/column-mappings?customerId=${park.customerId}`, { token: reader })).body.totalCount, 2);
    assert.equal((await h.api(`${API}/column-mappings`, { method: 'POST', token: reader, json: vendorMapping(park.customerId, 'R') })).status, 403);
    assert.deepEqual(await mappings(), before, 'nothing changed');

    // Same name in another case: refused; the other customer may use it.
    const dup = await h.api(`${API}/column-mappings`, { method: 'POST', json: vendorMapping(park.customerId, 'ALPHA VENDOR'), locale: 'zh_cn' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.code, 'IMPORT_MAPPING_NAME_EXISTS');
    assert.match(dup.body.message, /该客户已有名为"ALPHA VENDOR"的列映射/);
    assert.equal((await h.api(`${API}/column-mappings`, { method: 'POST', json: vendorMapping(other.customerId, 'Alpha vendor') })).status, 201);
    const renamed = await h.api(`${API}/column-mappings/${id}`, { method: 'PUT', json: { ...vendorMapping(park.customerId, 'beta'), customerId: undefined } });
    assert.equal(renamed.body.code, 'IMPORT_MAPPING_NAME_EXISTS');
    const edited = await h.api(`${API}/column-mappings/${id}`, { method: 'PUT', json: { ...vendorMapping(park.customerId, ' Alpha v2 '), customerId: undefined } });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.equal(edited.body.name, 'Alpha v2');
    assert.equal(edited.body.customerId, park.customerId, 'the customer stays');
    const beta = (await mappings()).find((m) => m.name === 'Beta')!;
    assert.equal((await h.api(`${API}/column-mappings/${beta.id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await h.api(`${API}/column-mappings/${beta.id}`)).status, 404);
  });

  test('bad mappings are refused with their code (both languages) and nothing is stored', async () => {
    const before = await mappings();
    const base = { customerId: park.customerId, name: 'Bad' };
    const cases: [Body, string | number, RegExp?][] = [
      [{ ...base }, 'IMPORT_MAPPING_EMPTY', /至少要对应/],
      [{ ...base, columns: [{ sheet: 'defects', column: 'colour', header: 'Colour' }] }, 'IMPORT_MAPPING_UNKNOWN_COLUMN', /没有"colour"列/],
      [{ ...base, sheets: [{ sheet: 'turbines', name: 'X' }] }, 'VALIDATION_FAILED'],
      [
        { ...base, columns: [{ sheet: 'defects', column: 'defectType', header: 'Class' }, { sheet: 'defects', column: 'severity', header: 'class' }] },
        'IMPORT_MAPPING_DUPLICATE_HEADER',
        /名称"class"/,
      ],
      // A vendor header that is another (unmapped) column's name in the template would be ambiguous.
      [{ ...base, columns: [{ sheet: 'defects', column: 'defectType', header: 'Severity' }] }, 'IMPORT_MAPPING_DUPLICATE_HEADER'],
      [{ ...base, sheets: [{ sheet: 'inspections', name: 'Data' }, { sheet: 'defects', name: 'DATA' }] }, 'IMPORT_MAPPING_DUPLICATE_HEADER'],
      [{ ...base, sheets: [{ sheet: 'blades', name: 'Defects' }] }, 'IMPORT_MAPPING_DUPLICATE_HEADER'],
      [{ ...base, severities: [{ value: 'Cat 9', level: 9 }] }, 'IMPORT_MAPPING_SEVERITY_INVALID', /不在0–5之间/],
      // 6–8 are the blade palette's levels, not a defect's severity.
      [{ ...base, severities: [{ value: 'Cat 6', level: 6 }] }, 'IMPORT_MAPPING_SEVERITY_INVALID'],
      [{ ...base, severities: [{ value: 'High', level: 3 }, { value: 'high ', level: 4 }] }, 'IMPORT_MAPPING_SEVERITY_INVALID'],
      [{ ...base, severities: [{ value: '   ', level: 3 }] }, 'IMPORT_MAPPING_SEVERITY_INVALID'],
      [{ ...base, severities: [{ value: 'Low', level: 1.5 }] }, 'VALIDATION_FAILED'],
      [{ ...base, name: '', severities: [{ value: 'Low', level: 1 }] }, 'VALIDATION_FAILED'],
    ];
    for (const [json, code, zh] of cases) {
      const r = await h.api(`${API}/column-mappings`, { method: 'POST', json, locale: 'zh_cn' });
      assert.equal(r.body.code, code, `${JSON.stringify(json)} → ${JSON.stringify(r.body)}`);
      assert.ok(r.status >= 400 && r.status < 500);
      if (zh) assert.match(r.body.message, zh);
    }
    const en = await h.api(`${API}/column-mappings`, { method: 'POST', json: { ...base, severities: [{ value: 'Cat 9', level: 9 }] } });
    assert.equal(en.body.message, 'The severity "Cat 9" is empty, listed twice, or mapped to a level outside 0–5.');
    // An edit that breaks a rule leaves the stored mapping as it was.
    const good = await h.api(`${API}/column-mappings`, { method: 'POST', json: vendorMapping(park.customerId, 'Kept') });
    const stored = await mappings();
    const bad = await h.api(`${API}/column-mappings/${good.body.mappingId}`, {
      method: 'PUT',
      json: { name: 'Kept', severities: [{ value: 'Cat A', level: 12 }] },
    });
    assert.equal(bad.body.code, 'IMPORT_MAPPING_SEVERITY_INVALID');
    assert.deepEqual(await mappings(), stored);
    assert.equal(stored.length, before.length + 1);
  });

  test('a vendor workbook verifies and imports through the mapping; every check still names the vendor\'s sheet and column', async () => {
    const token = await h.token({ rights: [Rights.DATA_INTEGRATION_EDIT], cid: [park.customerId] });
    const created = await h.api(`${API}/column-mappings`, { method: 'POST', json: vendorMapping(park.customerId), token });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const mappingId = created.body.mappingId as string;

    // Without the mapping the vendor's sheets are not ours.
    const id = await start(token);
    const plain = await upload(id, await vendorWorkbook(), undefined, token);
    assert.equal(plain.body.status, S.FAILED);
    assert.ok(located(plain.body).includes('-10002@Inspections!-:-='), located(plain.body).join('\n'));

    // A scale value the mapping lacks, and a missing column: located with the vendor's names.
    const bad = await upload(id, await vendorWorkbook({ severity: 'Cat Z', dropHeader: 'Radius (m)' }), mappingId, token);
    assert.equal(bad.body.status, S.FAILED);
    const f = located(bad.body);
    for (const e of ['-10006@Findings!2:Damage class=Cat Z', '-10003@Findings!1:Radius (m)='])
      assert.ok(f.includes(e), `${e} not in\n${f.join('\n')}`);
    assert.ok(!f.some((x) => x.includes('Inspector')), 'the vendor\'s extra column is skipped');
    assert.equal(bad.body.mappingName, 'Borkum drones');

    // The good workbook: verified, its scale read as ours.
    const ok = await upload(id, await vendorWorkbook(), mappingId, token);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.status, S.VERIFY_SUCCESS, located(ok.body).join('\n'));
    assert.equal(ok.body.mappingId, mappingId);
    assert.deepEqual(ok.body.summary, { inspections: 1, blades: 3, defects: 2, findings: 0, truncated: false });

    const form = new FormData();
    form.append('files', new Blob([await photo(40, 'jpeg', 160, 120)]), 'DJI_0001.jpg');
    form.append('files', new Blob([await photo(80, 'jpeg', 160, 120)]), 'DJI_0002.JPG');
    const img = await h.api(`${API}/sheet-imports/${id}/images`, { form, token });
    assert.deepEqual(img.body.findings, [], JSON.stringify(img.body));
    assert.equal((await h.api(`${API}/sheet-imports/${id}/process`, { method: 'POST', token })).status, 200);
    const event = await eventually(async () => (await h.published(EventTypes.ImportSheetCommitted)).find((e: Body) => e.key === id));
    const [insp] = event.payload.inspections as Body[];
    assert.equal(insp.turbineName, 'WTG-01');
    assert.deepEqual(insp.blades.map((b: Body) => b.bladeId), ['WTG-01-B1', 'WTG-01-B2', 'WTG-01-B3']);
    assert.deepEqual(
      insp.defects.map((d: Body) => [d.defectNo, d.bladePosition, d.defectType, d.severity, d.distanceToRoot, d.imageId, d.description]),
      [
        ['700001', 2, 'Erosion', 4, 14.5, 'DJI_0001', 'LE erosion'],
        ['700002', 3, 'Crack', 2, 20, 'DJI_0002', null],
      ],
    );
    await h.publish(EventTypes.InspectionSheetApplied, id, {
      sheetImportId: id,
      ok: true,
      inspections: [{ inspectionId: randomUUID(), turbineId: insp.turbineId, turbineName: 'WTG-01', inspectionDate: '2026-06-01' }],
    });
    const done = await h.waitFor(id, (v) => v.status === S.ALL_DATA_UPLOADED);
    assert.equal(done.taskStatus, 'SUCCEEDED');
  });

  test('a mapping of another customer, or an unknown one, is refused before the workbook is read; the run is unchanged', async () => {
    const theirs = await h.api(`${API}/column-mappings`, { method: 'POST', json: vendorMapping(other.customerId, 'Theirs') });
    assert.equal(theirs.status, 201, JSON.stringify(theirs.body));
    const id = await start();
    const before = (await h.sql('SELECT status, step, file_name, mapping_id, findings FROM data_import.sheet_import WHERE id = $1', [id]))[0];
    for (const m of [theirs.body.mappingId, randomUUID(), 'not-a-uuid']) {
      const r = await upload(id, await vendorWorkbook({ turbine: 'WTG-02' }), m);
      assert.equal(r.status, 404, JSON.stringify(r.body));
      assert.deepEqual((await h.sql('SELECT status, step, file_name, mapping_id, findings FROM data_import.sheet_import WHERE id = $1', [id]))[0], before);
    }
  });
});
