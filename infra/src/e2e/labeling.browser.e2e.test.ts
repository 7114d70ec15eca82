import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@windward/service-kit/testing';
import { type TestPlatform } from './harness.js';
import { SHOTS, browserSuite } from './browser-suite.js';
import { signIn as signInAs, viewersSettled, wheelZoomIn } from './browser.js';
import { REPO_ROOT } from '../launcher/platform.js';

/** Response bodies are checked by assertions, not by types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const shots = SHOTS;
const docShots = path.join(REPO_ROOT, 'docs', 'screenshots');
const TASKS = '/gw/task/api/v2';
const INSP = '/gw/inspection/api/v2';

/**
 * The labeling tool in a real browser on the demo data: a task is taken through sort and remove
 * by the API, then labeled in the tool (a polygon drawn with mouse clicks, the form, save,
 * severity key, image switch keeping the viewport, labeled marks, submit), reviewed in review
 * mode (reject with a comment, fail) and comes back to labeling with the reasons.
 */
describe('labeling and review in a real browser (demo task, deep-zoom tiles)', () => {
  let p: TestPlatform;
  let browser: Browser;
  let admin: string;
  let taskId: string;
  let inspectionId: string;

  const json = async (url: string, init: Parameters<TestPlatform['api']>[1] = {}): Promise<{ status: number; body: Body }> => {
    const r = await p.api(url, { token: admin, ...init });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : null };
  };
  const stageOf = (task: Body) => task.taskStageTypes[0] as number;

  browserSuite(async (s) => {
    ({ p, browser, admin } = s);
    // A demo task waiting at sort and remove whose images (two at least: the test moves between them) are tiled.
    // Other files of the group take some of them, and add inspections of a single photo.
    const task = await eventually(async () => {
      const pool = await json(`${TASKS}/tasks/pool?pageSize=100`);
      if (pool.status !== 200) return undefined;
      for (const t of pool.body.results as Body[]) {
        if (stageOf(t) !== 3 || !t.inspectionId) continue;
        const insp = await json(`${INSP}/inspections/${t.inspectionId}`);
        if (insp.status !== 200 || insp.body.imageCount === 0 || insp.body.tiledImageCount !== insp.body.imageCount) continue;
        const active = await json(`${INSP}/inspections/${t.inspectionId}/images?isActive=true`);
        if ((active.body?.results?.length ?? 0) < 2) continue;
        // Two images still to label at least: after the first gets the test's defect, submitting must
        // still be refused (a demo image may already carry a defect, and files before this one label some).
        const status = await json(`${INSP}/inspections/${t.inspectionId}/labeling-status`);
        if (((status.body?.images ?? []) as Body[]).filter((i) => !i.done).length >= 2) return t;
      }
      return undefined;
    }, 180000);
    taskId = task.taskId;
    inspectionId = task.inspectionId;
    assert.equal((await json(`${TASKS}/tasks/${taskId}/pick`, { method: 'POST' })).status, 200);
    assert.equal((await json(`${TASKS}/tasks/${taskId}/stages/3/complete`, { method: 'POST' })).status, 200);
    await eventually(async () => stageOf((await json(`${TASKS}/tasks/${taskId}`)).body) === 4, 20000);
    assert.equal((await json(`${TASKS}/tasks/${taskId}/pick`, { method: 'POST' })).status, 200);
  });

  const signIn = (locale: 'en_us' | 'zh_cn', at?: string): Promise<Page> => signInAs(browser, p.url, { locale, at });

  /** The overlay transform (image px → viewer px): scale and offset of the view, as the overlay states it. */
  const overlayTransform = async (page: Page): Promise<{ scale: number; tx: number; ty: number }> => {
    const t = await page.getByTestId('polygon-overlay').getAttribute('data-transform');
    const m = /matrix\(([^ ]+) [^ ]+ [^ ]+ [^ ]+ ([^ ]+) ([^ )]+)\)/.exec(t ?? '');
    return { scale: Number(m?.[1]), tx: Number(m?.[2]), ty: Number(m?.[3]) };
  };

  /** The viewer shows `imageId` and its tiles arrived (OpenSeadragon drew them on its canvas). */
  async function waitForImage(page: Page, imageId: string) {
    await page.waitForFunction(
      (id) => document.querySelector('[data-testid="osd-viewer"]')?.getAttribute('data-image-id') === id,
      imageId,
      { timeout: 30000 },
    );
    await page.getByTestId('polygon-overlay').waitFor();
    await viewersSettled(page);
  }

  test('label: no polygon refused, draw with clicks, save, severity key, viewport kept across images, submit; review: reject → fail → back to labeling with the reason', async () => {
    const images: Body[] = (await json(`${INSP}/inspections/${inspectionId}/images?isActive=true`)).body.results;
    assert.ok(images.length >= 2);
    const page = await signIn('en_us');
    const tiles = page.waitForResponse((r) => /\/image_files\/\d+\/\d+_\d+\.jpeg$/.test(r.url()) && r.status() === 200, { timeout: 30000 });
    await page.goto(`${p.url}/#/labeling?taskId=${taskId}`);
    await page.locator('[data-testid="labeling-workspace"][data-mode="label"]').waitFor({ timeout: 30000 });
    await waitForImage(page, images[0].imageId);
    await tiles;

    // Saving before an outline is drawn: the catalogue's message, nothing written.
    const before = (await json(`${INSP}/defects?inspectionId=${inspectionId}&pageSize=100`)).body.totalCount;
    await page.getByTestId('save-defect').click();
    await page.getByTestId('form-problem').getByText('Please draw a polygon first.').waitFor();

    // Draw a triangle with three clicks on the viewer and close it with Enter.
    const viewer = page.getByTestId('labeling-viewer');
    const box = (await viewer.boundingBox())!;
    await page.keyboard.press('p');
    const clicks: [number, number][] = [
      [box.width * 0.45, box.height * 0.4],
      [box.width * 0.55, box.height * 0.42],
      [box.width * 0.5, box.height * 0.56],
    ];
    for (const [i, [x, y]] of clicks.entries()) {
      await page.mouse.click(box.x + x, box.y + y);
      // Each click is one vertex (clicks far apart are never taken for a double-click).
      await page.locator(`[data-testid="drawing"][data-points="${i + 1}"]`).waitFor();
    }
    await page.keyboard.press('Enter');
    await page.getByTestId('draft-polygon').waitFor();
    const t = await overlayTransform(page);
    const expected = clicks.map(([x, y]) => [(x - t.tx) / t.scale, (y - t.ty) / t.scale]);

    // The form: a type from the customer's template, a distance to root.
    await page.getByTestId('field-defectType').locator('.ant-select').click();
    await page.locator('.ant-select-item-option[title="Crack"]').click();
    await page.getByTestId('field-distanceToRoot').locator('input').fill('12.5');
    await page.screenshot({ path: path.join(shots, 'labeling-draw-en.png') });
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith(`/inspections/${inspectionId}/defects`),
    );
    await page.keyboard.press('Control+s');
    const saved = await created;
    assert.equal(saved.status(), 201, await saved.text());
    const defectId = ((await saved.json()) as Body).defectId as string;
    await page.getByText(/Defect \d{6} saved\./).waitFor();

    const stored = (await json(`${INSP}/defects/${defectId}`)).body;
    assert.deepEqual(
      [stored.defectType, stored.distanceToRoot, stored.imageId, stored.suggested],
      ['Crack', 12.5, images[0].imageId, false],
    );
    assert.equal(stored.polygon.length, 3);
    stored.polygon.forEach(([x, y]: number[], i: number) => {
      assert.ok(Math.abs(x! - expected[i]![0]!) < 1.5 && Math.abs(y! - expected[i]![1]!) < 1.5, `point ${i}: ${x},${y} vs ${expected[i]}`);
    });
    assert.equal((await json(`${INSP}/defects?inspectionId=${inspectionId}&pageSize=100`)).body.totalCount, before + 1);

    // "2" sets the severity of the selected defect; Ctrl+S saves it.
    await page.keyboard.press('2');
    await page.getByTestId('field-severity').getByText('Severity 2').waitFor();
    const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/defects/${defectId}`));
    await page.keyboard.press('Control+s');
    assert.equal((await patched).status(), 200);
    assert.equal((await json(`${INSP}/defects/${defectId}`)).body.severity, 2);

    // Drag a vertex of the selected outline; the move is saved with the defect.
    const handle = (await page.getByTestId('vertex-handle').first().boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 + 40, handle.y + handle.height / 2, { steps: 5 });
    await page.mouse.up();
    await page.locator('[data-testid="defect-form"][data-dirty="true"]').waitFor();
    const moved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/defects/${defectId}`));
    await page.keyboard.press('Control+s');
    assert.equal((await moved).status(), 200);
    const after = (await json(`${INSP}/defects/${defectId}`)).body.polygon;
    assert.ok(Math.abs(after[0][0] - stored.polygon[0][0] - 40 / t.scale) < 2, `vertex moved: ${stored.polygon[0]} → ${after[0]}`);
    assert.deepEqual(after.slice(1), stored.polygon.slice(1));

    // Reload: the saved outline is drawn again from what the server kept.
    await page.reload();
    await page.locator('[data-testid="labeling-workspace"][data-mode="label"]').waitFor({ timeout: 30000 });
    await waitForImage(page, images[0].imageId);
    await page.locator(`[data-testid="defect-polygon"][data-defect-id="${defectId}"]`).waitFor();

    // Zoom in, then D: the next image opens with the same zoom and pan.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await wheelZoomIn(page, 3);
    const zoomed = await overlayTransform(page);
    assert.ok(zoomed.scale > t.scale * 1.5, `zoomed in: ${t.scale} → ${zoomed.scale}`);
    await page.keyboard.press('d');
    await waitForImage(page, images[1].imageId);
    const kept = await overlayTransform(page);
    assert.ok(Math.abs(kept.scale - zoomed.scale) / zoomed.scale < 0.02, `zoom kept: ${zoomed.scale} → ${kept.scale}`);
    assert.ok(
      Math.abs(kept.tx - zoomed.tx) < 3 && Math.abs(kept.ty - zoomed.ty) < 3,
      `pan kept: ${JSON.stringify(zoomed)} → ${JSON.stringify(kept)}`,
    );

    // Submitting before every side is labeled is refused; L marks the images without defects.
    await page.getByTestId('submit-labeling').click();
    await page.getByText('All image sides must be labeled.').first().waitFor();
    const status = (await json(`${INSP}/inspections/${inspectionId}/labeling-status`)).body;
    for (const [i, img] of images.entries()) {
      if (status.images.find((s: Body) => s.imageId === img.imageId)?.done) continue;
      await page.locator(`[data-testid="strip-image"][data-image-id="${img.imageId}"]`).click();
      await page.waitForFunction(
        (id) => document.querySelector('[data-testid="osd-viewer"]')?.getAttribute('data-image-id') === id,
        img.imageId,
      );
      const marked = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/images/${img.imageId}/labeled`));
      await page.keyboard.press('l');
      assert.equal((await marked).status(), 200, `image ${i}`);
    }
    await eventually(async () => (await json(`${INSP}/inspections/${inspectionId}/labeling-status`)).body.complete === true, 10000);
    await page.screenshot({ path: path.join(shots, 'labeling-labeled-en.png') });
    await page.getByTestId('submit-labeling').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('labeling-finished').waitFor();
    await eventually(async () => stageOf((await json(`${TASKS}/tasks/${taskId}`)).body) === 5, 20000);
    await page.context().close();

    // Labeling QA, in Chinese: pick, reject the new defect with a comment, fail with reasons.
    assert.equal((await json(`${TASKS}/tasks/${taskId}/pick`, { method: 'POST' })).status, 200);
    const zh = await signIn('zh_cn', `/#/labeling?taskId=${taskId}&mode=review`);
    await zh.locator('[data-testid="labeling-workspace"][data-mode="review"]').waitFor({ timeout: 30000 });
    await zh.getByTestId('polygon-overlay').waitFor();
    // Nothing decided yet and pass suggested: the tool says how many defects still need a verdict.
    await zh.getByTestId('review-unreviewed').getByText('个缺陷未审核', { exact: false }).waitFor();
    await zh.locator(`[data-testid="defect-row"][data-defect-id="${defectId}"]`).click();
    await zh.locator(`[data-testid="review-defect"][data-defect-id="${defectId}"]`).waitFor();
    await zh.keyboard.press('n');
    await zh.getByTestId('verdict-comment').fill('裂纹轮廓画得太大');
    await zh.getByTestId('count-rejected').getByText('1').waitFor();
    await zh.getByTestId('review-comments').fill('缺陷轮廓需要修改');
    await zh.screenshot({ path: path.join(shots, 'labeling-review-zh.png') });
    const qa = zh.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/tasks/${taskId}/qa`));
    await zh.getByTestId('submit-review').click();
    assert.equal((await qa).status(), 200);
    await zh.getByTestId('labeling-finished').getByText('审核已提交：不通过。').waitFor();
    await zh.context().close();

    // Back at labeling with the same labeler, and the reasons recorded per task and per defect.
    const back = (await json(`${TASKS}/tasks/${taskId}`)).body;
    assert.equal(stageOf(back), 4);
    assert.equal(back.stages.find((s: Body) => s.taskStageType === 4).status, 4);
    const results: Body[] = (await json(`${TASKS}/tasks/${taskId}/qa`)).body.results;
    const taskRow = results.filter((r) => r.defectId === null).at(-1);
    assert.deepEqual([taskRow.result, taskRow.comments, taskRow.taskStageType], [3, '缺陷轮廓需要修改', 5]);
    const defectRow = results.find((r) => r.defectId === defectId);
    assert.deepEqual([defectRow.result, defectRow.comments], [3, '裂纹轮廓画得太大']);

    // The labeler sees the reasons in the tool.
    const again = await signIn('en_us', `/#/labeling?taskId=${taskId}`);
    const findings = again.getByTestId('qa-findings');
    await findings.getByText('缺陷轮廓需要修改').waitFor({ timeout: 30000 });
    await findings.getByText('裂纹轮廓画得太大').waitFor();
    await viewersSettled(again);
    await again.screenshot({ path: path.join(shots, 'labeling-returned-en.png') });
    mkdirSync(docShots, { recursive: true });
    copyFileSync(path.join(shots, 'labeling-draw-en.png'), path.join(docShots, 'labeling-draw-en.png'));
    copyFileSync(path.join(shots, 'labeling-review-zh.png'), path.join(docShots, 'labeling-review-zh.png'));
    await again.context().close();
  });
});
