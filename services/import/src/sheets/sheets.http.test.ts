import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { io, type Socket } from 'socket.io-client';
import { EventTypes, IMPORT_SHEETS, Rights, UploadFileStatus as S, socketPath, type Locale } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { API, ImportHarness, photo, tarGz, tusMetadata, zip, type Body } from '../testing/import-harness.js';

type Rows = (string | number | Date | null)[][];
interface Book {
  /** sheet name → rows (first row = headers); defaults to the template's headers in `locale`. */
  sheets?: Record<string, Rows>;
  inspections?: Rows;
  blades?: Rows;
  defects?: Rows;
  locale?: Locale;
}

const header = (key: string, locale: Locale) => IMPORT_SHEETS.find((s) => s.key === key)!.columns.map((c) => c[locale]);
const sheetName = (key: string, locale: Locale) => IMPORT_SHEETS.find((s) => s.key === key)![locale];

/** A workbook written by exceljs in the test: the template's sheets and headers unless `sheets` says otherwise. */
async function workbook(b: Book): Promise<Buffer> {
  const locale = b.locale ?? 'en_us';
  const sheets = b.sheets ?? {
    [sheetName('inspections', locale)]: [header('inspections', locale), ...(b.inspections ?? [])],
    [sheetName('blades', locale)]: [header('blades', locale), ...(b.blades ?? [])],
    [sheetName('defects', locale)]: [header('defects', locale), ...(b.defects ?? [])],
  };
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const threeBlades = (turbine: string, prefix = turbine): Rows => [
  [turbine, 'A', `${prefix}-B1`, `${prefix}-SN1`],
  [turbine, 'B', `${prefix}-B2`, `${prefix}-SN2`],
  [turbine, 'C', `${prefix}-B3`, `${prefix}-SN3`],
];

describe('spreadsheet imports', () => {
  let h: ImportHarness;
  let park: { parkId: string; customerId: string };
  const PARK = 'Horns Rev';
  const sockets: Socket[] = [];

  before(async () => {
    h = await ImportHarness.start({ IMPORT_PROCESSING_SLOTS: '1' });
    park = await h.park(PARK);
    for (let i = 1; i <= 32; i++) await h.turbine(park.parkId, `T${String(i).padStart(2, '0')}`);
  });
  after(async () => {
    sockets.forEach((s) => s.close());
    await h?.stop();
  });

  const start = async (parkId = park.parkId, token?: string) => {
    const r = await h.api(`${API}/sheet-imports`, { method: 'POST', json: { windfarmId: parkId, componentType: 1 }, ...(token ? { token } : {}) });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.sheetImportId as string;
  };
  const upload = async (id: string, bytes: Buffer, name = 'inspections.xlsx', locale?: Locale) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    return h.api(`${API}/sheet-imports/${id}/workbook`, { form, ...(locale ? { locale } : {}) });
  };
  /** Step 3: loose photos (`files`) or one archive (`file`). */
  const images = async (id: string, files: Record<string, Buffer>, archiveName?: string, token?: string) => {
    const form = new FormData();
    for (const [name, bytes] of Object.entries(files)) form.append(archiveName ? 'file' : 'files', new Blob([bytes]), archiveName ?? name);
    return h.api(`${API}/sheet-imports/${id}/images`, { form, ...(token ? { token } : {}) });
  };
  const shot = (shade = 90) => photo(shade, 'jpeg', 160, 120);
  /** Uploads one good photo per image id of the sheet. */
  const withPhotos = async (id: string, ids: string[], token?: string) => {
    const files: Record<string, Buffer> = {};
    for (const [i, x] of ids.entries()) files[`${x}.jpg`] = await shot(40 + i);
    const r = await images(id, files, undefined, token);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.findings, []);
    return r;
  };
  const storedPhotos = async (id: string) => {
    const dir = path.join(h.filesDir, 'sheet-imports', id);
    const attempts = await readdir(dir).catch(() => [] as string[]);
    return (await Promise.all(attempts.map((a) => readdir(path.join(dir, a))))).flat().length;
  };
  const row = async (id: string) =>
    (await h.sql('SELECT status, task_status, batch, findings, queued_at FROM data_import.sheet_import WHERE id = $1', [id]))[0];
  /** Findings reduced to code@sheet!row:column=value. */
  const located = (body: Body) =>
    (body.findings as Body[]).map((f) => `${f.code}@${f.sheet}!${f.row ?? '-'}:${f.column ?? '-'}=${f.value ?? ''}`);
  /** Every expected finding is among the answer's (listed on failure). */
  const hasFindings = (body: Body, expected: string[]) => {
    const f = located(body);
    for (const e of expected) assert.ok(f.includes(e), `${e} not in\n${f.join('\n')}`);
  };
  const good = (turbine = 'T01', date = '2026-05-01') => ({
    inspections: [[turbine, PARK, date]] as Rows,
    blades: threeBlades(turbine),
    defects: [[turbine, date, '100001', 'A', 'Erosion', 2, 12.5, 120, 30, 'IMG_1', 'leading edge']] as Rows,
  });

  test('the template workbook in each language is what the check reads back', async () => {
    for (const lang of ['en_us', 'zh_cn'] as const) {
      const t = await h.api(`${API}/sheet-imports/template?lang=${lang}`);
      assert.equal(t.status, 200);
      assert.match(t.headers.get('content-type') ?? '', /spreadsheetml/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(t.bytes as unknown as ExcelJS.Buffer);
      const names = wb.worksheets.map((w) => w.name);
      for (const key of ['inspections', 'blades', 'defects']) {
        assert.ok(names.includes(sheetName(key, lang)), `${lang}: ${names.join()}`);
        assert.deepEqual((wb.getWorksheet(sheetName(key, lang))!.getRow(1).values as unknown[]).slice(1), header(key, lang));
      }
      // Filled in (the example rows' park and turbine replaced by ours), it verifies.
      const ins = wb.getWorksheet(sheetName('inspections', lang))!;
      ins.getRow(2).getCell(1).value = 'T31';
      ins.getRow(2).getCell(2).value = PARK;
      ins.getRow(2).getCell(3).value = lang === 'en_us' ? new Date(Date.UTC(2026, 0, 5)) : '2026/01/06';
      wb.getWorksheet(sheetName('blades', lang))!.eachRow((r, n) => n > 1 && (r.getCell(1).value = 'T31'));
      const d = wb.getWorksheet(sheetName('defects', lang))!.getRow(2);
      d.getCell(1).value = 'T31';
      d.getCell(2).value = lang === 'en_us' ? '2026-01-05' : '2026-01-06';
      const id = await start();
      const r = await upload(id, Buffer.from(await wb.xlsx.writeBuffer()), 'template.xlsx');
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual(r.body.findings, []);
      assert.equal(r.body.status, S.VERIFY_SUCCESS);
      assert.equal(r.body.step, 3);
      assert.equal(r.body.progressCode, 4);
      assert.deepEqual(r.body.summary, { inspections: 1, blades: 3, defects: 1, findings: 0, truncated: false });
    }
  });

  test('query strings are read through DTOs: a bad value or an unknown field is VALIDATION_FAILED, before the run is touched', async () => {
    for (const q of ['lang=fr_fr', 'language=en_us']) {
      const t = await h.api(`${API}/sheet-imports/template?${q}`);
      assert.equal(t.status, 400, q);
      assert.equal(t.body.code, 'VALIDATION_FAILED', q);
    }
    const id = await start();
    const before = await row(id);
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob([Buffer.from('x')]), 'inspections.xlsx');
      return f;
    };
    for (const q of ['mappingId=a&mappingId=b', 'mapping=1']) {
      const r = await h.api(`${API}/sheet-imports/${id}/workbook?${q}`, { form: form() });
      assert.equal(r.status, 400, q);
      assert.equal(r.body.code, 'VALIDATION_FAILED', q);
      assert.deepEqual(await row(id), before, q);
    }
    const photos = await h.api(`${API}/sheet-imports/${id}/images?append=yes`, { form: form() });
    assert.equal(photos.status, 400);
    assert.equal(photos.body.code, 'VALIDATION_FAILED');
  });

  test('file type and size are refused before parsing: -10001, legacy .xls with its own message, 10 MB; nothing kept', async () => {
    const id = await start();
    const csv = await upload(id, Buffer.from('a,b\n1,2'), 'data.csv');
    assert.equal(csv.status, 400);
    assert.equal(csv.body.code, -10001);
    const xls = await upload(id, Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), 'old.xls', 'zh_cn');
    assert.equal(xls.body.code, 'SPREADSHEET_XLS_NOT_SUPPORTED');
    assert.match(xls.body.message, /另存为\.xlsx/);
    const big = await upload(id, Buffer.alloc(10 * 1024 * 1024 + 1), 'big.xlsx');
    assert.equal(big.status, 400);
    assert.equal(big.body.code, 'FILE_TOO_LARGE');
    const junk = await upload(id, Buffer.from('not a zip at all'), 'junk.xlsx');
    assert.equal(junk.body.code, -10001);
    // A zip bomb: 200 MB of zeros packs into ~200 KB; refused from its directory, never unpacked.
    const bomb = await upload(id, Buffer.from(zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(200 * 1024 * 1024) }, { level: 9 })), 'bomb.xlsx');
    assert.equal(bomb.status, 400);
    assert.equal(bomb.body.code, -10001);
    assert.match(bomb.body.details.reason, /unpacks to more than 100 MB/);
    // A part that claims fewer bytes than it holds is cut at its claim: no larger than it says.
    const liar = Buffer.from(zipSync({ 'xl/workbook.xml': new Uint8Array(50 * 1024 * 1024) }, { level: 9 }));
    liar.writeUInt32LE(1000, 22);
    liar.writeUInt32LE(1000, liar.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    assert.equal((await upload(id, liar, 'liar.xlsx')).body.code, -10001);
    const r = await row(id);
    assert.equal(r.status, S.FAILED);
    assert.equal(r.batch, null);
    assert.deepEqual(r.findings, []);
    // A refused run accepts a good workbook afterwards, whatever the order of its zip's parts
    // (writers differ; the workbook part, which names the sheets, last of all here).
    const parts = unzipSync(await workbook(good('T02', '2026-05-02')));
    const { 'xl/workbook.xml': named, ...rest } = parts;
    const ok = await upload(id, Buffer.from(zipSync({ ...rest, 'xl/workbook.xml': named! })));
    assert.equal(ok.body.status, S.VERIFY_SUCCESS, JSON.stringify(ok.body));
  });

  test('structure: -10002 missing sheet, -10003 missing column, -10004 unknown column, -10025 empty sheet, -10037 mixed languages', async () => {
    const id = await start();
    const r = await upload(
      id,
      await workbook({
        sheets: {
          Inspections: [['Turbine', 'Inspection date', 'Colour'], ['T01', '2026-05-01', 'red']],
          叶片: [header('blades', 'zh_cn')],
          'Defects缺陷': [['x']],
        },
      }),
    );
    assert.equal(r.status, 200);
    assert.equal(r.body.status, S.FAILED);
    const f = located(r.body);
    assert.ok(f.includes('-10004@Inspections!1:Colour=Colour'), f.join('\n'));
    assert.ok(f.includes('-10003@Inspections!1:Wind park='), f.join('\n'));
    assert.ok(f.includes('-10025@叶片!-:-='), f.join('\n'));
    assert.ok(f.includes('-10037@Defects缺陷!-:-=Defects缺陷'), f.join('\n'));
    assert.ok(f.some((x) => x.startsWith('-10037@Inspections, 叶片')), f.join('\n'));
    assert.ok(f.some((x) => x.startsWith('-10002@')), f.join('\n'));
    assert.equal((await row(id)).batch, null);
  });

  test('values: every bad cell located at once, messages in the reader’s language', async () => {
    const id = await start();
    const r = await upload(
      id,
      await workbook({
        locale: 'zh_cn',
        inspections: [
          ['T03', PARK, '2026-05-03'],
          ['T04', 'Other Park', '2026-13-45'],
          ['NOPE', PARK, '2026-05-03'],
          ['', PARK, '2026-05-03'],
        ],
        blades: [...threeBlades('T03'), ...threeBlades('T04')],
        defects: [
          ['T03', '2026-05-03', '12345', 'A', 'Crack', 6, -6, -1, 1.2345, '', 'x'.repeat(501)],
          ['T03', '2026-05-03', '200001', 'D', 'Crack', 1, 1.234, 1, 1, '', ''],
          ['T03', '2026-05-03', '200001', 'B', 'Crack', 1, 1, 1, 1, '', ''],
          ['T03', '2026-06-01', '200002', 'B', 'Crack', 1, 1, 1, 1, '', ''],
        ],
      }),
      'zh.xlsx',
      'zh_cn',
    );
    assert.equal(r.body.status, S.FAILED);
    const expect = [
      '-10008@巡检!3:风场=Other Park',
      '-10006@巡检!3:巡检日期=2026-13-45',
      '-10010@巡检!4:风机=NOPE',
      '-10005@巡检!5:风机=',
      '-10006@缺陷!2:缺陷编号=12345',
      '-10006@缺陷!2:严重等级=6', // a defect's severities are 0–5
      '-13013@缺陷!2:距叶根距离(米)=-6',
      '-10006@缺陷!2:长度(毫米)=-1',
      '-10006@缺陷!2:宽度(毫米)=1.2345',
      '-10034@缺陷!2:描述=' + 'x'.repeat(501),
      '-10006@缺陷!3:叶片=D',
      '-10006@缺陷!3:距叶根距离(米)=1.234',
      '-10018@缺陷!4:缺陷编号=200001',
      '-10006@缺陷!5:巡检日期=2026-06-01',
    ];
    hasFindings(r.body, expect);
    const wrongPark = r.body.findings.find((x: Body) => x.code === -10008);
    assert.equal(wrongPark.message, '风场与所选风场不一致。');
    // The same import read in English answers in English.
    const en = await h.api(`${API}/sheet-imports/${id}`, { locale: 'en_us' });
    assert.equal(en.body.findings.find((x: Body) => x.code === -10008).message, 'The wind park does not match the selected wind park.');

    // The error report lists the same findings, in the reader's language.
    const report = await h.api(`${API}/sheet-imports/${id}/error-report`, { locale: 'zh_cn' });
    assert.equal(report.status, 200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(report.bytes as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0]!;
    assert.deepEqual((ws.getRow(1).values as unknown[]).slice(1), ['工作表', '行', '列', '错误值', '错误码', '说明']);
    assert.equal(ws.rowCount, r.body.findings.length + 1);
    const reportRows = [] as string[];
    ws.eachRow((x, n) => n > 1 && reportRows.push((x.values as unknown[]).slice(1, 6).join('|')));
    assert.ok(reportRows.includes('巡检|3|风场|Other Park|-10008'), reportRows.join('\n'));
  });

  test('projects: each inspection date in a project of the park — -10038 outside the chosen one or outside every one, -10039 in several; O&M projects and parks without projects are not asked', async () => {
    const pk = await h.park('Project Park', park.customerId);
    await h.turbine(pk.parkId, 'Q1');
    const project = async (projectName: string, startDate: string | null, endDate: string | null, operation = false) => {
      const projectId = randomUUID();
      await h.publish(EventTypes.DeliveryProjectCreated, projectId, { projectId, projectName, status: 2, windFarmIds: [pk.parkId], operation, startDate, endDate });
      return projectId;
    };
    const spring = await project('Spring 2026', '2026-03-01', '2026-05-31');
    await project('Summer 2026', '2026-05-01', null);
    await project('O&M 2026', '2026-01-01', '2026-12-31', true);
    await eventually(async () =>
      (await h.sql('SELECT count(*)::int AS n FROM data_import.project_ref WHERE $1 = ANY(wind_farm_ids)', [pk.parkId]))[0].n === 3 ? true : null,
    );
    const book = () =>
      workbook({
        inspections: [
          ['Q1', 'Project Park', '2026-02-15'],
          ['Q1', 'Project Park', '2026-04-10'],
          ['Q1', 'Project Park', '2026-05-15'],
        ] as Rows,
        blades: threeBlades('Q1', 'QP'),
        defects: [['Q1', '2026-04-10', '400001', 'A', 'Crack', 1, 1, '', '', '', '']] as Rows,
      });
    let r = await upload(await start(pk.parkId), await book());
    assert.deepEqual(located(r.body), ['-10038@Inspections!2:Inspection date=2026-02-15', '-10039@Inspections!4:Inspection date=2026-05-15']);
    assert.match((r.body.findings as Body[])[1].message, /Several projects/);
    // Step 1 chose the spring project (March to May): the date outside its range is refused, the one in two projects is not.
    const chosen = await h.api(`${API}/sheet-imports`, { method: 'POST', json: { windfarmId: pk.parkId, componentType: 1, projectId: spring } });
    assert.equal(chosen.status, 201, JSON.stringify(chosen.body));
    r = await upload(chosen.body.sheetImportId, await book(), 'inspections.xlsx', 'zh_cn');
    assert.deepEqual(located(r.body), ['-10038@Inspections!2:Inspection date=2026-02-15']);
    assert.equal((r.body.findings as Body[])[0].message, '该时间范围内没有项目。');
    assert.equal(r.body.status, S.FAILED);
  });

  test('step 1: -10007 a customer import does not know, -10008 a known customer not owning the park, -10017 a template other than the customer\'s; nothing is created', async () => {
    const other = await h.park('Elsewhere Park');
    const runs = async () => (await h.sql('SELECT count(*)::int AS n FROM data_import.sheet_import'))[0].n as number;
    const before = await runs();
    const post = (json: Body) => h.api(`${API}/sheet-imports`, { method: 'POST', json: { windfarmId: park.parkId, componentType: 1, ...json } });
    let r = await post({ customerId: randomUUID() });
    assert.equal(r.status, 404);
    assert.equal(r.body.code, -10007);
    assert.equal(r.body.message, 'The customer was not found.');
    assert.equal((await post({ customerId: other.customerId })).body.code, -10008);
    r = await post({ customerId: park.customerId, defectTemplateId: other.customerId });
    assert.equal(r.status, 404);
    assert.equal(r.body.code, -10017);
    assert.equal((await h.api(`${API}/sheet-imports`, { method: 'POST', locale: 'zh_cn', json: { windfarmId: park.parkId, componentType: 1, defectTemplateId: randomUUID() } })).body.message, '未找到缺陷模板。');
    assert.equal(await runs(), before);
    // The park's customer and its template are accepted.
    assert.equal((await post({ customerId: park.customerId, defectTemplateId: park.customerId })).status, 201);
  });

  test('configuration: rows held to the customer\'s defect template (-10019), the projects\' templates (-10030) and asset\'s blades (-10031, -10011, -10027, -10035, -10033); nothing is created', async () => {
    const pk = await h.park('Config Park');
    const c = pk.customerId;
    await h.publish(EventTypes.InspectionDefectTemplateChanged, c, {
      customerId: c,
      types: ['Erosion', 'Crack'],
      severities: [0, 1, 2, 3].map((level) => ({ name: `Level ${level}`, level })),
      recommendations: [],
    });
    await eventually(async () => ((await h.sql('SELECT 1 FROM data_import.defect_template_ref WHERE customer_id = $1', [c])).length ? true : null));
    const configured = (name: string, blades: { position: number; name: string; serialNumber: string; length: null }[]) =>
      h.announceTurbine(pk.parkId, name, 'SELECT 1 FROM data_import.turbine_ref WHERE turbine_id = $1 AND blades_known', { blades });
    const three = (t: string) => [1, 2, 3].map((position) => ({ position, name: `${t}-B${position}`, serialNumber: `${t}-SN${position}`, length: null }));
    for (const t of ['K1', 'K3', 'K4']) await configured(t, three(t));
    await configured('K2', []);
    const project = async (projectName: string, startDate: string, endDate: string, defectTemplateId: string) => {
      const projectId = randomUUID();
      await h.publish(EventTypes.DeliveryProjectCreated, projectId, { projectId, projectName, status: 2, windFarmIds: [pk.parkId], startDate, endDate, defectTemplateId });
    };
    await project('September', '2026-09-01', '2026-09-30', randomUUID());
    await project('October', '2026-10-01', '2026-10-31', c);
    await eventually(async () =>
      (await h.sql('SELECT count(*)::int AS n FROM data_import.project_ref WHERE $1 = ANY(wind_farm_ids) AND defect_template_id IS NOT NULL', [pk.parkId]))[0].n === 2 ? true : null,
    );
    const id = await start(pk.parkId);
    const r = await upload(
      id,
      await workbook({
        inspections: [
          ['K1', 'Config Park', '2026-10-05'],
          ['K2', 'Config Park', '2026-10-06'],
          ['K3', 'Config Park', '2026-09-10'],
          ['K4', 'Config Park', '2026-10-07'],
        ],
        blades: [
          ['K1', 'A', 'K1-B1', 'K1-SN1'],
          ['K1', 'B', 'K1-B3', 'K1-SN2'],
          ['K1', 'C', 'K1-B9', 'K1-SN9'],
          ...threeBlades('K2'),
          ['K3', 'A', 'K3-B1', 'K3-SNX'],
          ['K3', 'B', 'K3-BX', 'K3-SN2'],
          ['K3', 'C', 'k3-b3', 'k3-sn3'],
          ['K4', 'A', 'K4-B2', 'K4-SN2'],
          ['K4', 'B', 'K4-B1', 'K4-SN1'],
          ['K4', 'C', 'K4-B3', 'K4-SN3'],
        ],
        defects: [
          ['K1', '2026-10-05', '500001', 'A', 'erosion', 2, 1, '', '', '', ''],
          ['K1', '2026-10-05', '500002', 'A', 'Dirt', 1, 1, '', '', '', ''],
          ['K4', '2026-10-07', '500003', 'C', 'Crack', 5, 1, '', '', '', ''],
        ],
      }),
    );
    assert.deepEqual(located(r.body).sort(), [
      '-10011@Blades!4:Serial number=K1-SN9',
      '-10019@Defects!3:Defect type=Dirt',
      '-10019@Defects!4:Severity=5',
      '-10027@Blades!3:Blade ID=K1-B3',
      '-10030@Inspections!4:Inspection date=2026-09-10',
      '-10031@Inspections!3:Turbine=K2',
      '-10033@Blades!11:Blade=A',
      '-10033@Blades!12:Blade=B',
      '-10035@Blades!8:Serial number=K3-SNX',
      '-10035@Blades!9:Blade ID=K3-BX',
    ]);
    const message = (code: number) => (r.body.findings as Body[]).find((x) => x.code === code).message;
    assert.equal(message(-10019), 'The value was not found in the defect template.');
    assert.equal(message(-10033), 'The value is inconsistent with the existing configuration.');
    assert.equal(r.body.status, S.FAILED);
    const stored = await row(id);
    assert.equal(stored.batch, null);
    assert.equal((await h.published(EventTypes.ImportSheetCommitted)).filter((e: Body) => e.key === id).length, 0);

    // Rows that agree with the configuration (any case) verify, in Chinese too.
    const ok = await upload(
      await start(pk.parkId),
      await workbook({
        locale: 'zh_cn',
        inspections: [['K1', 'Config Park', '2026-10-05']],
        blades: [
          ['K1', 'A', 'k1-b1', 'K1-SN1'],
          ['K1', 'B', 'K1-B2', 'k1-sn2'],
          ['K1', 'C', 'K1-B3', 'K1-SN3'],
        ],
        defects: [['K1', '2026-10-05', '500004', 'A', 'CRACK', 3, 1, '', '', '', '']],
      }),
    );
    assert.deepEqual(ok.body.findings, []);
    assert.equal(ok.body.status, S.VERIFY_SUCCESS);
  });

  test('inspections: -10009 the same turbine twice on a day, -10036 more than 30 in one file', async () => {
    const id = await start();
    const rows: Rows = [];
    const blades: Rows = [];
    for (let i = 1; i <= 31; i++) {
      const t = `T${String(i).padStart(2, '0')}`;
      rows.push([t, PARK, '2026-07-01']);
      blades.push(...threeBlades(t));
    }
    rows.push(['T01', PARK, '2026-07-01']);
    const r = await upload(id, await workbook({ inspections: rows, blades, defects: [['T01', '2026-07-01', '300001', 'A', 'Crack', 1, 1, '', '', '', '']] }));
    const f = located(r.body);
    assert.ok(f.includes('-10036@Inspections!32:Turbine=T31'), f.join('\n'));
    assert.ok(f.includes('-10009@Inspections!33:Inspection date=2026-07-01'), f.join('\n'));
    assert.equal(r.body.findings.length, 2, f.join('\n'));
  });

  test('blades: -10022 fewer than 3, -10040 more than 3, -10041 a 4th pair, -10024 repeated id or serial, -10021 position, -10028 serial of another turbine', async () => {
    const id = await start();
    const inspections: Rows = ['T05', 'T06', 'T07', 'T08', 'T09'].map((t) => [t, PARK, '2026-08-01']);
    const blades: Rows = [
      // T05: two blades only
      ['T05', 'A', 'X1', 'S51'],
      ['T05', 'B', 'X2', 'S52'],
      // T06: four rows, the 4th a new pair
      ...threeBlades('T06'),
      ['T06', 'A', 'T06-B9', 'T06-SN9'],
      // T07: repeated blade id, repeated serial, repeated position
      ['T07', 'A', 'Y1', 'S71'],
      ['T07', 'B', 'Y1', 'S72'],
      ['T07', 'A', 'Y2', 'S73'],
      ['T07', 'C', 'Y3', 'S71'],
      // T08: a serial number already used by T09
      ['T09', 'A', 'Z1', 'S91'],
      ['T09', 'B', 'Z2', 'S92'],
      ['T09', 'C', 'Z3', 'S93'],
      ['T08', 'A', 'W1', 'S91'],
      ['T08', 'B', 'W2', 'S82'],
      ['T08', 'C', 'W3', 'S83'],
    ];
    const r = await upload(id, await workbook({ inspections, blades, defects: [['T06', '2026-08-01', '400001', 'A', 'Crack', 1, 1, '', '', '', '']] }));
    hasFindings(r.body, [
      '-10022@Blades!-:Turbine=T05',
      '-10040@Blades!7:Blade ID=T06-B9',
      '-10041@Blades!7:Serial number=T06-SN9',
      '-10024@Blades!9:Blade ID=Y1',
      '-10021@Blades!10:Blade=A',
      '-10024@Blades!11:Serial number=S71',
      '-10028@Blades!15:Serial number=S91',
      '-10022@Blades!-:Turbine=T07',
    ]);
  });

  test('queue: one batch event, -2003 per park, -2004 beyond 10 waiting, result lands (7) or fails whole (-12001), cancel', async () => {
    const token = await h.token({ rights: [Rights.DATA_INTEGRATION_EDIT], cid: [park.customerId] });
    const socket = io(h.svc.url, { path: socketPath('import'), transports: ['websocket'], auth: { token }, reconnection: false });
    sockets.push(socket);
    const heard: Body[] = [];
    socket.on('sheet-import.changed', (c) => heard.push(c));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });

    const a = await start(park.parkId, token);
    assert.equal((await upload(a, await workbook(good('T10', '2026-09-01')))).body.status, S.VERIFY_SUCCESS);
    // Leaving and coming back: the open run is the caller's current one.
    const cur = await h.api(`${API}/sheet-imports/current`, { token });
    assert.equal(cur.body.current.sheetImportId, a);
    assert.equal(cur.body.current.step, 3);
    await withPhotos(a, ['IMG_1'], token);
    const p = await h.api(`${API}/sheet-imports/${a}/process`, { method: 'POST', token });
    assert.equal(p.status, 200, JSON.stringify(p.body));
    const started = await eventually(async () => ((await row(a)).status === S.WAREHOUSING ? true : null));
    assert.ok(started);
    const [event] = (await h.published(EventTypes.ImportSheetCommitted)).filter((e: Body) => e.key === a);
    assert.equal(event.payload.inspections.length, 1);
    assert.deepEqual(event.payload.inspections[0].blades.map((b: Body) => b.position), [1, 2, 3]);
    assert.equal(event.payload.inspections[0].defects[0].defectNo, '100001');
    assert.equal(event.payload.inspections[0].turbineName, 'T10');

    // Same park while one is in processing: -2003, the run stays verified and unqueued.
    const b = await start(park.parkId, token);
    const ub = await upload(b, await workbook(good('T11', '2026-09-02')));
    assert.equal(ub.body.status, S.VERIFY_SUCCESS, JSON.stringify(ub.body));
    await withPhotos(b, ['IMG_1'], token);
    const busy = await h.api(`${API}/sheet-imports/${b}/process`, { method: 'POST', token });
    assert.equal(busy.status, 409);
    assert.equal(busy.body.code, -2003);
    assert.equal((await row(b)).queued_at, null);

    // inspection answers: landed → 7, inspections listed, progress 8 pushed.
    await h.publish(EventTypes.InspectionSheetApplied, a, {
      sheetImportId: a,
      ok: true,
      inspections: [{ inspectionId: '0b7c1f2e-1111-4d4d-9e9e-000000000001', turbineId: event.payload.inspections[0].turbineId, turbineName: 'T10', inspectionDate: '2026-09-01' }],
    });
    const done = await h.waitFor(a, (v) => v.status === S.ALL_DATA_UPLOADED);
    assert.equal(done.taskStatus, 'SUCCEEDED');
    assert.equal(done.progressCode, 8);
    assert.equal(done.step, 5);
    assert.equal(done.inspections[0].turbineName, 'T10');
    await eventually(async () => heard.find((c) => c.sheetImportId === a && c.progressCode === 8));
    // Changes are pushed after each commit (close ones may arrive as one message with the latest state).
    for (const code of [4, 7]) assert.ok(heard.some((c) => c.sheetImportId === a && c.progressCode === code), `progress ${code}`);

    // Now b may go; inspection refuses it whole: 8, -12001 with the reason.
    assert.equal((await h.api(`${API}/sheet-imports/${b}/process`, { method: 'POST', token })).status, 200);
    await eventually(async () => ((await row(b)).status === S.WAREHOUSING ? true : null));
    await h.publish(EventTypes.InspectionSheetApplied, b, { sheetImportId: b, ok: false, inspections: [], error: { code: -10009 } });
    const failed = await h.waitFor(b, (v) => v.status === S.FAILED);
    assert.equal(failed.taskStatus, 'FAILED');
    assert.equal(failed.error.code, -12001);
    assert.match(failed.error.details.reason, /same date/);

    // -2004: one slot busy (c), ten waiting, the eleventh refused.
    const c = await start(park.parkId, token);
    assert.equal((await upload(c, await workbook(good('T12', '2026-09-03')))).body.status, S.VERIFY_SUCCESS);
    await withPhotos(c, ['IMG_1']);
    assert.equal((await h.api(`${API}/sheet-imports/${c}/process`, { method: 'POST', token })).status, 200);
    await eventually(async () => ((await row(c)).status === S.WAREHOUSING ? true : null));
    const waiting: string[] = [];
    for (let i = 0; i < 11; i++) {
      const other = await h.park(`Queue Park ${i}`, park.customerId);
      await h.turbine(other.parkId, 'Q1');
      const id = await start(other.parkId);
      const wb = await workbook({ inspections: [['Q1', `Queue Park ${i}`, '2026-09-04']], blades: threeBlades('Q1', `Q${i}`), defects: [['Q1', '2026-09-04', '500001', 'A', 'Crack', 1, 1, '', '', 'Q', '']] });
      const up = await upload(id, wb);
      assert.equal(up.body.status, S.VERIFY_SUCCESS, `${up.status} ${JSON.stringify(up.body)}`);
      await withPhotos(id, ['Q']);
      const r = await h.api(`${API}/sheet-imports/${id}/process`, { method: 'POST' });
      if (i < 10) {
        assert.equal(r.status, 200, JSON.stringify(r.body));
        assert.equal(r.body.queued, true);
        waiting.push(id);
      } else {
        assert.equal(r.status, 409);
        assert.equal(r.body.code, -2004);
        assert.equal((await row(id)).queued_at, null);
      }
    }
    // Cancel: a waiting one leaves the queue; one in processing cannot be cancelled.
    const cancelled = await h.api(`${API}/sheet-imports/${waiting[0]}/cancel`, { method: 'POST' });
    assert.equal(cancelled.body.taskStatus, 'CANCELLED');
    assert.equal(cancelled.body.queued, false);
    assert.equal((await h.api(`${API}/sheet-imports/${c}/cancel`, { method: 'POST', token })).body.code, 'ILLEGAL_TRANSITION');
    const list = await h.api(`${API}/sheet-imports?taskStatus=CANCELLED&pageSize=50`);
    assert.ok(list.body.results.some((x: Body) => x.sheetImportId === waiting[0]));
    // The customer-scoped user sees only its customer's imports.
    const stranger = await h.token({ rights: [Rights.DATA_INTEGRATION_SHOW], cid: ['7d0c3a57-0000-4000-8000-000000000000'] });
    assert.equal((await h.api(`${API}/sheet-imports/${a}`, { token: stranger })).status, 404);
  });

  test('images (step 3): every mismatch located at once (-10012, -11001, -10014, -10015, -11002, -11003, -11004, 20 MB), nothing kept; processing refuses a defect without its photo', async () => {
    const id = await start();
    const b = good('T20', '2026-10-01');
    const defect = (no: string, image: string) => ['T20', '2026-10-01', no, 'A', 'Erosion', 2, 12.5, 120, 30, image, ''];
    b.defects = [defect('200001', 'IMG_1'), defect('200002', ''), defect('200003', 'IMG_3'), defect('200004', 'IMG_4'), defect('200005', 'IMG_5'), defect('200006', 'IMG_6.jpg'), defect('200007', 'IMG_7')];
    assert.equal((await upload(id, await workbook(b))).body.status, S.VERIFY_SUCCESS);
    const good1 = await shot();
    const big = Buffer.concat([good1, Buffer.alloc(20 * 1024 * 1024)]);
    const r = await images(
      id,
      {
        'IMG_1.jpg': good1,
        'img_1.png': await photo(20, 'png', 160, 120),
        'stray.jpg': good1,
        'IMG_4.jpg': Buffer.from('not a photo at all'),
        'IMG_5.jpg': good1.subarray(0, Math.floor(good1.length / 2)),
        'IMG_6.jpg': await photo(10, 'jpeg', 60, 40),
        'IMG_7.jpg': big,
        'notes.txt': Buffer.from('x'),
      },
      undefined,
      undefined,
    );
    assert.equal(r.status, 200, JSON.stringify(r.body));
    hasFindings(r.body, [
      '-10012@Defects!3:Image ID=200002',
      '-11001@Defects!4:Image ID=IMG_3',
      '-10014@null!-:-=img_1.png',
      '-10015@null!-:-=stray.jpg',
      '-11003@null!-:-=IMG_4.jpg',
      '-11002@null!-:-=IMG_5.jpg',
      '-11004@null!-:-=IMG_6.jpg',
      'FILE_TOO_LARGE@null!-:-=IMG_7.jpg',
      '-11003@null!-:-=notes.txt',
    ]);
    assert.match((r.body.findings as Body[]).find((x) => x.code === -11002).message, /broken.*IMG_5\.jpg/);
    assert.equal(r.body.status, S.VERIFY_SUCCESS);
    assert.equal(r.body.step, 3);
    assert.equal(r.body.imagesNeeded, 6);
    assert.equal(r.body.imagesUploaded, 0);
    assert.equal(await storedPhotos(id), 0, 'nothing kept');
    const p = await h.api(`${API}/sheet-imports/${id}/process`, { method: 'POST' });
    assert.equal(p.status, 400);
    assert.equal(p.body.code, -11001);
    assert.equal((await row(id)).queued_at, null);
  });

  test('images (step 3) from an archive: .zip and .tar.gz matched by name in any folder; unsafe archives refused whole; a new upload replaces the photos', async () => {
    // A park of its own: the queue test keeps Horns Rev busy.
    const other = await h.park('Photo Park', park.customerId);
    await h.turbine(other.parkId, 'P1');
    const id = await start(other.parkId);
    const defect = (no: string, image: string) => ['P1', '2026-10-02', no, 'B', 'Crack', 3, 4, '', '', image, ''];
    const b = { inspections: [['P1', 'Photo Park', '2026-10-02']] as Rows, blades: threeBlades('P1', 'PP'), defects: [defect('210001', 'IMG_1'), defect('210002', 'img_1'), defect('210003', 'IMG_2')] as Rows };
    assert.equal((await upload(id, await workbook(b))).body.status, S.VERIFY_SUCCESS);
    const [p1, p2] = [await shot(30), await shot(60)];
    for (const [name, bytes, code] of [
      ['evil.zip', zip({ 'IMG_1.jpg': p1, '../IMG_2.jpg': p2 }), 'ARCHIVE_UNSAFE_PATH'],
      ['evil.tar.gz', await tarGz({ 'IMG_1.jpg': p1, 'x/IMG_2.jpg': { symlink: '/etc/passwd' } }), 'ARCHIVE_UNSAFE_PATH'],
      ['photos.rar', p1, 'FILE_TYPE_NOT_ALLOWED'],
    ] as const) {
      const r = await images(id, { a: bytes as Buffer }, name);
      assert.equal(r.body.code, code, `${name}: ${JSON.stringify(r.body)}`);
      assert.equal(await storedPhotos(id), 0, name);
    }
    const z = await images(id, { a: zip({ 'flight/IMG_1.JPG': p1, 'flight/sub/IMG_2.jpg': p2, '__MACOSX/._IMG_1.JPG': Buffer.from('x') }) }, 'photos.zip');
    assert.equal(z.status, 200, JSON.stringify(z.body));
    assert.deepEqual(z.body.findings, []);
    assert.equal(z.body.imagesUploaded, 2);
    assert.equal(z.body.progressCode, 6);
    assert.equal(await storedPhotos(id), 2);
    const t = await images(id, { a: await tarGz({ 'IMG_1.jpg': p2, 'IMG_2.png': await photo(5, 'png', 160, 120) }) }, 'photos.tgz');
    assert.equal(t.body.imagesUploaded, 2, JSON.stringify(t.body));
    assert.equal(await storedPhotos(id), 2, 'the earlier photos are dropped');
    const p = await h.api(`${API}/sheet-imports/${id}/process`, { method: 'POST' });
    assert.equal(p.status, 200, JSON.stringify(p.body));
    // What the batch event will carry (the one processing slot of this suite is taken by the queue test's import).
    const defects = (await row(id)).batch[0].defects as Body[];
    assert.equal(defects[0].image.fileKey, defects[1].image.fileKey, 'two rows, one photo');
    assert.equal(defects[2].image.format, 'png');
    assert.equal(defects[2].image.fileName, 'IMG_2.png');
    assert.equal(defects[0].row, 2);
    // Queued: no more photos.
    assert.equal((await images(id, { 'IMG_1.jpg': p1 })).body.code, 'ILLEGAL_TRANSITION');
  });

  test('images (step 3) from an archive through tus: a dropped connection resumes at the offset; refusals as codes; an upload id only under its run', async () => {
    const other = await h.park('Tus Park', park.customerId);
    await h.turbine(other.parkId, 'T1');
    const id = await start(other.parkId);
    const base = `${API}/sheet-imports/${id}/images/tus`;
    const open = (size: number, filename: string, runId = id) =>
      h.tus(`${API}/sheet-imports/${runId}/images/tus`, 'POST', { 'upload-length': String(size), 'upload-metadata': tusMetadata(filename) });
    const octets = { 'content-type': 'application/offset+octet-stream' };
    // Not verified yet: no upload opens.
    assert.equal((await open(10, 'photos.zip')).body.code, 'ILLEGAL_TRANSITION');
    const defect = (no: string, image: string) => ['T1', '2026-10-03', no, 'B', 'Crack', 3, 4, '', '', image, ''];
    const b = { inspections: [['T1', 'Tus Park', '2026-10-03']] as Rows, blades: threeBlades('T1', 'TP'), defects: [defect('220001', 'IMG_1'), defect('220002', 'IMG_2')] as Rows };
    assert.equal((await upload(id, await workbook(b))).body.status, S.VERIFY_SUCCESS);
    assert.equal((await open(10, 'photos.rar')).body.code, 'FILE_TYPE_NOT_ALLOWED');
    const archive = zip({ 'flight/IMG_1.jpg': await shot(40), 'flight/IMG_2.jpg': await shot(70) });
    const created = await open(archive.length, 'photos.zip');
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const location = created.headers.get('location')!;
    assert.match(location, new RegExp(`^${base}/[0-9a-f]{32}$`));
    const half = Math.floor(archive.length / 2);
    const first = await h.tus(location, 'PATCH', { ...octets, 'upload-offset': '0' }, archive.subarray(0, half));
    assert.equal(first.status, 204, JSON.stringify(first.body));
    // The connection dropped here: the client asks how much arrived and goes on from there.
    const head = await h.tus(location, 'HEAD');
    assert.equal(head.headers.get('upload-offset'), String(half));
    assert.equal(await storedPhotos(id), 0, 'nothing matched before the last byte');
    // Under another run the upload does not exist.
    assert.equal((await h.tus(location.replace(id, randomUUID()), 'HEAD')).status, 404);
    const last = await h.tus(location, 'PATCH', { ...octets, 'upload-offset': String(half) }, archive.subarray(half));
    assert.equal(last.status, 200, JSON.stringify(last.body));
    assert.deepEqual(last.body.findings, []);
    assert.equal(last.body.imagesUploaded, 2);
    assert.equal(last.body.progressCode, 6);
    assert.equal(await storedPhotos(id), 2);
  });

  test('images one file at a time (append): good photos kept beside refused ones, a failed file sent again, a photo replaced; processing waits for every photo', async () => {
    const id = await start();
    const b = good('T25', '2026-10-09');
    const defect = (no: string, image: string) => ['T25', '2026-10-09', no, 'A', 'Erosion', 2, 12.5, 120, 30, image, ''];
    b.defects = [defect('250001', 'IMG_1'), defect('250002', 'IMG_2'), defect('250003', 'IMG_1')];
    assert.equal((await upload(id, await workbook(b))).body.status, S.VERIFY_SUCCESS);
    const add = async (files: Record<string, Buffer>, field = 'files') => {
      const form = new FormData();
      for (const [name, bytes] of Object.entries(files)) form.append(field, new Blob([bytes]), name);
      return h.api(`${API}/sheet-imports/${id}/images?append=true`, { form });
    };
    const p1 = await shot(30);
    const one = await add({ 'IMG_1.jpg': p1 });
    assert.equal(one.status, 200, JSON.stringify(one.body));
    assert.deepEqual(one.body.findings, []);
    assert.equal(one.body.imagesUploaded, 1);
    assert.equal(one.body.imagesNeeded, 2);
    assert.equal(one.body.progressCode, 4, 'not every photo yet');
    assert.equal(await storedPhotos(id), 1);

    // A broken photo and a stray one: refused by name; the photo already matched stays.
    const bad = await add({ 'IMG_2.jpg': p1.subarray(0, Math.floor(p1.length / 2)), 'stray.jpg': p1 });
    assert.equal(bad.status, 200, JSON.stringify(bad.body));
    hasFindings(bad.body, ['-11002@null!-:-=IMG_2.jpg', '-10015@null!-:-=stray.jpg']);
    assert.equal(bad.body.imagesUploaded, 1);
    assert.equal(await storedPhotos(id), 1, 'nothing of the refused files kept');
    const early = await h.api(`${API}/sheet-imports/${id}/process`, { method: 'POST' });
    assert.equal(early.body.code, -11001);
    assert.match(early.body.message, /IMG_2/);

    // The failed file sent again; then IMG_1 replaced by another photo (its old file removed).
    const retry = await add({ 'IMG_2.JPG': await shot(60) });
    assert.deepEqual(retry.body.findings, []);
    assert.equal(retry.body.imagesUploaded, 2);
    assert.equal(retry.body.progressCode, 6);
    const replaced = await add({ 'img_1.png': await photo(70, 'png', 160, 120) });
    assert.equal(replaced.body.imagesUploaded, 2);
    assert.equal(await storedPhotos(id), 2);
    const defects = (await row(id)).batch[0].defects as Body[];
    assert.equal(defects[0].image.format, 'png');
    assert.equal(defects[0].image.fileKey, defects[2].image.fileKey, 'both rows of IMG_1 carry the new photo');
    assert.equal(defects[1].image.fileName, 'IMG_2.JPG');
    // An archive is sent whole, never added.
    const archive = await add({ 'photos.zip': zip({ 'IMG_1.jpg': p1 }) }, 'file');
    assert.equal(archive.body.code, 'VALIDATION_FAILED');
    assert.equal(await storedPhotos(id), 2);
  });
});
