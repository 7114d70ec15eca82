import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@windward/service-kit/testing';
import { type TestPlatform } from './harness.js';
import { browserSuite } from './browser-suite.js';
import { signIn } from './browser.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
/** axe-core's source, evaluated over CDP (the console's CSP rightly refuses an injected script tag). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.1 A and AA (issue #15 item 10). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/** axe-core in the page: the critical and serious WCAG 2.1 A/AA violations, with a few of their elements. */
async function serious(page: Page, screen: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const result = await page.evaluate(async (tags) => {
    const w = window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[]; html: string; failureSummary?: string }[] }[] }> } };
    return w.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
  }, TAGS);
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({
      screen,
      rule: v.id,
      impact: v.impact,
      // What and why, for the log (CI keeps only the log): the element, its markup and axe's summary.
      nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`),
    }));
}

/** The page has rendered its data: no spinner or skeleton left, and `ready` is visible. */
async function settled(page: Page, ready: string): Promise<void> {
  await page.locator(ready).first().waitFor({ timeout: 30000 });
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'), undefined, { timeout: 30000 });
  // A finished spinner leaves its content fading back from half opacity (antd's 0.3 s transition):
  // axe read a table cell mid-fade once as a colour-contrast failure. Wait for every finite
  // animation and transition to end (endless ones, such as a live badge's pulse, do not count).
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 30000 },
  );
}

/**
 * The main screens of the console checked with axe-core (WCAG 2.1 A/AA): no critical or serious
 * violation. Also what axe cannot see: the document language follows the console's, the skip link
 * reaches the content, and Tab leaves the task pool's date-range filter.
 */
describe('accessibility of the main screens (axe-core, WCAG 2.1 A/AA)', () => {
  let p: TestPlatform;
  let browser: Browser;
  let admin: string;
  let turbineUrl = '';
  let labelingUrl = '';

  browserSuite(async (s) => {
    ({ p, browser, admin } = s);
    const json = async (url: string) => (await (await p.api(url, { token: admin })).json()) as Body;
    const park = (await json('/context/api/v1/plants?pageSize=50')).results.find((x: Body) => x.windFarmName === 'Hornsea Edge');
    const turbine = await eventually(async () => ((await json(`/context/api/v2/plants/${park.windFarmId}/all-turbines`)) as Body[])?.find((t) => /-01$/.test(t.turbineName)), 60000);
    turbineUrl = `/#/inspection/turbine?windFarmId=${park.windFarmId}&turbineId=${turbine.turbineId}&inspectionType=1`;
    const task = await eventually(async () => (await json('/gw/task/api/v2/tasks/pool?pageSize=100&taskStageType=4')).results?.find((t: Body) => t.inspectionId), 180000);
    labelingUrl = `/#/labeling?taskId=${task.taskId}`;
  });

  test('eleven screens have no critical or serious violation; the document language follows the console (en, zh)', async () => {
    const findings: Finding[] = [];
    // The sign-in page, before anyone signs in.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const login = await context.newPage();
    await login.goto(p.url + '/');
    await settled(login, 'input[type="password"]');
    findings.push(...(await serious(login, 'sign-in')));
    await context.close();

    const page = await signIn(browser, p.url, { viewport: { width: 1440, height: 900 } });
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    const screens: [string, string, string][] = [
      ['global map', '/#/explore/globalMap', '[data-testid="global-map"], .ol-viewport'],
      ['wind parks', '/#/inspection/windPark', '.ant-table-row'],
      ['turbine', turbineUrl, '[data-testid="blade-diagram"]'],
      ['task pool', '/#/qaCenter/taskPool', '[data-testid="task-table"] .ant-table-row'],
      ['task history', '/#/qaCenter/history', '.ant-table'],
      ['repair plans', '/#/repairPlan/repairPlanList', '.ant-table'],
      ['projects', '/#/projectCenter/projectList', '.ant-table-row'],
      ['progress dashboard', '/#/deliveryManagement/progressDashboard', '[data-testid^="progress-"]'],
      ['user center', '/#/configuration/userCenter', '.ant-table-row'],
      ['search and export', '/#/dataCenter/searchExport', '.ant-form'],
    ];
    for (const [screen, url, ready] of screens) {
      await page.goto(p.url + url);
      await settled(page, ready);
      findings.push(...(await serious(page, screen)));
      // A daily screen fits a 1440 px laptop: nothing makes the page itself scroll sideways.
      if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)) findings.push({ screen, rule: 'page-scrolls-sideways', impact: 'serious', nodes: [] });
    }
    // The labeling tool (read-only review of a task waiting at labeling).
    await page.goto(p.url + labelingUrl);
    await settled(page, '[data-testid="osd-viewer"][data-image-id]');
    findings.push(...(await serious(page, 'labeling tool')));
    assert.deepEqual(findings, [], JSON.stringify(findings, null, 1));
    await page.context().close();

    // In Chinese, the document says so (screen readers pick their voice by it).
    const zh = await signIn(browser, p.url, { locale: 'zh_cn', viewport: { width: 1440, height: 900 } });
    assert.equal(await zh.evaluate(() => document.documentElement.lang), 'zh-CN');
    await zh.context().close();
  });

  test('keyboard: the skip link reaches the content; Tab leaves the task pool’s date-range filter', async () => {
    const page = await signIn(browser, p.url, { viewport: { width: 1440, height: 900 }, at: '/#/qaCenter/taskPool' });
    await settled(page, '[data-testid="task-table"]');
    // The first Tab of the page lands on the skip link; Enter moves the focus into the content.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'skip-link');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main-content');
    // From the date-range filter's first input, a few Tabs get past the filter.
    const range = page.locator('.ant-picker-range input').first();
    await range.focus();
    let left = false;
    for (let i = 0; i < 6 && !left; i++) {
      await page.keyboard.press('Tab');
      left = await page.evaluate(() => !document.activeElement?.closest('.ant-picker-range, .ant-picker-dropdown'));
    }
    assert.ok(left, 'Tab leaves the date-range picker within 6 presses');
    await page.context().close();
  });
});
