import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { errorText } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { type TestPlatform } from './harness.js';
import { SHOTS, browserSuite } from './browser-suite.js';
import { signIn as signInAs, viewersSettled } from './browser.js';

/** Response bodies are checked by assertions, not by types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const shots = SHOTS;
const INSP = '/gw/inspection/api/v2';
const TASKS = '/gw/task/api/v2';

/**
 * Stitching and the blade path view in a real browser on demo data: the demo customers' flow
 * config switches stitching on for blade-external inspections (identity seed), so the demo
 * inspection's task is walked through sort and remove, labeling, labeling QA and FQA over the
 * API until stitching is its current stage; two more photos join blade 1's leading edge.
 */
describe('stitching and the blade path view in a real browser', () => {
  let p: TestPlatform;
  let browser: Browser;
  let admin: string;
  let inspectionId: string;
  let taskId: string;

  const json = async (url: string, init: Parameters<TestPlatform['api']>[1] = {}): Promise<Body> => {
    const r = await p.api(url, { token: admin, ...init });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : null };
  };
  const currentStage = async () => (await json(`${TASKS}/tasks/${taskId}`)).body.taskStageTypes[0] as number;

  browserSuite(async (s) => {
    ({ p, browser, admin } = s);
    const park = await eventually(
      async () =>
        (await json('/context/api/v1/plants?pageSize=50')).body?.results?.find((x: Body) => x.windFarmName === 'Dogger Bank North'),
      30000,
    );
    const turbine = await eventually(async () => {
      const list = (await json(`/context/api/v2/plants/${park.windFarmId}/all-turbines`)).body;
      return Array.isArray(list) ? list.find((t: Body) => /-01$/.test(t.turbineName)) : null;
    }, 30000);
    const newest = await eventually(async () => {
      const list = (await json(`${INSP}/inspections?turbineId=${turbine.turbineId}`)).body;
      return list?.totalCount >= 2 && list.results.every((i: Body) => i.imageCount > 0 && i.tiledImageCount === i.imageCount)
        ? list.results[0]
        : null;
    }, 90000);
    inspectionId = newest.inspectionId;
    // The task of the inspection reaches sort and remove once auto-processing saw the processed images.
    const task = await eventually(async () => {
      const t = (await json(`${TASKS}/tasks?inspectionId=${inspectionId}`)).body?.results?.[0];
      return t && t.taskStageTypes[0] === 3 ? t : null;
    }, 90000);
    taskId = task.taskId;
    assert.ok(task.features.includes('stitching'), `the demo flow config switches stitching on: ${JSON.stringify(task.features)}`);
    // A labeling review passes only with a verdict on every defect of the inspection.
    const verdicts = async () =>
      ((await json(`${INSP}/defects?inspectionId=${inspectionId}&pageSize=500`)).body.results as Body[]).map((d) => ({ defectId: d.defectId, result: 1 }));
    // Sort and remove, labeling: pick and complete; labeling QA and FQA: pick and pass.
    for (const [stage, how] of [
      [3, 'complete'],
      [4, 'complete'],
      [5, 'qa'],
      [11, 'qa'],
    ] as const) {
      assert.equal(await currentStage(), stage);
      assert.equal((await json(`${TASKS}/tasks/${taskId}/pick`, { method: 'POST' })).status, 200);
      if (stage === 4) {
        // Labeling completes only once every image side is labeled: mark the images without defects.
        const status = (await json(`${INSP}/inspections/${inspectionId}/labeling-status`)).body;
        for (const img of status.images.filter((i: Body) => !i.done)) {
          assert.equal((await json(`${INSP}/images/${img.imageId}/labeled`, { method: 'PUT', json: { labeled: true } })).status, 200);
        }
      }
      // Task-flow hears of the completed labeling through an event: retry while it has not yet.
      const done = await eventually(async () => {
        const r =
          how === 'complete'
            ? await json(`${TASKS}/tasks/${taskId}/stages/${stage}/complete`, { method: 'POST' })
            : await json(`${TASKS}/tasks/${taskId}/qa`, { method: 'POST', json: { result: 1, comments: 'fine', stage, defects: await verdicts() } });
        return r.body?.code === 'ALL_SIDES_MUST_BE_LABELED' ? null : r;
      }, 10000);
      assert.ok(done.status < 300, JSON.stringify(done));
    }
    assert.equal(await currentStage(), 6);
    assert.equal((await json(`${TASKS}/tasks/${taskId}/pick`, { method: 'POST' })).status, 200);
    // Blade 1's leading edge: the demo's run of three photos, 2.4 m apart (side by side at 1 mm/px).
  });

  async function signIn(at?: string): Promise<Page> {
    const page = await signInAs(browser, p.url, { viewport: { width: 1500, height: 950 }, noMapTiles: true, at });
    if (!at) await page.waitForURL(/#\/explore\/globalMap/);
    return page;
  }

  const tileLoaded = (page: Page, version: number) =>
    page.waitForResponse(
      (r) =>
        /\/panoramas\/[^/]+\/image_files\/\d+\/\d+_\d+\.jpeg\?v=/.test(r.url()) && r.url().endsWith(`?v=${version}`) && r.status() === 200,
      {
        timeout: 60000,
      },
    );

  test('the blade path view shows the paths; the stitching tool stitches, shows tiles, nudges a photo and stitches again; complete and review', async () => {
    const page = await signIn(`/#/bladeMathPath?inspectionId=${inspectionId}&bladePosition=1`);
    await page.getByTestId('blade-path-rows').waitFor();
    const le = page.locator('[data-testid="blade-path-row"][data-view="5"]');
    await le.waitFor();
    assert.equal(await le.getByTestId('blade-path-label').innerText(), 'Leading edge');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="blade-path-row"][data-view="5"] [data-testid="blade-path-image"]').length === 3,
    );
    // The run's middle photo carries the blade's defect: its box is coloured by the worst severity (level ≥ 2).
    const levels = await le.getByTestId('blade-path-image').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-level'))));
    assert.ok(Math.max(...levels) >= 2, JSON.stringify(levels));
    await page.screenshot({ path: path.join(shots, 'blade-path-view-en.png') });

    await page.goto(`${p.url}/#/stitching?taskId=${taskId}`);
    await page.getByTestId('page-stitching').waitFor();
    await page.getByTestId('path-select').getByText('Blade 1 · Leading edge (3 photos)').waitFor();
    assert.equal(await page.getByTestId('stitching-stage').getAttribute('data-stage'), '6');
    const firstTiles = tileLoaded(page, 1);
    await page.getByTestId('stitch').click();
    const viewer = page.getByTestId('osd-viewer');
    await viewer.waitFor({ timeout: 60000 });
    await firstTiles;
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="defect-polygon"][data-defect-id^="image:"]').length === 3);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="defect-polygon"][data-defect-id^="defect:"]').length >= 1);
    const list = (await json(`${INSP}/inspections/${inspectionId}/panoramas?bladePosition=1`)).body.results;
    const pano = (await json(`${INSP}/panoramas/${list[0].panoramaId}`)).body;
    assert.equal(pano.status, 'done');
    // Centres 2.4 m apart at 1 mm/px: the photos lie side by side, 2400 px apart.
    assert.deepEqual(
      pano.placements.map((x: Body) => x.x),
      [0, 2400, 4800],
    );
    assert.deepEqual([pano.width, pano.height], [7200, 800]);
    await viewersSettled(page);
    await page.screenshot({ path: path.join(shots, 'stitching-panorama-en.png') });

    // Select the second photo and move it 50 px right (Shift+→ × 5) and 3 px down.
    const second = pano.placements[1].imageId as string;
    await page.locator(`[data-testid="placement-item"][data-image-id="${second}"]`).click();
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowRight');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    const typed = (testId: string) =>
      page.evaluate((id) => {
        const el = document.querySelector(`[data-testid="${id}"]`)!;
        return ((el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement).value;
      }, testId);
    assert.deepEqual([await typed('offset-dx'), await typed('offset-dy')], ['50', '3']);
    await page.getByTestId('offsets-pending').waitFor();
    const secondTiles = tileLoaded(page, 2);
    await page.getByTestId('apply-offsets').click();
    await secondTiles;
    await page.waitForFunction(() =>
      (document.querySelector('[data-testid="osd-viewer"]')?.getAttribute('data-image-id') ?? '').endsWith('@2'),
    );
    const moved = (await json(`${INSP}/panoramas/${pano.panoramaId}`)).body;
    assert.deepEqual(moved.offsets, { [second]: { dx: 50, dy: 3 } });
    assert.deepEqual(
      moved.placements.map((x: Body) => [x.x, x.y]),
      [
        [0, 0],
        [2450, 3],
        [4800, 0],
      ],
    );
    await viewersSettled(page);
    await page.screenshot({ path: path.join(shots, 'stitching-nudged-en.png') });

    // Blades 2 and 3 are not stitched yet: the server refuses to complete, and the tool says why.
    await page.getByTestId('complete-stitching').click();
    await page.getByTestId('complete-error').getByText(errorText('STITCHING_INCOMPLETE', 'en_us', { unstitched: 2, total: 3 })).waitFor();
    assert.equal(await currentStage(), 6);
    for (const bladePosition of [2, 3]) {
      const r = await json(`${INSP}/inspections/${inspectionId}/panoramas`, { method: 'POST', json: { bladePosition, pathViewIndex: 5 } });
      assert.equal(r.status, 202, JSON.stringify(r.body));
    }
    // Once every path is stitched (and task-flow heard so), the stitcher completes the stage; the task moves on to stitching QA.
    await eventually(async () => {
      const all = (await json(`${INSP}/inspections/${inspectionId}/panoramas`)).body.results as Body[];
      if (all.length !== 3 || all.some((x) => x.status !== 'done')) return false;
      const r = await json(`${TASKS}/tasks/${taskId}/stages/6/complete`, { method: 'POST' });
      return r.status === 200;
    }, 90000);
    assert.equal(await currentStage(), 7);

    // Review: the reviewer picks stitching QA and passes it from the page.
    assert.equal((await json(`${TASKS}/tasks/${taskId}/pick`, { method: 'POST' })).status, 200);
    await page.goto(`${p.url}/#/stitching?taskId=${taskId}&mode=review`);
    await page.getByTestId('review-form').waitFor();
    await page.getByTestId('osd-viewer').waitFor({ timeout: 30000 });
    assert.equal(await page.getByTestId('stitch').count(), 0);
    await page.getByTestId('review-result-1').click();
    await page.getByTestId('review-submit').click();
    await page.getByTestId('review-done').waitFor();
    assert.equal(await currentStage(), 12);
    await page.screenshot({ path: path.join(shots, 'stitching-review-en.png') });

    // The blade path view now shows the leading edge's panorama thumbnail.
    await page.goto(`${p.url}/#/bladeMathPath?inspectionId=${inspectionId}&bladePosition=1`);
    await page.locator('[data-testid="blade-path-row"][data-view="5"] .bmp-row__pano img').waitFor({ timeout: 30000 });
    await page.screenshot({ path: path.join(shots, 'blade-path-view-stitched-en.png') });
    await page.context().close();
  });
});
