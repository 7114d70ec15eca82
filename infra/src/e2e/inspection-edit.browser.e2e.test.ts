import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@windward/service-kit/testing';
import { type TestPlatform } from './harness.js';
import { SHOTS, browserSuite } from './browser-suite.js';
import { signIn as signInAs } from './browser.js';

/** Response bodies are checked by assertions, not by types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const shots = SHOTS;
const BASE = '/gw/inspection/api/v2';

/** A small blade-ish photograph (sky with a grey band), different per seed. */
function photo(seed: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="320">
    <rect width="960" height="320" fill="rgb(${120 + seed * 20},170,215)"/>
    <rect x="0" y="${110 + seed * 10}" width="960" height="90" fill="#9a9a9a"/>
    <circle cx="${300 + seed * 200}" cy="150" r="18" fill="#5a4a3a"/></svg>`;
  const img = sharp(Buffer.from(svg));
  return (format === 'png' ? img.png() : img.jpeg({ quality: 80 })).toBuffer();
}

describe('inspection engineer actions in a real browser (create, upload with progress, timeline, defect templates)', () => {
  let p: TestPlatform;
  let browser: Browser;
  let park: Body;
  let turbine: Body;
  let admin: string;

  const json = async (url: string): Promise<Body> => {
    const r = await p.api(url, { token: admin });
    return r.status === 200 ? r.json() : null;
  };

  browserSuite(async (s) => {
    ({ p, browser, admin } = s);
    park = await eventually(
      async () => (await json('/context/api/v1/plants?pageSize=50'))?.results?.find((x: Body) => x.windFarmName === 'Dogger Bank North'),
      30000,
    );
    turbine = await eventually(
      async () => (await json(`/context/api/v2/plants/${park.windFarmId}/all-turbines`))?.find((t: Body) => /-02$/.test(t.turbineName)),
      30000,
    );
    // the demo inspections are tiled and asset lists them
    await eventually(async () => {
      const list = await json(`${BASE}/inspections?turbineId=${turbine.turbineId}`);
      return list?.totalCount >= 2 && list.results.every((i: Body) => i.imageCount > 0 && i.tiledImageCount === i.imageCount);
    }, 90000);
    await eventually(async () => {
      const list = await json(`/context/api/v2/plants/${park.windFarmId}/all-turbines`);
      return (list?.find((t: Body) => t.turbineId === turbine.turbineId)?.inspections ?? []).length >= 2;
    }, 30000);
  });

  async function signIn(at?: string): Promise<Page> {
    const page = await signInAs(browser, p.url, { viewport: { width: 1440, height: 1000 }, noMapTiles: true, at });
    if (!at) await page.waitForURL(/#\/explore\/globalMap/);
    return page;
  }

  /** Opens an antd Select by its test id and clicks the option with this text. */
  async function pick(page: Page, scope: ReturnType<Page['getByTestId']>, testId: string, option: string | RegExp) {
    await scope.getByTestId(testId).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
  }

  test('create an inspection for today, upload photos with progress and refusals, link its timeline, override a status, edit defect types (en → zh)', async () => {
    const turbineUrl = `${p.url}/#/inspection/turbine?windFarmId=${park.windFarmId}&turbineId=${turbine.turbineId}&inspectionType=1`;
    const page = await signIn(turbineUrl.slice(p.url.length));
    await page.getByTestId('blade-views').waitFor();

    // ---- new inspection (today, blade external, the turbine's drone)
    const before = (await json(`${BASE}/inspections?turbineId=${turbine.turbineId}`)).totalCount;
    await page.getByTestId('new-inspection').click();
    const form = page.getByTestId('create-inspection-form');
    await form.waitFor();
    await form.getByTestId('create-pilot').fill('E2E pilot');
    await page.getByTestId('create-inspection-submit').click();
    const created = await eventually(async () => {
      const list = await json(`${BASE}/inspections?turbineId=${turbine.turbineId}`);
      return list?.totalCount === before + 1 ? list.results.find((i: Body) => i.pilot === 'E2E pilot') : null;
    }, 20000);
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    assert.equal(created.inspectionDate.slice(0, 10), day);
    assert.equal(created.componentType, 1);
    // the page selects it once asset's read model lists it
    await page.waitForURL(new RegExp(`inspectionId=${created.inspectionId}`), { timeout: 30000 });
    await page.getByTestId('timeline-link-state').getByText('Not linked to an earlier inspection.').waitFor();

    // a second one the same day is refused, translated, and nothing is created
    await page.getByTestId('new-inspection').click();
    await form.waitFor();
    await page.getByTestId('create-inspection-submit').click();
    await page.getByTestId('create-inspection-error').getByText('An inspection of this turbine already exists on the same date.').waitFor();
    assert.equal((await json(`${BASE}/inspections?turbineId=${turbine.turbineId}`)).totalCount, before + 1);
    await page.keyboard.press('Escape');

    // ---- upload: two JPEGs, a PNG named .exe (refused before sending), a broken JPEG (refused by the server)
    await page.getByRole('tab', { name: 'Image viewer' }).click();
    await page.getByText('This inspection has no images yet.').waitFor();
    await page.getByTestId('upload-open').click();
    const upload = page.getByTestId('upload-form');
    await upload.waitFor();
    await pick(page, upload, 'field-blade', 'Blade 1');
    await pick(page, upload, 'field-path', /^5 · /);
    await upload.getByTestId('field-sort').fill('1');
    await upload.getByTestId('field-distance').fill('12.5');
    const jpeg = await photo(1);
    await page.getByTestId('upload-input').setInputFiles([
      { name: 'blade-a.jpg', mimeType: 'image/jpeg', buffer: jpeg },
      { name: 'blade-b.jpg', mimeType: 'image/jpeg', buffer: await photo(2) },
      { name: 'blade-c.exe', mimeType: 'application/octet-stream', buffer: await photo(3, 'png') },
      { name: 'broken.jpg', mimeType: 'image/jpeg', buffer: jpeg.subarray(0, 400) },
    ]);
    const item = (name: string) => page.locator(`[data-testid="upload-item"][data-name="${name}"]`);
    await item('blade-c.exe').getByText('Only JPG, JPEG or PNG images are supported.').waitFor();
    await page.getByTestId('upload-start').click();
    await item('broken.jpg').getByText('The image is broken.').waitFor({ timeout: 30000 });
    // each file's bar follows its upload, then its tile job, to done
    for (const name of ['blade-a.jpg', 'blade-b.jpg'])
      await page.waitForSelector(`[data-testid="upload-item"][data-name="${name}"][data-stage="done"]`, { timeout: 60000 });
    await page.screenshot({ path: path.join(shots, 'inspection-upload-progress-en.png') });
    const images = (await json(`${BASE}/inspections/${created.inspectionId}/images`)).results;
    assert.deepEqual(images.map((i: Body) => [i.fileName, i.sortIndex, i.distanceToRoot, i.tileStatus]).sort(), [
      ['blade-a.jpg', 1, 12.5, 'done'],
      ['blade-b.jpg', 2, 12.5, 'done'],
    ]);
    await page.locator('.ant-drawer-open .ant-drawer-close').click();
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
    await page.getByTestId('strip-image').nth(1).waitFor();
    await page.getByTestId('osd-viewer').waitFor();

    // ---- timeline: link the new inspection to the newest demo inspection; its defects show as repaired
    await page.getByRole('tab', { name: 'Blade views' }).click();
    const bar = page.getByTestId('timeline-bar');
    await pick(page, bar, 'timeline-previous', 'Jun 10, 2025');
    await bar.getByTestId('timeline-link').click();
    await bar.getByTestId('timeline-link-state').getByText('Linked to the inspection of Jun 10, 2025 · Blade auto.').waitFor();
    await bar.getByTestId('timeline-repaired').waitFor();
    assert.equal((await json(`${BASE}/inspections/${created.inspectionId}`)).previousInspectionId !== null, true);
    await bar.screenshot({ path: path.join(shots, 'inspection-timeline-link-en.png') });

    // ---- engineer override of a timeline status on the demo inspection's defect
    const demo = (await json(`${BASE}/inspections?turbineId=${turbine.turbineId}`)).results.find((i: Body) =>
      i.inspectionDate.startsWith('2025-06-10'),
    );
    await page.goto(`${turbineUrl}&inspectionId=${demo.inspectionId}`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="diagram-defect"]').length >= 2);
    await page.getByTestId('diagram-defect').first().click();
    const detail = page.getByTestId('defect-detail');
    const override = detail.getByTestId('timeline-override');
    await override.waitFor();
    await pick(page, override, 'timeline-override-status', 'Stable');
    await override.getByTestId('timeline-override-save').click();
    await detail.getByTestId('timeline-status').first().getByText('Stable').waitFor();
    await detail.getByText('set by an engineer').first().waitFor();
    const overridden = (await json(`${BASE}/defects?inspectionId=${demo.inspectionId}&pageSize=50`)).results.filter(
      (d: Body) => d.timelineManual,
    );
    assert.deepEqual(
      overridden.map((d: Body) => d.timelineStatus),
      ['STABLE'],
    );
    await page.keyboard.press('Escape');

    // ---- defect templates of the park's customer: add and delete a type, a duplicate refused
    await page.goto(`${p.url}/#/configuration/defectConfig?customerId=${park.customerId}`);
    const types = page.getByTestId('templates-types');
    await types.getByText('Leading edge erosion').waitFor();
    await types.getByTestId('template-name-types').fill('E2E blade scratch');
    await types.getByTestId('template-add-types').click();
    await types.getByRole('cell', { name: 'E2E blade scratch' }).waitFor();
    await types.getByTestId('template-name-types').fill('crack');
    await types.getByTestId('template-add-types').click();
    await types.getByTestId('template-error').getByText('The same defect type already exists.').waitFor();
    await page.screenshot({ path: path.join(shots, 'defect-config-refusal-en.png') });
    const row = types.getByRole('row').filter({ hasText: 'E2E blade scratch' });
    await row.getByTestId('template-delete').click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    const left = await json(`${BASE}/customers/${park.customerId}/defect-templates`);
    assert.deepEqual(
      left.types.filter((x: Body) => /scratch|^crack$/i.test(x.name)).map((x: Body) => x.name),
      ['Crack'],
    );

    // ---- the same refusal in Chinese: the shown message follows the language switch
    await page.getByTestId('language-switch').click();
    await page.getByText('中文', { exact: true }).last().click();
    await types.getByTestId('template-error').getByText('已存在相同的缺陷类型。').waitFor();
    // A neutral click on the page's title (the sidebar, with its group open, names the page too).
    await page.getByRole('heading', { name: '缺陷配置', exact: true }).click();
    await types.getByTestId('template-add-types').click();
    await types.getByTestId('template-error').getByText('已存在相同的缺陷类型。').waitFor();
    await page.screenshot({ path: path.join(shots, 'defect-config-refusal-zh.png') });
    await page.context().close();
  });
});
