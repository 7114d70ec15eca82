import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { EventTypes, Rights } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { API, ReportHarness, type Body } from '../testing/report-harness.js';
import { ExpiryWorker } from './expiry.worker.js';

/**
 * Each format rendered for real from defects that came through the bus, downloaded and opened:
 * pdftotext/pdfinfo for the PDF, the DOCX's word/document.xml, the XLSX read back with exceljs.
 */
describe('report rendering (PDF, DOCX, XLSX)', () => {
  let h: ReportHarness;
  let tmp: string;
  let token: string;
  let parkId: string;
  let turbineId: string;
  let inspectionId: string;
  let defects: Body[];

  before(async () => {
    h = await ReportHarness.start();
    tmp = await mkdtemp(path.join(os.tmpdir(), 'ww-report-out-'));
    token = await h.token({ rights: [Rights.IMAGE_EXPORT], cid: null, pid: null });
    ({ parkId } = await h.park('东山风场'));
    turbineId = await h.turbine(parkId, 'WTG-07');
    const other = await h.turbine(parkId, 'WTG-08');
    inspectionId = await h.inspection(parkId, turbineId, '2026-04-02');
    defects = await h.defects(inspectionId, [
      { severity: 5, defectType: 'Crack', distanceToRoot: 12.5, recommendation: 'Repair within a month' },
      { severity: 3, defectType: '前缘腐蚀' },
      { severity: 1, defectType: 'Erosion', sizeLength: 250.5 },
      { severity: null, defectType: 'Dirt' },
    ]);
    await h.defects(await h.inspection(parkId, other, '2026-04-03'), [{ severity: 2, defectType: 'Erosion' }]);
  });
  after(async () => {
    await h?.stop();
    await rm(tmp, { recursive: true, force: true });
  });

  async function render(scope: 'turbines' | 'parks' | 'inspections', id: string, body: object, locale = 'en_us') {
    const r = await h.create(scope, id, body, { token, locale });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.status, 0);
    const done = await h.waitDone(r.body.id, { token });
    assert.equal(done.status, 2, JSON.stringify(done));
    assert.equal(done.progress, 100);
    const file = await h.api(`${API}/report-tasks/${r.body.id}/file`, { token });
    assert.equal(file.status, 200);
    assert.equal(Number(file.headers.get('content-length')), done.fileSize);
    assert.match(file.headers.get('content-disposition') ?? '', /attachment/);
    return { task: done, file };
  }

  test('a zh_cn turbine PDF: a real PDF with the turbine name, every defect id and the Chinese headings', async () => {
    const { task, file } = await render('turbines', turbineId, { format: 'pdf' }, 'zh_cn');
    assert.equal(task.locale, 'zh_cn');
    assert.equal(file.headers.get('content-type'), 'application/pdf');
    assert.equal(file.bytes.subarray(0, 5).toString(), '%PDF-');
    const pdf = path.join(tmp, 'turbine.pdf');
    await writeFile(pdf, file.bytes);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    assert.match(text, /WTG-07/);
    assert.doesNotMatch(text, /WTG-08/, 'only the chosen turbine');
    for (const d of defects) assert.ok(text.includes(d.defectNo), `defect ${d.defectNo} in the PDF`);
    for (const heading of ['巡检报告', '缺陷列表', '概要', '维修建议', '前缘腐蚀']) assert.ok(text.includes(heading), heading);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1]);
    assert.ok(pages >= 2 && pages <= 8, `page count ${pages}`);
    // The completion was announced with the stored file's URI.
    const events = await h.published(EventTypes.ReportTaskCompleted);
    const ev = events.find((e) => e.payload.reportTaskId === task.id);
    assert.match(ev.payload.fileUri, new RegExp(`^filestore:reports/${task.id}/.+\\.pdf$`));
  });

  test('a DOCX: a zip whose word/document.xml has a heading and a table row per defect', async () => {
    const { file } = await render('inspections', inspectionId, { format: 'docx' });
    assert.equal(file.bytes.subarray(0, 2).toString(), 'PK');
    const docx = path.join(tmp, 'report.docx');
    await writeFile(docx, file.bytes);
    const xml = execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    assert.match(xml, /<w:tbl>/);
    assert.match(xml, /w:val="Heading1"|w:val="Title"/);
    for (const d of defects) assert.ok(xml.includes(`>${d.defectNo}<`), `defect ${d.defectNo} in a cell`);
    assert.ok(xml.includes('Defect list'));
    // header row + 4 defects in the defect table
    const defectTable = xml.slice(xml.indexOf('Defect list'));
    const firstTable = defectTable.slice(0, defectTable.indexOf('</w:tbl>'));
    assert.equal(firstTable.split('<w:tr>').length - 1, 5);
  });

  test('an XLSX of the park: typed cells, frozen header, filters, one row per defect', async () => {
    const { task, file } = await render('parks', parkId, { format: 'xlsx' });
    assert.equal(task.defectCount, 5);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    assert.equal(ws.rowCount, 1 + 5);
    assert.equal(ws.views[0]?.state, 'frozen');
    assert.ok(ws.autoFilter, 'filters on the header');
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    assert.equal(header[0], 'Defect ID');
    const crack = ws.getRows(2, 5)!.find((r) => r.getCell(8).value === 'Crack')!;
    assert.equal(crack.getCell(3).value, 'WTG-07');
    assert.ok(crack.getCell(4).value instanceof Date, 'inspection date is a date cell');
    assert.equal((crack.getCell(4).value as Date).toISOString().slice(0, 10), '2026-04-02');
    assert.equal(crack.getCell(7).value, 12.5, 'distance is a number');
    assert.equal(crack.getCell(9).value, 5, 'severity is a number');
    assert.equal(wb.worksheets.length, 3, "defects, per turbine, timeline");
    assert.equal(wb.worksheets[1]!.rowCount, 1 + 2, 'one summary row per turbine');
  });

  test('a template: its sections, customer name and language (zh_cn) win over the request locale', async () => {
    const admin = { token: h.admin };
    const t = await h.api(`${API}/report-templates`, {
      ...admin,
      method: 'POST',
      json: {
        name: 'Short',
        sections: ['cover', 'defectTable'],
        customerName: 'Acme Wind',
        language: 'zh_cn',
        severityLabels: [{ severity: 5, label: '紧急' }],
      },
    });
    assert.equal(t.status, 201, JSON.stringify(t.body));
    const { task, file } = await render('turbines', turbineId, { format: 'pdf', templateId: t.body.id }, 'en_us');
    assert.equal(task.locale, 'zh_cn');
    const pdf = path.join(tmp, 'templated.pdf');
    await writeFile(pdf, file.bytes);
    const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
    assert.ok(text.includes('Acme Wind'));
    assert.ok(text.includes('紧急'), 'the template names severity 5');
    assert.ok(!text.includes('概要'), 'no summary section');
  });

  test('a failed report says why and can be retried; housekeeping removes an expired file ("report not yet exported" afterwards)', async () => {
    const userId = randomUUID();
    const token = await h.token({ sub: userId, rights: [Rights.MENU_SEARCH_EXPORT], cid: null, pid: null });
    const [row] = await h.sql(
      `INSERT INTO report.report_task (user_id, scope_type, scope_id, scope_name, format, locale, wind_farm_ids, turbine_ids, defect_count, status, error)
       VALUES ($1, 'turbine', $2, 'WTG-07', 'xlsx', 'en_us', ARRAY[$3::uuid], ARRAY[$2::uuid], 4, 3, '{"code":"INTERNAL_ERROR"}') RETURNING id`,
      [userId, turbineId, parkId],
    );
    const failed = await h.api(`${API}/report-tasks/${row.id}`, { token, locale: 'zh_cn' });
    assert.equal(failed.body.status, 3);
    assert.equal(failed.body.statusName, '失败');
    assert.equal(failed.body.error.code, 'INTERNAL_ERROR');
    assert.ok(failed.body.error.message.length > 0);
    const retried = await h.api(`${API}/report-tasks/${row.id}/retry`, { method: 'POST', token });
    assert.equal(retried.status, 200, JSON.stringify(retried.body));
    const done = await h.waitDone(row.id, { token });
    assert.equal(done.status, 2);
    assert.equal(done.error, null);

    await h.sql(`UPDATE report.report_task SET expires_at = now() - interval '1 minute' WHERE id = $1`, [row.id]);
    const removed = await h.svc.app.get(ExpiryWorker).expireNow();
    assert.ok(removed >= 1);
    const after = await h.api(`${API}/report-tasks/${row.id}`, { token });
    assert.equal(after.body.status, 4);
    const file = await h.api(`${API}/report-tasks/${row.id}/file`, { token });
    assert.equal(file.status, 409);
    assert.equal(file.body.code, 'REPORT_NOT_EXPORTED');
    assert.equal((await h.sql(`SELECT file_key FROM report.report_task WHERE id = $1`, [row.id]))[0].file_key, null);
    assert.equal(existsSync(path.join(h.filesDir, 'reports', row.id)), false, 'the file left the store');
  });

  test('the download log: every complete download of my files (who, which file, when), paged and sorted on the server; not a refused one nor anyone else\'s', async () => {
    const userId = randomUUID();
    const mine = await h.token({ sub: userId, username: 'li.na', name: '李娜', rights: [Rights.IMAGE_EXPORT], cid: null, pid: null });
    const log = (q = '') => h.api(`${API}/report-downloads${q}`, { token: mine });
    assert.deepEqual((await log()).body, { results: [], totalCount: 0 });
    const first = await h.create('turbines', turbineId, { format: 'xlsx' }, { token: mine });
    const second = await h.create('inspections', inspectionId, { format: 'docx' }, { token: mine });
    const a = await h.waitDone(first.body.id, { token: mine });
    const b = await h.waitDone(second.body.id, { token: mine });
    const started = Date.now();
    for (const id of [a.id, b.id, a.id]) assert.equal((await h.api(`${API}/report-tasks/${id}/file`, { token: mine })).status, 200);
    await eventually(async () => (await log()).body.totalCount === 3);
    const newest = (await log('?pageSize=2')).body;
    assert.equal(newest.totalCount, 3);
    assert.equal(newest.results.length, 2);
    assert.equal(newest.results[0].reportTaskId, a.id, 'newest first');
    assert.equal(newest.results[1].reportTaskId, b.id);
    assert.deepEqual(
      { ...newest.results[0], id: undefined, downloadedAt: undefined },
      { id: undefined, downloadedAt: undefined, reportTaskId: a.id, userId, userName: '李娜', fileName: a.fileName, format: 'xlsx', scopeName: a.scopeName, fileSize: a.fileSize },
    );
    assert.ok(Math.abs(Date.parse(newest.results[0].downloadedAt) - started) < 60000);
    const page2 = (await log('?pageSize=2&pageIndex=2')).body;
    assert.deepEqual(page2.results.map((r: Body) => r.reportTaskId), [a.id], 'the oldest on page 2');
    const byName = (await log('?fieldToSort=fileName&descending=false&pageSize=10')).body.results.map((r: Body) => r.fileName);
    assert.deepEqual(byName, [...byName].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    assert.equal((await log('?fieldToSort=userId')).status, 400, 'an unsortable column is refused');
    // Another user's log stays empty, and they cannot download my file (nothing logged for the refusal).
    const stranger = await h.token({ rights: [Rights.IMAGE_EXPORT], cid: null, pid: null });
    assert.equal((await h.api(`${API}/report-tasks/${a.id}/file`, { token: stranger })).status, 404);
    assert.deepEqual((await h.api(`${API}/report-downloads`, { token: stranger })).body, { results: [], totalCount: 0 });
    // The log outlives the task.
    assert.equal((await h.api(`${API}/report-tasks/${b.id}`, { method: 'DELETE', token: mine })).status, 200);
    assert.equal((await log()).body.totalCount, 3);
    assert.equal((await h.api(`${API}/report-downloads`, { token: await h.token({ rights: [Rights.MENU_MY_ASSET] }) })).status, 403);
  });
});
