import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@windward/service-kit/testing';
import { type TestPlatform } from './harness.js';
import { SHOTS, browserSuite } from './browser-suite.js';
import { signIn as signInAs } from './browser.js';

const shots = SHOTS;
const API = '/gw/task/api/v2';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

/**
 * The Task Center screens against the whole platform (demo data: inspection's demo seed creates
 * inspections, task-flow makes tasks of them and readies sort and remove): today's tasks, the
 * history with a task's details, a stage time limit kept by the server, and an admin assigning a
 * pool task that appears in the assignee's my tasks in a second browser without a reload.
 */
describe('task center in two real browsers', () => {
  let p: TestPlatform;
  let browser: Browser;
  let admin: string;

  browserSuite(async (s) => {
    ({ p, browser, admin } = s);
    await eventually(async () => {
      const r = await p.api(`${API}/tasks/pool?pageSize=50`, { token: admin });
      if (r.status !== 200) return false;
      return ((await r.json()) as Body).results.length >= 1;
    }, 180000);
  });

  const signIn = (user: string, password: string, locale: 'en_us' | 'zh_cn' = 'en_us', at?: string): Promise<Page> =>
    signInAs(browser, p.url, { user, password, locale, at });

  const rowsOf = (page: Page, table = 'task-table') => page.getByTestId(table).locator('tbody tr[data-row-key]');

  test("today's tasks, history with details, a time limit kept after reload, and a live assignment", async () => {
    // Today's tasks: the demo tasks were created today (UTC), with the day's summary above.
    const first = await signIn('admin', 'Wind@2026', 'en_us', '/#/qaCenter/todayTasks');
    const second = await signIn('data-admin', 'Demo@2026', 'zh_cn');

    await first.getByTestId('page-todayTasks').waitFor();
    await rowsOf(first).first().waitFor({ timeout: 20000 });
    assert.match(await first.getByTestId('task-summary').innerText(), /New today/);
    await first.locator('[data-testid="live-status"][data-live="live"]').waitFor({ timeout: 20000 });
    await first.screenshot({ path: path.join(shots, 'task-center-today-en.png'), fullPage: true });

    // History: every task; a row opens its details with the history, logs and QA results.
    await first.goto(p.url + '/#/qaCenter/history');
    await first.getByTestId('page-taskHistory').waitFor();
    const historyRow = rowsOf(first).first();
    await historyRow.waitFor({ timeout: 20000 });
    await historyRow.locator('td').nth(1).click();
    const detail = first.getByTestId('task-detail');
    await detail.waitFor();
    await detail.getByTestId('task-history').getByText('Upload').first().waitFor();
    await detail.getByRole('tab', { name: 'Logs' }).click();
    await detail.getByTestId('task-logs').waitFor();
    await detail.getByRole('tab', { name: 'QA results' }).click();
    await detail.getByTestId('task-qa-results').waitFor();
    await detail.getByRole('tab', { name: 'History', exact: true }).click();
    await first.screenshot({ path: path.join(shots, 'task-center-history-detail-en.png'), fullPage: true });
    await first.keyboard.press('Escape');

    // Flow management: a time limit is refused out of range, saved in range, and kept by the server.
    await first.goto(p.url + '/#/dataFlowManagement/flowManagement');
    const labeling = first.getByLabel('Time limit of Labeling in minutes');
    await labeling.waitFor();
    await first.waitForFunction(
      () => !!(document.querySelector('input[aria-label="Time limit of Labeling in minutes"]') as HTMLInputElement)?.value,
    );
    await labeling.fill('0');
    await first.getByTestId('time-limits-save').click();
    await first.getByText('Enter whole minutes from 1 to 525600').waitFor();
    await labeling.fill('2999');
    // The refusal goes once the value is valid: the save button is then where it will stay.
    await first.getByText('Enter whole minutes from 1 to 525600').waitFor({ state: 'detached' });
    const saved = first.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/flow/time-limits'));
    await first.getByTestId('time-limits-save').click();
    assert.equal((await saved).status(), 200);
    await first.reload();
    await first.getByLabel('Time limit of Labeling in minutes').waitFor();
    await first.waitForFunction(
      () => (document.querySelector('input[aria-label="Time limit of Labeling in minutes"]') as HTMLInputElement)?.value === '2999',
    );
    const limits = (await (await p.api(`${API}/flow/time-limits`, { token: admin })).json()) as Body;
    assert.equal(limits.find((l: Body) => l.taskStageType === 4).minutes, 2999);
    await first.screenshot({ path: path.join(shots, 'task-center-flow-en.png'), fullPage: true });

    // The assignee watches my tasks (Chinese) in the other browser.
    await second.goto(p.url + '/#/qaCenter/myTasks');
    await second.getByTestId('page-myTasks').waitFor();
    await second.locator('[data-testid="live-status"][data-live="live"]').waitFor({ timeout: 20000 });
    await second.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

    // The admin assigns a pool task to data-admin.
    await first.goto(p.url + '/#/qaCenter/taskPool');
    await first.getByTestId('page-taskPool').waitFor();
    // A sort-and-remove task (the demo also has tasks waiting at labeling and labeling QA).
    const poolRow = rowsOf(first).filter({ hasText: 'Sort and remove' }).first();
    await poolRow.waitFor({ timeout: 20000 });
    const taskId = (await poolRow.getAttribute('data-row-key'))!;
    assert.ok(taskId);
    const mineRow = second.locator(`[data-testid="task-table"] tr[data-row-key="${taskId}"]`);
    assert.equal(await mineRow.count(), 0);
    await first
      .locator(`tr[data-row-key="${taskId}"]`)
      .getByRole('button', { name: /^Manage the task of/ })
      .click();
    await first.getByRole('menuitem', { name: 'Assign handler…' }).click();
    const dialog = first.getByTestId('assign-dialog');
    await dialog.waitFor();
    await dialog.locator('#assign-handler').click();
    await first.keyboard.type('data-admin');
    await first.locator('.ant-select-item-option', { hasText: 'data-admin' }).first().click();
    const assigned = first.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/tasks/${taskId}/handler`));
    await first.getByRole('button', { name: 'Assign', exact: true }).click();
    assert.equal((await assigned).status(), 200);

    // It appears in data-admin's my tasks by the socket.io push, without a reload.
    await mineRow.waitFor({ timeout: 15000 });
    assert.equal(await second.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload), true);
    assert.match(await mineRow.innerText(), /筛选与剔除/);
    await second.screenshot({ path: path.join(shots, 'task-center-assigned-zh.png'), fullPage: true });
    // And it left the admin's pool.
    await first.locator(`tr[data-row-key="${taskId}"]`).waitFor({ state: 'detached', timeout: 15000 });

    const detailOf = (await (await p.api(`${API}/tasks/${taskId}`, { token: admin })).json()) as Body;
    assert.deepEqual(detailOf.handlebyNames.length, 1);

    await first.context().close();
    await second.context().close();
  });
});
