import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { errorText } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { type TestPlatform } from './harness.js';
import { SHOTS, browserSuite } from './browser-suite.js';
import { signIn as signInAs, viewersSettled } from './browser.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const TASKS = '/gw/task/api/v2';
const DEMO = 'Demo@2026';

/**
 * The daily users on the demo data, right after start (docs/roles.md): the labeler and the data
 * reviewer are assigned to the demo customers, so their pools have work; they pick a task and open
 * it in its tool. A task the admin assigns to the labeler is in their my tasks and opens; someone
 * not assigned to a task's customer is neither offered nor accepted as its handler.
 */
describe('the daily work of the demo accounts', () => {
  let p: TestPlatform;
  let browser: Browser;
  let admin: string;

  const json = async (url: string, token: string, init: Parameters<TestPlatform['api']>[1] = {}): Promise<{ status: number; body: Body }> => {
    const r = await p.api(url, { token, ...init });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : null };
  };
  /** A task of the pool (as `token` sees it) waiting at `stage`. */
  const poolTask = (token: string, stage: number): Promise<Body> =>
    eventually(async () => {
      const pool = await json(`${TASKS}/tasks/pool?pageSize=100&taskStageType=${stage}`, token);
      return pool.status === 200 ? (pool.body.results as Body[]).find((t) => t.inspectionId && t.taskStageTypes[0] === stage) : undefined;
    }, 180000);

  browserSuite(async (s) => {
    ({ p, browser, admin } = s);
  });

  const signIn = (user: string, locale: 'en_us' | 'zh_cn'): Promise<Page> => signInAs(browser, p.url, { user, password: DEMO, locale });

  /** Picks the task in the pool screen, then opens its work from my tasks (a new tab); answers the tool's page. */
  async function pickAndOpen(page: Page, taskId: string, texts: { pick: RegExp; open: RegExp }): Promise<Page> {
    await page.goto(p.url + '/#/qaCenter/taskPool');
    await page.getByTestId('page-taskPool').waitFor();
    const row = page.locator(`[data-testid="task-table"] tr[data-row-key="${taskId}"]`);
    await row.waitFor({ timeout: 20000 });
    const picked = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/tasks/${taskId}/pick`));
    await row.getByRole('button', { name: texts.pick }).click();
    assert.equal((await picked).status(), 200);
    await page.goto(p.url + '/#/qaCenter/myTasks');
    const mine = page.locator(`[data-testid="task-table"] tr[data-row-key="${taskId}"]`);
    await mine.waitFor({ timeout: 20000 });
    const [tool] = await Promise.all([page.context().waitForEvent('page'), mine.getByRole('button', { name: texts.open }).click()]);
    return tool;
  }

  test('labeler: a full pool, picks a labeling task and opens it in the labeling tool; a task the admin assigns shows in my tasks and opens', async () => {
    const labelerToken = await p.login('labeler', DEMO);
    const task = await poolTask(labelerToken, 4);
    const page = await signIn('labeler', 'en_us');
    const summary = page.getByTestId('task-summary');
    await page.goto(p.url + '/#/qaCenter/taskPool');
    await summary.waitFor();
    const tool = await pickAndOpen(page, task.taskId, { pick: /^Pick the task of/, open: /^Open the work of/ });
    await tool.locator('[data-testid="labeling-workspace"][data-mode="label"]').waitFor({ timeout: 30000 });
    await tool.locator('[data-testid="osd-viewer"][data-image-id]').waitFor({ timeout: 30000 });
    await viewersSettled(tool);
    await tool.screenshot({ path: path.join(SHOTS, 'daily-labeler-labeling-en.png') });
    await tool.close();
    // The handler is shown by the name people see, whether picked or (below) assigned.
    assert.deepEqual((await json(`${TASKS}/tasks/${task.taskId}`, admin)).body.handlebyNames, ['Liu Labeler']);

    // The admin assigns another task to the labeler: it is in their my tasks, and its tool opens.
    const other = await poolTask(admin, 3);
    const handlers = await json(`/context/api/v1/users/task-handlers?pageSize=100&customerId=${other.customerId}&windFarmId=${other.windFarmId}`, admin);
    const labelerId = (handlers.body.results as Body[]).find((u) => u.username === 'labeler')?.userId;
    assert.ok(labelerId, 'the labeler works on the demo customers');
    const assigned = await json(`${TASKS}/tasks/${other.taskId}/handler`, admin, { method: 'PUT', json: { userId: labelerId } });
    assert.equal(assigned.status, 200, JSON.stringify(assigned.body));
    assert.deepEqual(assigned.body.handlebyNames, ['Liu Labeler']);
    await page.goto(p.url + '/#/qaCenter/myTasks');
    await page.locator(`[data-testid="task-table"] tr[data-row-key="${other.taskId}"]`).waitFor({ timeout: 20000 });
    await page.goto(`${p.url}/#/sortAndRemove?taskId=${other.taskId}`);
    await page.getByTestId('sar-strip').first().waitFor({ timeout: 30000 });
    const mine = await json(`${TASKS}/tasks/mine?pageSize=100`, labelerToken);
    assert.ok((mine.body.results as Body[]).some((t) => t.taskId === other.taskId));
    await page.context().close();
  });

  test('data reviewer (中文): a review task waits in the pool; it opens in review mode', async () => {
    const token = await p.login('data-reviewer', DEMO);
    const task = await poolTask(token, 5);
    const page = await signIn('data-reviewer', 'zh_cn');
    const tool = await pickAndOpen(page, task.taskId, { pick: /^领取 .* 的任务$/, open: /^在新标签页打开/ });
    await tool.locator('[data-testid="labeling-workspace"][data-mode="review"]').waitFor({ timeout: 30000 });
    await tool.locator('[data-testid="osd-viewer"][data-image-id]').waitFor({ timeout: 30000 });
    await viewersSettled(tool);
    await tool.screenshot({ path: path.join(SHOTS, 'daily-reviewer-review-zh.png') });
    await page.context().close();
  });

  test('someone not assigned to the customer is not offered and is refused as handler (both languages); nothing changes', async () => {
    const customers = (await json('/context/api/v2/Customers?pageSize=100', admin)).body.results as Body[];
    const gobi = customers.find((c) => c.customerName === 'Gobi Renewables')!.customerId;
    const created = await json('/context/api/v1/users', admin, {
      method: 'POST',
      json: { username: 'gobi-labeler', password: 'Start123', displayName: 'Gobi Labeler', roles: [4], customerIds: [gobi] },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const gobiLabeler = created.body.userId as string;
    const task = await eventually(async () => {
      const pool = await json(`${TASKS}/tasks/pool?pageSize=100&taskStageType=3`, admin);
      return (pool.body.results as Body[]).find((t) => t.customerId !== gobi);
    }, 60000);
    const offered = await json(`/context/api/v1/users/task-handlers?pageSize=100&customerId=${task.customerId}&windFarmId=${task.windFarmId}`, admin);
    const names = (offered.body.results as Body[]).map((u) => u.username);
    assert.ok(names.includes('labeler') && names.includes('admin'));
    assert.ok(!names.includes('gobi-labeler'));
    // Task-flow learns the new user from identity's event; until then it answers USER_NOT_FOUND.
    const before = await json(`${TASKS}/tasks/${task.taskId}`, admin);
    for (const locale of ['en_us', 'zh_cn'] as const) {
      const r = await eventually(async () => {
        const x = await json(`${TASKS}/tasks/${task.taskId}/handler`, admin, { method: 'PUT', locale, json: { userId: gobiLabeler } });
        return x.body?.code === 'USER_NOT_FOUND' ? undefined : x;
      }, 20000);
      assert.equal(r.status, 409);
      assert.equal(r.body.code, 'HANDLER_NOT_ELIGIBLE');
      assert.equal(r.body.message, errorText('HANDLER_NOT_ELIGIBLE', locale, { handlerName: 'Gobi Labeler' }));
    }
    const after = await json(`${TASKS}/tasks/${task.taskId}`, admin);
    assert.deepEqual(after.body, before.body);
  });
});
