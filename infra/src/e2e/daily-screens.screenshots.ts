import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@windward/service-kit/testing';
import { type TestPlatform } from './harness.js';
import { SHOTS, browserSuite } from './browser-suite.js';
import { signIn as signInAs, viewersSettled } from './browser.js';
import { REPO_ROOT } from '../launcher/platform.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const TASKS = '/gw/task/api/v2';
const INSPECTION = '/gw/inspection/api/v2';
/** A common laptop screen: the daily screens must fit it (issue #15). */
const VIEWPORT = { width: 1440, height: 900 };
/** Where the documented copies go (docs/screenshots/README.md lists them). */
const DOC_SHOTS = path.join(REPO_ROOT, 'docs', 'screenshots', 'daily');

/**
 * The daily screens on the demo data, in both languages, at 1440 × 900, as the super admin sees
 * them: each screen is opened the way a user does and waited for until its data is on it (rows,
 * strips, tiles, diagrams), then photographed. The pictures go to `.data/screenshots/daily/` and
 * are copied to `docs/screenshots/daily/`.
 */
describe('the daily screens, photographed in both languages', () => {
  let p: TestPlatform;
  let browser: Browser;
  let admin: string;

  browserSuite(async (s) => {
    ({ p, browser, admin } = s);
  });

  const json = async (url: string, init: Parameters<TestPlatform['api']>[1] = {}): Promise<{ status: number; body: Body }> => {
    const r = await p.api(url, { token: admin, ...init });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : null };
  };
  /** A task at `stage` of a blade inspection (turbine -01's tower and nacelle tasks wait at sort and remove too). */
  const bladeTask = (stage: number): Promise<Body> =>
    eventually(async () => {
      const pool = await json(`${TASKS}/tasks/pool?pageSize=100&taskStageType=${stage}`);
      for (const t of (pool.body?.results ?? []) as Body[]) {
        if (!t.inspectionId || t.taskStageTypes[0] !== stage) continue;
        const i = await json(`${INSPECTION}/inspections/${t.inspectionId}`);
        if (i.status === 200 && i.body.componentType === 1 && i.body.tiledImageCount === i.body.imageCount) return t;
      }
      return undefined;
    }, 180000);

  /** Every thumbnail of the labeling tool's filmstrip arrived (through the authorised fetch). */
  const stripLoaded = (t: Page) =>
    t.waitForFunction(() => {
      const items = document.querySelectorAll('[data-testid="strip-image"]');
      return items.length > 0 && document.querySelectorAll('[data-testid="strip-image"] img').length === items.length;
    }, undefined, { timeout: 30000 });

  test('task pool, labeling, review, sort and remove, stitching, blade path view, turbine page, defect detail, progress dashboard, download queue, import wizard (en_us and zh_cn)', async () => {
    const labeling = await bladeTask(4);
    const review = await bladeTask(5);
    const sorting = await bladeTask(3);
    // Blade 1's leading edge of the sorting task's inspection stitched (the demo's run of three photos).
    const requested = await json(`${INSPECTION}/inspections/${sorting.inspectionId}/panoramas`, {
      method: 'POST',
      json: { bladePosition: 1, pathViewIndex: 5, chamber: 0, pixelSizeMm: 2.5 },
    });
    assert.equal(requested.status, 202, JSON.stringify(requested.body));
    await eventually(async () => {
      const pano = await json(`/gw/inspection/api/v2/panoramas/${requested.body.panoramaId}`);
      return pano.body?.status === 'done' || undefined;
    }, 60000);
    const park = ((await json('/context/api/v1/plants?pageSize=50')).body.results as Body[]).find((x) => x.windFarmName === 'Hornsea Edge');
    const turbine = ((await json(`/context/api/v2/plants/${park.windFarmId}/all-turbines`)).body as Body[]).find((t) => /-01$/.test(t.turbineName));
    const turbinePage = `${p.url}/#/inspection/turbine?windFarmId=${park.windFarmId}&turbineId=${turbine.turbineId}&inspectionType=1`;
    mkdirSync(path.join(SHOTS, 'daily'), { recursive: true });
    mkdirSync(DOC_SHOTS, { recursive: true });
    const saved: string[] = [];

    for (const [locale, lang] of [
      ['en_us', 'en'],
      ['zh_cn', 'zh'],
    ] as const) {
      const page = await signInAs(browser, p.url, { locale, viewport: VIEWPORT, noMapTiles: true });
      const shot = async (name: string, on: Page = page) => {
        const file = `${name}-${lang}.png`;
        await on.screenshot({ path: path.join(SHOTS, 'daily', file) });
        saved.push(file);
      };
      const tool = async (url: string, ready: (tab: Page) => Promise<void>) => {
        await page.goto(url);
        await ready(page);
      };

      await page.goto(p.url + '/#/qaCenter/taskPool');
      await page.locator('[data-testid="task-table"] tr[data-row-key]').first().waitFor({ timeout: 20000 });
      await shot('task-pool');

      await tool(`${p.url}/#/labeling?taskId=${labeling.taskId}`, async (t) => {
        await t.getByTestId('labeling-workspace').waitFor({ timeout: 30000 });
        await t.locator('[data-testid="osd-viewer"][data-image-id]').waitFor({ timeout: 30000 });
        await viewersSettled(t);
        await stripLoaded(t);
      });
      await shot('labeling');

      await tool(`${p.url}/#/labeling?taskId=${review.taskId}&mode=review`, async (t) => {
        await t.locator('[data-testid="labeling-workspace"][data-mode]').waitFor({ timeout: 30000 });
        await t.locator('[data-testid="osd-viewer"][data-image-id]').waitFor({ timeout: 30000 });
        await viewersSettled(t);
        await stripLoaded(t);
      });
      await shot('review');

      await tool(`${p.url}/#/sortAndRemove?taskId=${sorting.taskId}`, async (t) => {
        const strips = t.getByTestId('sar-strip');
        await strips.nth(2).waitFor({ timeout: 30000 });
        // Every thumbnail of the three runs arrived through the authorised fetch.
        await t.waitForFunction(() => document.querySelectorAll('[data-testid="sar-thumb"] img').length >= 9, undefined, { timeout: 30000 });
      });
      await shot('sort-and-remove');

      await tool(`${p.url}/#/stitching?taskId=${sorting.taskId}`, async (t) => {
        await t.getByTestId('page-stitching').waitFor({ timeout: 30000 });
        await t.getByTestId('osd-viewer').waitFor({ timeout: 30000 });
        await viewersSettled(t);
      });
      await shot('stitching');

      await tool(`${p.url}/#/bladeMathPath?inspectionId=${sorting.inspectionId}&bladePosition=1`, async (t) => {
        await t.waitForFunction(
          () => document.querySelectorAll('[data-testid="blade-path-row"][data-view="5"] [data-testid="blade-path-image"]').length === 3,
        );
      });
      await shot('blade-path-view');

      await page.goto(turbinePage);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="blade-diagram"]').length === 3);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="diagram-defect"]').length >= 2);
      await shot('turbine-page');

      await page.getByTestId('diagram-defect').first().click();
      await page.getByTestId('defect-detail').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="timeline-entry"]').length >= 2);
      await shot('defect-detail');
      await page.keyboard.press('Escape');
      await page.getByTestId('defect-detail').waitFor({ state: 'detached' });

      // A turbine report asked for once (in English), so the download queue has a finished file in both pictures.
      if (lang === 'en') {
        await page.getByTestId('report-button-turbine').click();
        await page.getByTestId('report-submit').click();
        await page.getByTestId('report-queued').waitFor();
      }

      await page.goto(p.url + '/#/deliveryManagement/progressDashboard');
      await page.getByTestId('page-progressDashboard').waitFor();
      await page.locator('[data-testid^="progress-"] [data-testid^="stage-"]').first().waitFor({ timeout: 20000 });
      await shot('progress-dashboard');

      await page.goto(p.url + '/#/downloadQueue');
      await page.getByTestId('page-downloadQueue').waitFor();
      await page.getByTestId('queue-download').first().waitFor({ timeout: 90000 });
      await shot('download-queue');

      await page.goto(p.url + '/#/dataCenter/dataImport');
      await page.getByTestId('import-steps').waitFor();
      await page.getByTestId('import-step-basic').waitFor({ timeout: 20000 });
      await page.getByTestId('import-queue').waitFor();
      await shot('import-wizard');

      // Nothing on these screens needs the page itself to scroll sideways at 1440 px.
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
      await page.context().close();
    }
    for (const file of saved) copyFileSync(path.join(SHOTS, 'daily', file), path.join(DOC_SHOTS, file));
    assert.equal(saved.length, 22);
  });
});
