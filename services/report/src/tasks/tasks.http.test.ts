import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EXCEED_LIMIT_TEXTS, Rights } from '@windward/contracts';
import { API, ReportHarness } from '../testing/report-harness.js';

/** Inserts unfinished tasks for a user straight into the table (a full download list, no jobs running them). */
async function queued(h: ReportHarness, userId: string, n: number, parkId: string) {
  for (let i = 0; i < n; i++)
    await h.sql(
      `INSERT INTO report.report_task (user_id, scope_type, scope_id, scope_name, format, locale, wind_farm_ids, defect_count, status)
       VALUES ($1, 'park', $2, 'P', 'xlsx', 'en_us', ARRAY[$2::uuid], 1, 0)`,
      [userId, parkId],
    );
}

describe('report tasks: refusals (nothing queued)', () => {
  let h: ReportHarness;
  let parkA: string;
  let parkB: string;
  let customer: string;
  let turbineA: string;
  let project: string;
  let emptyProject: string;

  before(async () => {
    h = await ReportHarness.start({ REPORT_QUEUE_LIMIT: '3' });
    ({ parkId: parkA, customerId: customer } = await h.park('Alpha'));
    ({ parkId: parkB } = await h.park('Bravo', customer));
    turbineA = await h.turbine(parkA, 'A01');
    const turbineB = await h.turbine(parkB, 'B01');
    const inspA = await h.inspection(parkA, turbineA);
    const inspB = await h.inspection(parkB, turbineB);
    await h.defects(inspA, [{}, {}]);
    await h.defects(inspB, [{}]);
    project = await h.project('Two parks', [parkA, parkB], customer);
    const { parkId: parkC } = await h.park('Charlie', customer);
    emptyProject = await h.project('Nothing found', [parkC], customer);
  });
  after(async () => {
    await h?.stop();
  });

  test('an unknown project is 404 NOT_FOUND; a malformed id too', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const r = await h.create('projects', id, { format: 'xlsx' });
      assert.equal(r.status, 404);
      assert.equal(r.body.code, 'NOT_FOUND');
    }
    assert.equal(await h.taskCount(), 0);
  });

  test('a PDF over the two parks of a project is refused (only a single park for PDF); one park of it is accepted', async () => {
    const r = await h.create('projects', project, { format: 'pdf' }, { locale: 'zh_cn' });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, 'PDF_SINGLE_PARK_ONLY');
    assert.equal(r.body.message, 'PDF报告只能针对单个风场导出。');
    assert.equal(await h.taskCount(), 0);
    const user = await h.token({ rights: [Rights.IMAGE_EXPORT], cid: null, pid: null });
    const ok = await h.create('projects', project, { format: 'pdf', windFarmIds: [parkA] }, { token: user });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(ok.body.defectCount, 2);
    assert.deepEqual(ok.body.windFarmIds, [parkA]);
    await h.api(`${API}/report-tasks/${ok.body.id}`, { method: 'DELETE', token: user });
  });

  test('a park the caller may not see is WIND_PARK_NOT_FOUND, through a project or directly', async () => {
    const onlyB = await h.token({ rights: [Rights.IMAGE_EXPORT], cid: [customer], pid: [parkB] });
    const before = await h.taskCount();
    const viaProject = await h.create('projects', project, { format: 'xlsx', windFarmIds: [parkA] }, { token: onlyB });
    assert.equal(viaProject.status, 404);
    assert.equal(viaProject.body.code, 'WIND_PARK_NOT_FOUND');
    const direct = await h.create('parks', parkA, { format: 'xlsx' }, { token: onlyB });
    assert.equal(direct.body.code, 'WIND_PARK_NOT_FOUND');
    const turbine = await h.create('turbines', turbineA, { format: 'xlsx' }, { token: onlyB });
    assert.equal(turbine.status, 404);
    // Another customer's user does not see the project at all.
    const other = await h.token({ rights: [Rights.IMAGE_EXPORT], cid: [randomUUID()], pid: null });
    assert.equal((await h.create('projects', project, { format: 'xlsx' }, { token: other })).body.code, 'NOT_FOUND');
    assert.equal(await h.taskCount(), before);
  });

  test('no defects in the selection: NO_QUALIFYING_DEFECTS (empty project, or a severity nobody has)', async () => {
    const empty = await h.create('projects', emptyProject, { format: 'xlsx' });
    assert.equal(empty.status, 404);
    assert.equal(empty.body.code, 'NO_QUALIFYING_DEFECTS');
    const sev = await h.create('parks', parkA, { format: 'xlsx', severities: [5] });
    assert.equal(sev.body.code, 'NO_QUALIFYING_DEFECTS');
    assert.equal(await h.taskCount(), 0);
  });

  test('bad input: unknown format, unknown field, severity 6, unknown template (-13003)', async () => {
    for (const body of [{ format: 'pptx' }, { format: 'xlsx', extra: 1 }, { format: 'xlsx', severities: [6] }, {}]) {
      const r = await h.create('parks', parkA, body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.body.code, 'VALIDATION_FAILED');
    }
    const t = await h.create('parks', parkA, { format: 'xlsx', templateId: randomUUID() });
    assert.equal(t.status, 404);
    assert.equal(t.body.code, -13003);
    assert.equal(await h.taskCount(), 0);
  });

  test('without a report right: 403, nothing queued', async () => {
    const engineer = await h.token({ rights: [Rights.BLADE_SHOW, Rights.BLADE_EDIT], cid: null, pid: null });
    const r = await h.create('parks', parkA, { format: 'xlsx' }, { token: engineer });
    assert.equal(r.status, 403);
    assert.equal(await h.taskCount(), 0);
  });

  test('a full download list: ExceedLimit with the report-tasks text (SPEC §8), in both languages; nothing queued', async () => {
    const userId = randomUUID();
    const token = await h.token({ sub: userId, rights: [Rights.IMAGE_EXPORT], cid: null, pid: null });
    await queued(h, userId, 3, parkA);
    const before = await h.taskCount();
    const en = await h.create('projects', project, { format: 'xlsx' }, { token });
    assert.equal(en.status, 400);
    assert.equal(en.body.code, 'EXCEED_LIMIT');
    assert.equal(en.body.message, EXCEED_LIMIT_TEXTS.reportTasks.en_us);
    const zh = await h.create('projects', project, { format: 'xlsx' }, { token, locale: 'zh_cn' });
    assert.equal(zh.body.message, EXCEED_LIMIT_TEXTS.reportTasks.zh_cn);
    assert.equal(await h.taskCount(), before);
    // Another user's list is not this one's.
    const other = await h.token({ rights: [Rights.IMAGE_EXPORT], cid: null, pid: null });
    const ok = await h.create('projects', project, { format: 'xlsx' }, { token: other });
    assert.equal(ok.status, 201);
    await h.waitDone(ok.body.id, { token: other });
  });

  test('over 2,500 defects: -13012 (export over 2500 defects), nothing queued; 2,500 exactly is accepted', async () => {
    const { parkId, customerId } = await h.park('Big');
    const t = await h.turbine(parkId, 'BIG-01');
    const insp = await h.inspection(parkId, t);
    // Bulk rows straight into the read model (the bus path is covered elsewhere; 2,501 events would only slow the test).
    await h.sql(
      `INSERT INTO report.defect_ref (defect_id, inspection_id, severity, dps_status, defect_no)
       SELECT gen_random_uuid(), $1, 1, 2, lpad(g::text, 6, '0') FROM generate_series(1, 2501) g`,
      [insp],
    );
    const p = await h.project('Big project', [parkId], customerId);
    const before = await h.taskCount();
    const r = await h.create('projects', p, { format: 'xlsx' });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, -13012);
    assert.equal(await h.taskCount(), before);
    await h.sql(
      `DELETE FROM report.defect_ref WHERE defect_id IN (SELECT defect_id FROM report.defect_ref WHERE inspection_id = $1 LIMIT 1)`,
      [insp],
    );
    const ok = await h.create('parks', parkId, { format: 'xlsx' });
    assert.equal(ok.status, 201);
    assert.equal(ok.body.defectCount, 2500);
    const done = await h.waitDone(ok.body.id);
    assert.equal(done.status, 2, JSON.stringify(done));
  });

  test("download before the file is ready: REPORT_NOT_EXPORTED; another user's task: 404; retry only a failed one", async () => {
    const userId = randomUUID();
    const token = await h.token({ sub: userId, rights: [Rights.IMAGE_EXPORT], cid: null, pid: null });
    await queued(h, userId, 1, parkA);
    const [row] = await h.sql(`SELECT id FROM report.report_task WHERE user_id = $1`, [userId]);
    const early = await h.api(`${API}/report-tasks/${row.id}/file`, { token });
    assert.equal(early.status, 409);
    assert.equal(early.body.code, 'REPORT_NOT_EXPORTED');
    assert.deepEqual(await h.sql(`SELECT 1 FROM report.report_download WHERE report_task_id = $1`, [row.id]), [], 'a refused download is not logged');
    const stranger = await h.token({ rights: [Rights.IMAGE_EXPORT], cid: null, pid: null });
    assert.equal((await h.api(`${API}/report-tasks/${row.id}`, { token: stranger })).status, 404);
    assert.equal((await h.api(`${API}/report-tasks/${row.id}/file`, { token: stranger })).status, 404);
    const retry = await h.api(`${API}/report-tasks/${row.id}/retry`, { method: 'POST', token });
    assert.equal(retry.body.code, 'VALIDATION_FAILED');
    assert.equal((await h.sql(`SELECT status FROM report.report_task WHERE id = $1`, [row.id]))[0].status, 0);
  });

  test('the download list: only my tasks, paged and filtered on the server', async () => {
    const userId = randomUUID();
    const token = await h.token({ sub: userId, rights: [Rights.MENU_SEARCH_EXPORT], cid: null, pid: null });
    await queued(h, userId, 3, parkA);
    const p1 = await h.api(`${API}/report-tasks?pageIndex=1&pageSize=2`, { token });
    assert.equal(p1.status, 200);
    assert.equal(p1.body.totalCount, 3);
    assert.equal(p1.body.results.length, 2);
    const p2 = await h.api(`${API}/report-tasks?pageIndex=2&pageSize=2`, { token });
    assert.equal(p2.body.results.length, 1);
    assert.equal((await h.api(`${API}/report-tasks?status=2`, { token })).body.totalCount, 0);
    assert.equal((await h.api(`${API}/report-tasks?fieldToSort=user_id`, { token })).body.code, 'VALIDATION_FAILED');
  });

  test('defectIds (Data Center export): exactly those defects of the park; ids outside it select nothing (NO_QUALIFYING_DEFECTS, nothing queued)', async () => {
    const { parkId } = await h.park('Delta', customer);
    const t = await h.turbine(parkId, 'D01');
    const picked = await h.defects(await h.inspection(parkId, t), [{ severity: 1 }, { severity: 4 }, { severity: 5 }]);
    const user = await h.token({ rights: [Rights.IMAGE_EXPORT], cid: null, pid: null });
    const ids = picked.slice(1).map((d) => d.defectId);
    const ok = await h.create('parks', parkId, { format: 'xlsx', defectIds: ids }, { token: user });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(ok.body.defectCount, 2);
    assert.deepEqual((await h.sql('SELECT defect_ids FROM report.report_task WHERE id = $1', [ok.body.id]))[0].defect_ids.sort(), [...ids].sort());
    const before = await h.taskCount();
    const r = await h.create('parks', parkA, { format: 'xlsx', defectIds: ids }, { token: user });
    assert.equal(r.status, 404);
    assert.equal(r.body.code, 'NO_QUALIFYING_DEFECTS');
    assert.equal(await h.taskCount(), before);
  });
});
