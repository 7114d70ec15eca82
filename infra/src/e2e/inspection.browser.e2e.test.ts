import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@windward/service-kit/testing';
import { type TestPlatform } from './harness.js';
import { SHOTS, browserSuite } from './browser-suite.js';
import { signIn as signInAs, switchLanguage, viewersSettled, wheelZoomIn } from './browser.js';

/** Response bodies are checked by assertions, not by types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const shots = SHOTS;
const BASE = '/gw/inspection/api/v2';

describe('inspection screens in a real browser (demo inspections, tiles and defects)', () => {
  let p: TestPlatform;
  let browser: Browser;
  let park: Body;
  let turbine: Body;
  let defectId: string;

  const json = async (url: string, token: string): Promise<Body> => {
    const r = await p.api(url, { token });
    return r.status === 200 ? r.json() : null;
  };

  browserSuite(async (s) => {
    ({ p, browser } = s);
    const { admin } = s;
    park = await eventually(async () => {
      const body = await json('/context/api/v1/plants?pageSize=50', admin);
      return body?.results?.find((x: Body) => x.windFarmName === 'Dogger Bank North');
    }, 30000);
    turbine = await eventually(async () => {
      const list = await json(`/context/api/v2/plants/${park.windFarmId}/all-turbines`, admin);
      return list?.find((t: Body) => /-01$/.test(t.turbineName));
    }, 30000);
    // The demo seed queues tile jobs: wait until every image of both inspections is tiled.
    await eventually(async () => {
      const list = await json(`${BASE}/inspections?turbineId=${turbine.turbineId}`, admin);
      return list?.totalCount >= 2 && list.results.every((i: Body) => i.imageCount > 0 && i.tiledImageCount === i.imageCount);
    }, 90000);
    // …and asset knows the inspections (the turbine page's selectors read asset).
    await eventually(async () => {
      const list = await json(`/context/api/v2/plants/${park.windFarmId}/all-turbines`, admin);
      return (list?.find((t: Body) => t.turbineId === turbine.turbineId)?.inspections ?? []).length >= 2;
    }, 30000);
    const newest = (await json(`${BASE}/inspections?turbineId=${turbine.turbineId}`, admin)).results[0];
    const defects = await json(`${BASE}/defects?inspectionId=${newest.inspectionId}&bladePosition=1`, admin);
    defectId = defects.results[0].defectId;
  });

  async function signIn(locale: 'en_us' | 'zh_cn' = 'en_us', at?: string): Promise<Page> {
    const page = await signInAs(browser, p.url, { locale, viewport: { width: 1440, height: 1000 }, noMapTiles: true, at });
    if (!at) await page.waitForURL(/#\/explore\/globalMap/);
    return page;
  }

  /** The scale of the polygon overlay (image px → screen px): grows when the viewer zooms in. */
  const overlayScale = async (page: Page): Promise<number> => {
    const t = await page.getByTestId('polygon-overlay').locator('g').first().getAttribute('transform');
    return Number(/matrix\(([^ ]+)/.exec(t ?? '')?.[1] ?? NaN);
  };

  test('turbine → blade views → image viewer: zoom, polygon, next image keeps the zoom, defect timeline (en, then zh)', async () => {
    const page = await signIn('en_us', `/#/inspection/turbine?windFarmId=${park.windFarmId}&turbineId=${turbine.turbineId}&inspectionType=1`);
    const views = page.getByTestId('blade-views');
    await views.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="blade-diagram"]').length === 3);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="diagram-defect"]').length >= 2);
    await page.getByTestId('defect-table').getByText('Leading edge erosion').first().waitFor();
    await page.getByTestId('images-panel').screenshot({ path: path.join(shots, 'inspection-blade-views-en.png') });

    await page.getByRole('tab', { name: 'Image viewer' }).click();
    const viewer = page.getByTestId('osd-viewer');
    await viewer.waitFor();
    await page.waitForFunction(() => (document.querySelector('[data-testid="osd-viewer"]')?.getAttribute('data-image-id') ?? '') !== '');
    // Blade 1's leading edge is a run of three photos along the blade; the middle one carries its defect.
    const run = page.getByTestId('strip-group').first().getByTestId('strip-image');
    assert.equal(await run.count(), 3);
    const opened = await viewer.getAttribute('data-image-id');
    await run.nth(1).click();
    await page.waitForFunction((id) => document.querySelector('[data-testid="osd-viewer"]')?.getAttribute('data-image-id') !== id, opened);
    // Headless Chromium without a GPU has only software WebGL (SwiftShader): the viewer must have
    // chosen OpenSeadragon's canvas drawer (docs/inspection.md, "Drawer").
    assert.equal(await viewer.getAttribute('data-drawer'), 'canvas');
    const polygon = viewer.getByTestId('defect-polygon').first();
    await polygon.waitFor();
    // tiles arrived (the canvas drew something) and the strip shows thumbnails fetched with the token
    await page.getByTestId('strip-image').first().locator('img').waitFor();
    const before = await overlayScale(page);
    await viewer.scrollIntoViewIfNeeded();
    const box = (await viewer.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await wheelZoomIn(page, 4);
    const zoomed = await overlayScale(page);
    assert.ok(zoomed > before * 1.5, `zoomed in: ${before} → ${zoomed}`);
    await polygon.hover({ force: true });
    await page.getByTestId('polygon-hover').getByText('Leading edge erosion').waitFor();
    await page.screenshot({ path: path.join(shots, 'inspection-viewer-zoomed-en.png') });

    // Next image (→): the run's next photo along the blade, same zoom.
    const first = await viewer.getAttribute('data-image-id');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((id) => document.querySelector('[data-testid="osd-viewer"]')?.getAttribute('data-image-id') !== id, first);
    await viewersSettled(page);
    const kept = await overlayScale(page);
    assert.ok(Math.abs(kept - zoomed) / zoomed < 0.02, `zoom kept: ${zoomed} → ${kept}`);
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((id) => document.querySelector('[data-testid="osd-viewer"]')?.getAttribute('data-image-id') === id, first);

    // The polygon opens the defect: detail and its timeline across the linked inspections.
    await viewer.getByTestId('defect-polygon').first().click({ force: true });
    const detail = page.getByTestId('defect-detail');
    await detail.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="timeline-entry"]').length >= 2);
    assert.equal(await detail.getByTestId('timeline-status').first().innerText(), 'Increased');
    await detail.getByTestId('link-state').waitFor();
    await page.screenshot({ path: path.join(shots, 'inspection-defect-timeline-en.png') });
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // After the viewer had the keyboard, the language dropdown still opens and switches the page.
    await switchLanguage(page, '中文');
    await page.getByRole('tab', { name: '叶片视图' }).waitFor();
    await page.context().close();

    // The same turbine in Chinese.
    const zh = await signIn('zh_cn', `/#/inspection/turbine?windFarmId=${park.windFarmId}&turbineId=${turbine.turbineId}&inspectionType=1`);
    await zh.getByRole('tab', { name: '图片查看' }).waitFor();
    await zh.getByTestId('images-panel').screenshot({ path: path.join(shots, 'inspection-blade-views-zh.png') });
    await zh.getByRole('tab', { name: '叶片视图' }).click();
    await zh.getByTestId('diagram-defect').first().click();
    await zh.getByTestId('defect-detail').getByText('时间线').waitFor();
    await zh.getByTestId('timeline-status').getByText('扩大').first().waitFor();
    await zh.screenshot({ path: path.join(shots, 'inspection-defect-timeline-zh.png') });
    await zh.keyboard.press('Escape');
    await zh.getByTestId('defect-detail').waitFor({ state: 'detached' });

    await zh.getByRole('tab', { name: '图片对比' }).click();
    await zh.getByTestId('compare-left').getByTestId('osd-viewer').waitFor();
    await zh.getByTestId('compare-right').getByTestId('osd-viewer').waitFor();
    await viewersSettled(zh, '[data-testid="compare-left"]');
    await viewersSettled(zh, '[data-testid="compare-right"]');
    await zh.screenshot({ path: path.join(shots, 'inspection-compare-zh.png') });
    await zh.getByRole('tab', { name: '图库' }).click();
    await zh.waitForFunction(() => document.querySelectorAll('[data-testid="gallery-item"] img').length >= 3);
    await zh.screenshot({ path: path.join(shots, 'inspection-gallery-zh.png') });
    await zh.context().close();
  });

  test('/viewDefect shows the image with the polygon and the defect (zh, then en)', async () => {
    const page = await signIn('zh_cn', `/#/viewDefect?defectId=${defectId}`);
    const view = page.getByTestId('page-viewDefect');
    await view.getByText('缺陷查看').waitFor();
    await view.getByTestId('defect-polygon').waitFor();
    await view.getByTestId('defect-detail').getByText('距叶根距离').waitFor();
    await viewersSettled(page, '[data-testid="page-viewDefect"]');
    await page.screenshot({ path: path.join(shots, 'inspection-view-defect-zh.png') });
    await switchLanguage(page, 'English');
    await view.getByText('Distance to root').waitFor();
    await page.context().close();
  });
});
