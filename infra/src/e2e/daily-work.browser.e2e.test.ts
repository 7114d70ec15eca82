import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { IMPORT_SHEETS, errorText } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { type TestPlatform } from './harness.js';
import { SHOTS, browserSuite } from './browser-suite.js';
import { signIn as signInAs, viewersSettled, clickInSettledDialog } from './browser.js';

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
    // On a 1366 × 768 laptop the side panel scrolls: the review's submit is reachable by mouse.
    await tool.setViewportSize({ width: 1366, height: 768 });
    const submit = tool.getByTestId('submit-review');
    await submit.scrollIntoViewIfNeeded();
    const box = (await submit.boundingBox())!;
    assert.ok(box.y >= 0 && box.y + box.height <= 768, `submit at y=${box.y}`);
    assert.equal(await tool.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight), true, 'the page itself does not scroll');
    // The way back to my tasks is in the tool's header.
    await tool.getByTestId('tool-back').getByText('我的任务').waitFor();
    await page.context().close();
  });

  test('project manager and labeler, two browsers: a sort-and-remove submitted in the tool moves the open progress dashboard without a reload', async () => {
    const labelerToken = await p.login('labeler', DEMO);
    const task = await poolTask(labelerToken, 3);
    // The project in progress that covers the task's park, and its sort-and-remove count now.
    const projects = (await json('/gw/project/api/v2/projects?pageSize=100&projectStatusType=2', admin)).body.results as Body[];
    const projectId = projects.find((x) => (x.windFarmIds as string[]).includes(task.windFarmId))?.projectId as string;
    assert.ok(projectId, 'a demo project in progress covers every demo park');
    const stageCount = async () => {
      const r = await json('/gw/delivery/api/v2/progress/projects?pageSize=100', admin);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const project = (r.body.results as Body[]).find((x) => x.projectId === projectId);
      return { projectId, count: ((project.stages as Body[]).find((s) => s.stage === 3)?.inspections ?? 0) as number };
    };
    const before = await stageCount();

    // The project manager's dashboard (the admin: no demo account holds SPEC's project manager role), in Chinese.
    const pm = await signInAs(browser, p.url, { user: 'admin', password: 'Wind@2026', locale: 'zh_cn' });
    await pm.goto(p.url + '/#/deliveryManagement/progressDashboard');
    const card = pm.getByTestId(`progress-${before.projectId}`);
    await card.waitFor({ timeout: 20000 });
    // The sort-and-remove bar (absent while no inspection of the project has completed that stage).
    const sortBar = card.getByTestId('stage-3');
    if (before.count > 0) await card.locator(`[data-testid="stage-3"][data-count="${before.count}"]`).waitFor();
    else assert.equal(await sortBar.count(), 0);
    let fetched = 0;
    pm.on('request', (r) => void (r.url().includes('/progress/projects') && fetched++));

    // The labeler, in another browser window, submits the task's sort and remove in the tool.
    const page = await signIn('labeler', 'en_us');
    const tool = await pickAndOpen(page, task.taskId, { pick: /^Pick the task of/, open: /^Open the work of/ });
    await tool.getByTestId('sar-strip').first().waitFor({ timeout: 30000 });
    // The labeler checks each path and saves it (the tool refuses to submit unsaved paths).
    const strips = tool.getByTestId('sar-strip');
    for (let i = 0; i < (await strips.count()); i++) {
      const saved = tool.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/paths/'));
      await strips.nth(i).getByTestId('sar-save-path').click();
      assert.equal((await saved).status(), 200);
    }
    await eventually(async () => (await strips.evaluateAll((xs) => xs.every((x) => x.getAttribute('data-state') === 'saved'))) || undefined, 10000);
    const completed = tool.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/tasks/${task.taskId}/stages/3/complete`));
    await tool.getByTestId('sar-submit').click();
    await clickInSettledDialog(tool, 'sar-submit-ok');
    assert.equal((await completed).status(), 200);

    // The dashboard moves by itself: delivery's push makes it refetch; nobody reloads the page.
    await card.locator(`[data-testid="stage-3"][data-count="${before.count + 1}"]`).waitFor({ timeout: 20000 });
    assert.match((await sortBar.textContent()) ?? '', new RegExp(`^筛选.*${before.count + 1}$`));
    assert.ok(fetched >= 1, 'refetched on the pushed change');
    assert.equal((await stageCount()).count, before.count + 1);
    await pm.screenshot({ path: path.join(SHOTS, 'daily-pm-progress-zh.png') });
    await page.context().close();
    await pm.context().close();
  });

  /** The turbine page of Hornsea Edge's first turbine (North Sea Wind: every demo account sees it), blade views. */
  const demoTurbinePage = async (): Promise<string> => {
    const park = ((await json('/context/api/v1/plants?pageSize=50', admin)).body.results as Body[]).find((x) => x.windFarmName === 'Hornsea Edge');
    const turbines = (await json(`/context/api/v2/plants/${park.windFarmId}/all-turbines`, admin)).body as Body[];
    const turbine = turbines.find((t) => /-01$/.test(t.turbineName));
    return `${p.url}/#/inspection/turbine?windFarmId=${park.windFarmId}&turbineId=${turbine.turbineId}&inspectionType=1`;
  };
  /** Opens the first defect of the blade views and waits for its timeline across inspections. */
  const openDefectTimeline = async (page: Page): Promise<void> => {
    await page.getByTestId('diagram-defect').first().click();
    await page.getByTestId('defect-detail').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="timeline-entry"]').length >= 2);
  };

  test('engineer: opens a defect on the turbine page and reads its timeline across inspections; may correct its status', async () => {
    const page = await signIn('engineer', 'en_us');
    await page.goto(await demoTurbinePage());
    await openDefectTimeline(page);
    await page.getByTestId('timeline-status').getByText('Increased').first().waitFor();
    await page.getByTestId('timeline-override').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'daily-engineer-timeline-en.png') });
    await page.context().close();
  });

  test('customer reader (中文): reads the turbine and a defect’s timeline, has no edit controls, and a write is refused with nothing changed', async () => {
    const page = await signIn('customer-reader', 'zh_cn');
    await page.goto(await demoTurbinePage());
    await openDefectTimeline(page);
    await page.getByTestId('timeline-status').getByText('扩大').first().waitFor();
    assert.equal(await page.getByTestId('timeline-override').count(), 0);
    assert.equal(await page.getByTestId('inspection-active').isDisabled(), true);
    await page.screenshot({ path: path.join(SHOTS, 'daily-customer-reader-zh.png') });
    // The same change through the API: refused, and the defect is as it was.
    const defectId = await page.getByTestId('diagram-defect').first().getAttribute('data-defect-id');
    const before = await json(`/gw/inspection/api/v2/defects/${defectId}`, admin);
    const reader = await p.login('customer-reader', DEMO);
    const refused = await json(`/gw/inspection/api/v2/defects/${defectId}/timeline-status`, reader, { method: 'PUT', locale: 'zh_cn', json: { timelineStatus: 'REPAIRED' } });
    assert.equal(refused.status, 403);
    assert.deepEqual((await json(`/gw/inspection/api/v2/defects/${defectId}`, admin)).body, before.body);
    await page.context().close();
  });

  test('pilot: after a flight, sends the inspection (workbook and photo archive) through the data import wizard in Chinese, as a new user would (the Chinese workbook); it becomes an inspection with its photos and defects, shown on the turbine page; the finished run reads in English', async () => {
    // The flight: turbine -03 of Hornsea Edge (no demo inspection), photographed today.
    const park = ((await json('/context/api/v1/plants?pageSize=50', admin)).body.results as Body[]).find((x) => x.windFarmName === 'Hornsea Edge');
    const turbine = ((await json(`/context/api/v2/plants/${park.windFarmId}/all-turbines`, admin)).body as Body[]).find((t) => /-03$/.test(t.turbineName));
    const day = '2026-03-21';
    const types = (await json(`/gw/inspection/api/v2/customers/${park.customerId}/defect-templates`, admin)).body.types as Body[];
    const type = types[0]!.name as string;
    const wb = new ExcelJS.Workbook();
    const rows: Record<string, unknown[][]> = {
      inspections: [[turbine.turbineName, park.windFarmName, day]],
      // The turbine's blades as asset configures them (-10011/-10033/-10035 otherwise).
      blades: (turbine.blades as Body[]).map((b) => [turbine.turbineName, b.position, b.name, b.serialNumber]),
      defects: [
        [turbine.turbineName, day, '810001', 1, type, 2, 12.4, 40, 5, 'DJI_0001', ''],
        [turbine.turbineName, day, '810002', 2, type, 3, 21, '', '', 'DJI_0002', ''],
      ],
    };
    for (const sheet of IMPORT_SHEETS) {
      const ws = wb.addWorksheet(sheet.zh_cn);
      ws.addRow(sheet.columns.map((c) => c.zh_cn));
      for (const r of rows[sheet.key]!) ws.addRow(r);
    }
    const shot = (shade: number) =>
      sharp({ create: { width: 640, height: 400, channels: 3, background: { r: shade, g: 140, b: 200 } } })
        .jpeg()
        .toBuffer();
    const archive = zipSync({ 'flight/DJI_0001.JPG': await shot(40), 'flight/DJI_0002.JPG': await shot(200) }, { level: 0 });

    const page = await signIn('pilot', 'zh_cn');
    // The pilot's menu leads to the data import; a leftover run of an earlier session is closed first.
    await page.goto(p.url + '/#/dataCenter/dataImport');
    await page.getByTestId('page-dataImport').waitFor();
    await page.getByTestId('import-steps').waitFor();
    // Step 1: the park, blade external (the default).
    const select = async (testId: string, option: string) => {
      await page.getByTestId(testId).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
    };
    await page.getByTestId('import-step-basic').waitFor({ timeout: 20000 });
    await select('import-park', 'Hornsea Edge');
    await page.getByTestId('import-basic-next').click();
    // Step 2: the workbook.
    await page.getByTestId('import-step-verify').locator('input[type="file"]').setInputFiles({
      name: 'flight.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    // Step 3: the flight's photos as one archive, resumable (tus). The field's link drops the first
    // chunk: the console asks the server how much arrived and goes on from there.
    const tusCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/images/tus')) tusCalls.push(r.method());
    });
    let dropped = false;
    await page.route('**/images/tus/*', (route) => {
      if (route.request().method() === 'PATCH' && !dropped) {
        dropped = true;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    const images = page.getByTestId('import-step-images');
    await images.waitFor({ timeout: 30000 });
    await images.getByText('校验通过：1次巡检，3支叶片，2个缺陷。').waitFor();
    await images.locator('input[type="file"]').setInputFiles({ name: 'flight.zip', mimeType: 'application/zip', buffer: Buffer.from(archive) });
    await page.getByTestId('import-images-count').getByText('已匹配图片：2 / 2').waitFor({ timeout: 30000 });
    assert.deepEqual(tusCalls, ['POST', 'PATCH', 'HEAD', 'PATCH']);
    await page.screenshot({ path: path.join(SHOTS, 'daily-pilot-import-zh.png') });
    // Step 4 → 5: processing, followed live, ends with the inspection created.
    await page.getByTestId('import-process').click();
    const finish = page.getByTestId('import-step-finish');
    await finish.getByText('导入完成：已创建1次巡检。').waitFor({ timeout: 60000 });
    await finish.getByTestId('import-created').getByText(`${turbine.turbineName} · ${day}`).waitFor();

    // Through the API: the inspection of that turbine and day, with both photos and their defects.
    const list = (await json(`/gw/inspection/api/v2/inspections?turbineId=${turbine.turbineId}`, admin)).body.results as Body[];
    const created = list.find((i) => String(i.inspectionDate).startsWith(day));
    assert.ok(created, 'the inspection exists');
    assert.equal(created.imageCount, 2);
    const defects = (await json(`/gw/inspection/api/v2/defects?inspectionId=${created.inspectionId}&pageSize=10`, admin)).body.results as Body[];
    assert.deepEqual(defects.map((d) => [d.defectNo, d.bladePosition, d.severity]).sort(), [
      ['810001', 1, 2],
      ['810002', 2, 3],
    ]);
    // The finished run links the inspection: its turbine page opens on it.
    await finish.getByTestId('import-created').getByRole('link').first().click();
    await page.waitForURL(new RegExp(`inspectionId=${created.inspectionId}`), { timeout: 30000 });
    // The page opens on blade 1: its defect is listed.
    await page.getByTestId('defect-table').getByText('810001', { exact: true }).waitFor({ timeout: 30000 });
    await page.context().close();

    // The same pilot in English: the finished run waits on the page, in English.
    const en = await signIn('pilot', 'en_us');
    await en.goto(p.url + '/#/dataCenter/dataImport');
    await en.getByTestId('import-step-finish').getByText('Import finished: 1 inspections created.').waitFor({ timeout: 20000 });
    await en.screenshot({ path: path.join(SHOTS, 'daily-pilot-import-en.png') });
    await en.context().close();
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
