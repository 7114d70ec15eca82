import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { EventTypes, Rights, TaskStage, errorText, type StageCompletedPayload } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { API, DeliveryHarness } from '../testing/delivery-harness.js';

const STATS = '/gw/delivery/api/v2/performance-statistics';

describe('performance statistics over HTTP', () => {
  let h: DeliveryHarness;
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86400_000).toISOString().slice(0, 10);

  before(async () => {
    h = await DeliveryHarness.start();
    const customer = await h.customer('North Sea Wind');
    const park = await h.park('Dogger A', customer);
    const [turbine] = await h.turbines(park, 'A01');
    await h.api(`${API}/projects`, { method: 'POST', json: { projectName: 'Stats', subType: 1, customerId: customer, windFarmIds: [park] } });
    const inspectionId = await h.inspection(turbine!, park, today);
    const taskId = randomUUID();
    for (const stage of [TaskStage.UPLOAD, TaskStage.AUTO_PROCESSING]) {
      await h.publish(EventTypes.TaskflowStageCompleted, taskId, { taskId, inspectionId, stage, nextStage: null });
    }
    await eventually(async () => (await h.count('stage_progress')) === 2);
  });
  after(async () => h?.stop());

  test('more than 3 months is refused with the spec message; an inverted range too', async () => {
    const long = await h.api(`${STATS}?from=2026-01-01&to=2026-04-02`, { locale: 'zh_cn' });
    assert.equal(long.status, 400);
    assert.deepEqual(long.body, { code: 'TIME_RANGE_TOO_LONG', message: errorText('TIME_RANGE_TOO_LONG', 'zh_cn', { months: 3 }) });
    assert.equal((await h.api(`${STATS}?from=2026-01-01&to=2026-04-01`)).status, 200, 'exactly 3 months is allowed');
    assert.equal((await h.api(`${STATS}?from=2026-03-01&to=2026-02-01`)).body.code, 'INVALID_TIME_RANGE');
    assert.equal((await h.api(`${STATS}/export?from=2026-01-01&to=2026-05-01`)).body.code, 'TIME_RANGE_TOO_LONG');
  });

  test('stages completed per project and per day, and the same figures as Excel', async () => {
    const r = await h.api(`${STATS}?from=${monthAgo}&to=${today}`);
    assert.equal(r.status, 200);
    assert.deepEqual(
      r.body.rows.map((x: { projectName: string; stage: number; completed: number }) => [x.projectName, x.stage, x.completed]),
      [
        ['Stats', TaskStage.UPLOAD, 1],
        ['Stats', TaskStage.AUTO_PROCESSING, 1],
      ],
    );
    assert.deepEqual(r.body.days, [{ day: today, completed: 2 }]);
    const x = await h.api(`${STATS}/export?from=${monthAgo}&to=${today}`);
    assert.equal(x.status, 200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.bytes as unknown as ExcelJS.Buffer);
    const row = book.worksheets[0]!.getRow(2);
    assert.deepEqual([2, 3, 4].map((c) => row.getCell(c).value), ['Stats', TaskStage.UPLOAD, 1]);
  });

  test('per person and team: images sorted, defects labeled, QA pass rate of their work, reviews done, hours; a reject is no completed stage', async () => {
    const team = randomUUID();
    await h.publish(EventTypes.IdentityOrganizationCreated, team, { organizationGuid: team, organizationName: 'Blade Team' });
    const user = async (name: string) => {
      const userId = randomUUID();
      await h.publish(EventTypes.IdentityUserCreated, userId, { userId, username: name, displayName: name, email: null, roles: [], organizationId: team, customerIds: [], parkIds: [], active: true });
      return userId;
    };
    const anna = await user('Anna Labeler');
    const rob = await user('Rob Reviewer');
    await eventually(async () => (await h.count('user_ref')) === 2);
    const [row] = await h.sql<{ inspection_id: string }>('SELECT inspection_id FROM delivery.stage_progress LIMIT 1');
    const inspectionId = row!.inspection_id;
    const taskId = randomUUID();
    const stage = async (p: Omit<StageCompletedPayload, 'taskId' | 'inspectionId' | 'nextStage'> & { nextStage?: number }, works: number) => {
      await h.publish(EventTypes.TaskflowStageCompleted, taskId, { taskId, inspectionId, nextStage: null, ...p });
      await eventually(async () => (await h.sql('SELECT 1 FROM delivery.stage_work WHERE task_id = $1', [taskId])).length === works);
    };
    const annaDid = { handlerId: anna, handlerName: 'Anna Labeler' };
    await stage({ stage: TaskStage.SORT_AND_REMOVE, ...annaDid, spentSeconds: 1800, imageCount: 120, defectCount: 0 }, 1);
    await stage({ stage: TaskStage.LABELING, ...annaDid, spentSeconds: 3600, imageCount: 120, defectCount: 7 }, 2);
    await stage({ stage: TaskStage.LABELING_QA, handlerId: rob, handlerName: 'Rob Reviewer', spentSeconds: 600, qaOutcome: 'REJECT', reviewedHandlerId: anna, nextStage: TaskStage.LABELING, qaCounts: { added: 2, deleted: 1, modified: 1, correct: 6 } }, 3);
    const progress = () => h.sql<{ stage: number }>('SELECT stage FROM delivery.stage_progress WHERE task_id = $1 ORDER BY stage', [taskId]);
    assert.deepEqual((await progress()).map((r) => r.stage), [TaskStage.SORT_AND_REMOVE, TaskStage.LABELING], 'a rejected review completed nothing');
    // Labeling redone: task-flow's running total of the stage's time, and the defects then.
    await stage({ stage: TaskStage.LABELING, ...annaDid, spentSeconds: 5400, imageCount: 120, defectCount: 9 }, 4);
    await stage({ stage: TaskStage.LABELING_QA, handlerId: rob, handlerName: 'Rob Reviewer', spentSeconds: 900, qaOutcome: 'PASS', reviewedHandlerId: anna, qaCounts: { added: 0, deleted: 0, modified: 1, correct: 9 } }, 5);
    assert.deepEqual((await progress()).map((r) => r.stage), [TaskStage.SORT_AND_REMOVE, TaskStage.LABELING, TaskStage.LABELING_QA]);

    const r = await h.api(`${STATS}?from=${monthAgo}&to=${today}`);
    assert.equal(r.status, 200);
    const pick = (p: Record<string, unknown>) => [p.userName, p.organizationName, p.imagesSorted, p.defectsLabeled, p.stagesCompleted, p.reviewsReceived, p.reviewsPassed, p.qaPassRate, p.reviewsDone, p.hoursSpent, p.changeRate];
    // Change rate over both reviews of Anna's work: (2 + 1 + 2) / (15 + 2 + 2) = 5 / 19.
    assert.deepEqual(r.body.people.map(pick), [
      ['Anna Labeler', 'Blade Team', 120, 9, 2, 2, 1, 0.5, 0, 2, 5 / 19],
      ['Rob Reviewer', 'Blade Team', 0, 0, 1, 0, 0, null, 2, 0.25, null],
    ]);
    assert.deepEqual(
      r.body.teams.map((t: Record<string, unknown>) => [t.organizationName, t.people, t.imagesSorted, t.defectsLabeled, t.stagesCompleted, t.qaPassRate, t.reviewsDone, t.hoursSpent]),
      [['Blade Team', 2, 120, 9, 3, 0.5, 2, 2.25]],
    );
    // Events without a handler (older task-flow, automatic stages) count for projects and days only.
    assert.equal(r.body.people.some((p: Record<string, unknown>) => p.userId === null), false);

    const x = await h.api(`${STATS}/export?from=${monthAgo}&to=${today}`, { locale: 'zh_cn' });
    assert.equal(x.status, 200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.bytes as unknown as ExcelJS.Buffer);
    const people = book.getWorksheet('人员')!;
    assert.equal(people.getRow(1).getCell(8).value, '质检通过率 (%)');
    assert.deepEqual([1, 2, 3, 4, 8, 9, 10, 11].map((c) => people.getRow(2).getCell(c).value), ['Anna Labeler', 'Blade Team', 120, 9, 50, 0, 2, 26.3]);
    assert.deepEqual([1, 2, 6].map((c) => book.getWorksheet('团队')!.getRow(2).getCell(c).value), ['Blade Team', 2, 50]);
  });

  test('rights and organization scope', async () => {
    assert.equal((await h.api(`${STATS}?from=${monthAgo}&to=${today}`, { token: await h.token({ rights: [Rights.DPR_SHOW] }) })).status, 403);
    const member = await h.token({ rights: [Rights.PERFORMANCE_STATISTICS_SHOW], org: randomUUID() });
    const own = await h.api(`${STATS}?from=${monthAgo}&to=${today}`, { token: member });
    assert.deepEqual(own.body.rows, [], 'projects of other organizations are not counted');
    assert.deepEqual([own.body.people, own.body.teams], [[], []], 'nor the people who worked on them');
    assert.equal((await h.api(`${STATS}?from=${monthAgo}&to=${today}&organizationId=${randomUUID()}`, { token: member })).status, 403);
  });

  test('an answer is kept until something it reads is written: a project renamed, a person renamed, a stage completed', async () => {
    const ask = async () => (await h.api(`${STATS}?from=${monthAgo}&to=${today}`)).body;
    const projects = (v: { rows: { projectName: string }[] }) => [...new Set(v.rows.map((r) => r.projectName))];
    const first = await ask();
    assert.deepEqual(projects(first), ['Stats']);
    // A write the change log does not see (triggers off for that session) shows that the answer is kept...
    await h.sql(`SET session_replication_role = replica; UPDATE delivery.project SET name = 'Unseen' WHERE name = 'Stats'; RESET session_replication_role`);
    assert.deepEqual(await ask(), first, 'the kept answer, not a new computation');
    // ...and a logged write gives the next ask a new one.
    await h.sql(`UPDATE delivery.project SET name = 'Stats renamed' WHERE name = 'Unseen'`);
    assert.deepEqual(projects(await ask()), ['Stats renamed']);

    // A person renamed by identity: names belong to no park, their writes change every answer.
    const [anna] = await h.sql<{ user_id: string; organization_id: string }>(`SELECT user_id, organization_id FROM delivery.user_ref WHERE display_name = 'Anna Labeler'`);
    await h.publish(EventTypes.IdentityUserUpdated, anna!.user_id, {
      userId: anna!.user_id, username: 'anna', displayName: 'Anna L.', email: null, roles: [], organizationId: anna!.organization_id, customerIds: [], parkIds: [], active: true,
    });
    await eventually(async () => (await ask()).people.some((p: { userName: string }) => p.userName === 'Anna L.'));

    // A stage completed on an inspection of the project's park.
    const before = (await ask()).days.reduce((n: number, d: { completed: number }) => n + d.completed, 0);
    const [row] = await h.sql<{ inspection_id: string }>('SELECT inspection_id FROM delivery.stage_progress LIMIT 1');
    const taskId = randomUUID();
    await h.publish(EventTypes.TaskflowStageCompleted, taskId, { taskId, inspectionId: row!.inspection_id, stage: TaskStage.UPLOAD, nextStage: null });
    await eventually(async () => (await ask()).days.reduce((n: number, d: { completed: number }) => n + d.completed, 0) === before + 1);
  });
});
