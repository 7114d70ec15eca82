import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { eventually } from '@windward/service-kit/testing';
import { REPO_ROOT } from '../launcher/platform.js';
import { type TestPlatform } from './harness.js';
import { SHOTS, browserSuite } from './browser-suite.js';
import { signIn, switchLanguage, viewersSettled } from './browser.js';

/** Response bodies are checked by assertions, not by types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const BASE = '/gw/inspection/api/v2';
const docShots = path.join(REPO_ROOT, 'docs', 'screenshots');

describe('wind farm overview → tower of a turbine → photos, a defect, the previous inspection beside it (demo data)', () => {
  let p: TestPlatform;
  let browser: Browser;
  let park: Body;
  let turbine: Body;

  browserSuite(async (s) => {
    ({ p, browser } = s);
    const json = async (url: string): Promise<Body> => {
      const r = await p.api(url, { token: s.admin });
      return r.status === 200 ? r.json() : null;
    };
    park = await eventually(async () => (await json('/context/api/v1/plants?pageSize=50'))?.results?.find((x: Body) => x.windFarmName === 'Dogger Bank North'), 30000);
    turbine = await eventually(async () => (await json(`/context/api/v2/plants/${park.windFarmId}/all-turbines`))?.find((t: Body) => /-01$/.test(t.turbineName)), 30000);
    // The demo seed's tower inspections of turbine -01 are tiled, and asset lists them.
    await eventually(async () => {
      const list = await json(`${BASE}/inspections?turbineId=${turbine.turbineId}&componentType=2`);
      return list?.totalCount >= 2 && list.results.every((i: Body) => i.imageCount > 0 && i.tiledImageCount === i.imageCount);
    }, 120000);
    await eventually(async () => {
      const list = await json(`/context/api/v2/plants/${park.windFarmId}/all-turbines`);
      return (list?.find((t: Body) => t.turbineId === turbine.turbineId)?.inspections ?? []).filter((i: Body) => i.componentType === 2).length >= 2;
    }, 30000);
  });

  test('as a new user would: overview, the tower, a photo with its defect beside last year, zoom together, Chinese', async () => {
    const page = await signIn(browser, p.url, {
      viewport: { width: 1600, height: 1000 },
      noMapTiles: true,
      at: `/#/inspection/windPark?windFarmId=${park.windFarmId}&inspectionType=2`,
    });
    // Conditions, not sleeps: but a shared 2-core machine can take long to render 100 tiles.
    page.setDefaultTimeout(90000);
    const grid = page.getByTestId('park-grid');
    await grid.waitFor();
    const tile = page.getByTestId(`tile-${turbine.turbineName}`);
    // The tower's worst defect is severity 3 (colour level 5).
    await page.waitForFunction((id) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-level') === '5', `tile-${turbine.turbineName}`);
    mkdirSync(docShots, { recursive: true });
    await page.getByTestId('park-results').screenshot({ path: path.join(SHOTS, 'component-park-overview-en.png') });

    await tile.getByTestId(`chip-${turbine.turbineName}-2`).click();
    await page.waitForURL(/#\/inspection\/component\?/);
    const layout = page.getByTestId('component-layout');
    await layout.waitFor();
    assert.equal(await layout.getByRole('columnheader').count(), 5); // height + four sides
    // The photo with the spreading corrosion: its defect in the list, then in the viewer.
    await page.getByTestId('defect-table').getByText('Corrosion').first().waitFor();
    await layout.getByTestId('photo-tower-N-30m.jpg').click();
    const current = page.getByTestId('component-viewer-current');
    const previous = page.getByTestId('component-viewer-previous');
    await previous.waitFor();
    await viewersSettled(page, '[data-testid="component-viewer"]');
    assert.equal(await current.getByTestId('defect-polygon').count(), 1);
    assert.equal(await previous.getByTestId('defect-polygon').count(), 1);

    // Zoom the current photo: the previous one follows (its polygon overlay scales too).
    const scaleOf = (id: string) =>
      page.evaluate((sel) => document.querySelector(`[data-testid="${sel}"] [data-testid="polygon-overlay"] g`)?.getAttribute('transform') ?? '', id);
    const before = await scaleOf('component-viewer-previous');
    const box = (await current.getByTestId('osd-viewer').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await page.waitForFunction(
      ([sel, was]) => (document.querySelector(`[data-testid="${sel}"] [data-testid="polygon-overlay"] g`)?.getAttribute('transform') ?? '') !== was,
      ['component-viewer-previous', before] as const,
    );
    await viewersSettled(page, '[data-testid="component-viewer"]');
    await page.screenshot({ path: path.join(SHOTS, 'component-compare-en.png') });

    await page.keyboard.press('Escape');
    await page.getByTestId('component-viewer').waitFor({ state: 'detached' });
    await switchLanguage(page, '中文');
    await page.getByRole('heading', { name: '部件巡检' }).waitFor();
    await layout.getByText('N 面').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'component-page-zh.png') });
    for (const name of ['component-park-overview-en.png', 'component-compare-en.png', 'component-page-zh.png'])
      copyFileSync(path.join(SHOTS, name), path.join(docShots, name));
  });
});
