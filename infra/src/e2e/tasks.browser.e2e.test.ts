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
 * The task screens in two browsers at once (demo data: inspection's demo seed creates inspections,
 * task-flow makes tasks of them and readies sort-and-remove once the images are processed).
 */
describe('task pool in two real browsers, live over socket.io through the gateway', () => {
  let p: TestPlatform;
  let browser: Browser;
  let admin: string;

  browserSuite(async (s) => {
    ({ p, browser, admin } = s);
    await eventually(async () => {
      const r = await p.api(`${API}/tasks/pool?pageSize=50`, { token: admin });
      if (r.status !== 200) return false;
      const body = (await r.json()) as Body;
      return body.results.length >= 2;
    }, 180000);
  });

  const POOL = '/#/qaCenter/taskPool';
  const signIn = (user: string, password: string, locale: 'en_us' | 'zh_cn' = 'en_us', at?: string): Promise<Page> =>
    signInAs(browser, p.url, { user, password, locale, at });

  /** The pool has rendered, is live and lists tasks. */
  async function poolShown(page: Page): Promise<void> {
    await page.getByTestId('page-taskPool').waitFor();
    await page.locator('[data-testid="live-status"][data-live="live"]').waitFor({ timeout: 20000 });
    await page.getByTestId('task-table').locator('tbody tr[data-row-key]').first().waitFor({ timeout: 20000 });
  }

  test("one user picks a task; the other one's pool drops it without a reload; my tasks shows it with its history", async () => {
    const first = await signIn('admin', 'Wind@2026', 'en_us', POOL);
    const second = await signIn('data-admin', 'Demo@2026', 'zh_cn', POOL);
    await Promise.all([poolShown(first), poolShown(second)]);

    // Summary cards above the pool.
    await first.getByTestId('summary-stage-filtering').waitFor();
    assert.match(await first.getByTestId('task-summary').innerText(), /New today/);
    assert.match(await second.getByTestId('task-summary').innerText(), /今日新增/);

    // A sort-and-remove task (the demo also has tasks waiting at labeling and labeling QA).
    const rows = first.getByTestId('task-table').locator('tbody tr[data-row-key]', { hasText: 'Sort and remove' });
    const taskId = (await rows.first().getAttribute('data-row-key'))!;
    assert.ok(taskId);
    const otherRow = second.locator(`[data-testid="task-table"] tbody tr[data-row-key="${taskId}"]`);
    await otherRow.waitFor();
    assert.match(await otherRow.innerText(), /筛选与剔除/);
    // A marker that a reload would wipe.
    await second.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    // The demo pipeline may still be readying other tasks, and a task that newly belongs to the pool
    // legitimately refetches it. To prove the picked row leaves by the push alone, every pool fetch
    // of the second browser is held back until the row is gone.
    let releaseFetches!: () => void;
    const fetchGate = new Promise<void>((resolve) => (releaseFetches = resolve));
    const POOL_URL = /\/tasks\/pool\b/;
    await second.route(POOL_URL, async (route) => {
      await fetchGate;
      // The context may close before a held fetch goes on; that fetch no longer matters.
      await route.continue().catch(() => undefined);
    });
    await first.screenshot({ path: path.join(shots, 'tasks-pool-en.png'), fullPage: true });

    const picked = first.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/tasks/${taskId}/pick`));
    await first
      .locator(`tr[data-row-key="${taskId}"]`)
      .getByRole('button', { name: /^Pick the task of/ })
      .click();
    assert.equal((await picked).status(), 200);

    // The other browser: the row leaves by the socket.io push alone.
    await otherRow.waitFor({ state: 'detached', timeout: 15000 });
    assert.equal(await second.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload), true);
    releaseFetches(); // from here on the route passes every fetch straight through
    await second.screenshot({ path: path.join(shots, 'tasks-pool-zh-after-pick.png'), fullPage: true });
    await first.locator(`tr[data-row-key="${taskId}"]`).waitFor({ state: 'detached' });

    // The server refuses a second pick of the same task, and the console translates the refusal.
    const again = await p.api(`${API}/tasks/${taskId}/pick`, { method: 'POST', token: await p.login('data-admin', 'Demo@2026') });
    assert.equal(again.status, 409);
    assert.equal(((await again.json()) as Body).code, 'TASK_ALREADY_PICKED');

    // My tasks: the picked task, its details and history.
    await first.goto(p.url + '/#/qaCenter/myTasks');
    const mine = first.locator(`[data-testid="task-table"] tr[data-row-key="${taskId}"]`);
    await mine.waitFor();
    await mine.getByRole('button', { name: /^Details of the task/ }).click();
    const history = first.getByTestId('task-history');
    await history.getByText('Sort and remove').first().waitFor();
    await history.getByText('Processing').first().waitFor();
    await first.screenshot({ path: path.join(shots, 'tasks-my-task-detail-en.png'), fullPage: true });
    await first.keyboard.press('Escape');

    // Releasing gives it back: it comes back to the other browser's pool, again without a reload.
    const released = first.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/tasks/${taskId}/release`));
    await mine.getByRole('button', { name: /^Release the task of/ }).click();
    assert.equal((await released).status(), 200);
    await mine.waitFor({ state: 'detached', timeout: 15000 });
    await otherRow.waitFor({ timeout: 15000 });
    assert.equal(await second.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload), true);

    await first.context().close();
    await second.context().close();
  });
  test("the labeler's data scope changes while the pool is open: the console renews its access, stays signed in, goes live again and shows the new scope", async () => {
    const page = await signIn('labeler', 'Demo@2026', 'en_us', POOL);
    await poolShown(page);
    const token = () => page.evaluate(() => window.localStorage.getItem('access_token') ?? '');
    const version = (t: string) => (JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()) as { av?: number }).av ?? 0;
    const before = await token();
    const users = (await (await p.api('/context/api/v1/users?username=labeler', { token: admin })).json()) as Body;
    const labeler = users.results.find((u: Body) => u.username === 'labeler');
    const scope = (await (await p.api(`/context/api/v2/users/authData?userId=${labeler.id}`, { token: admin })).json()) as Body;
    const narrow = await p.api(`/context/api/v2/users/${labeler.id}/authData`, { method: 'PUT', token: admin, json: { customerIds: [], parkIds: [] } });
    assert.equal(narrow.status, 200, await narrow.clone().text());
    try {
      // task-flow closes the socket of the old token; the console renews the token and reconnects.
      await eventually(async () => version(await token()) > version(before), 20000);
      await page.locator('[data-testid="live-status"][data-live="live"]').waitFor({ timeout: 20000 });
      assert.match(page.url(), /#\/qaCenter\/taskPool/, 'still signed in, on the same page');
      // Its lists answer for the new (empty) scope.
      await page.reload();
      await page.getByTestId('page-taskPool').waitFor();
      await eventually(async () => (await page.getByTestId('task-table').locator('tbody tr[data-row-key]').count()) === 0, 20000);
      assert.match(page.url(), /#\/qaCenter\/taskPool/);
    } finally {
      await p.api(`/context/api/v2/users/${labeler.id}/authData`, { method: 'PUT', token: admin, json: { customerIds: scope.customerIds, parkIds: scope.parkIds } });
      await page.context().close();
    }
  });
});
