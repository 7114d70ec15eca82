import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { EventTypes, Rights, TaskStage, errorText } from '@windward/contracts';
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

  test('rights and organization scope', async () => {
    assert.equal((await h.api(`${STATS}?from=${monthAgo}&to=${today}`, { token: await h.token({ rights: [Rights.DPR_SHOW] }) })).status, 403);
    const member = await h.token({ rights: [Rights.PERFORMANCE_STATISTICS_SHOW], org: randomUUID() });
    const own = await h.api(`${STATS}?from=${monthAgo}&to=${today}`, { token: member });
    assert.deepEqual(own.body.rows, [], 'projects of other organizations are not counted');
    assert.equal((await h.api(`${STATS}?from=${monthAgo}&to=${today}&organizationId=${randomUUID()}`, { token: member })).status, 403);
  });
});
