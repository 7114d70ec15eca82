import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@windward/service-kit/testing';
import { type TestPlatform } from './harness.js';
import { SHOTS, browserSuite } from './browser-suite.js';
import { signIn as signInAs } from './browser.js';

const API = '/gw/repair/api/v2';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

/**
 * Issue #17's scenario as a new user would do it, in Chinese: a repair-step template, a plan from
 * the defects of a demo park, a campaign, a technician granted; the technician signs in, records a
 * repair with a photo, and the overview in a second browser shows the progress without a reload.
 */
describe('repair centre in two real browsers, in Chinese, through the gateway', () => {
  let p: TestPlatform;
  let browser: Browser;
  let admin: string;
  const stamp = String(process.pid);

  browserSuite(async (s) => {
    ({ p, browser, admin } = s);
    // The demo defects reach repair through inspection's events.
    await eventually(async () => {
      const parks = (await (await p.api(`${API}/parks`, { token: admin })).json()) as Body[];
      for (const park of parks) {
        const r = (await (await p.api(`${API}/defects?windFarmId=${park.windFarmId}`, { token: admin })).json()) as Body;
        if (r.totalCount >= 2) return true;
      }
      return false;
    }, 180000);
  });

  const signIn = (user: string, password: string, at?: string): Promise<Page> => signInAs(browser, p.url, { user, password, locale: 'zh_cn', at });

  /** Opens an antd select named by its aria-label and picks the first option containing `text` (or the first option). */
  async function pick(page: Page, label: string, text?: string) {
    const select = page.locator('.ant-select', { has: page.getByLabel(label, { exact: true }) }).first();
    await select.click();
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await (text ? options.filter({ hasText: text }).first() : options.first()).click();
    // The choice shows in the select before the test goes on (a lost click fails here, by name).
    if (text) await select.filter({ hasText: text }).waitFor({ timeout: 5000 });
  }

  test('template → plan from demo defects → campaign → technician records a repair with a photo → live progress', async () => {
    const manager = await signIn('admin', 'Wind@2026');

    // 1. A repair-step template.
    const templateName = `前缘修复-${stamp}`;
    await manager.goto(p.url + '/#/configuration/repairConfig');
    await manager.getByTestId('template-new').click();
    await manager.getByTestId('template-name').fill(templateName);
    await manager.getByTestId('step-name-0').fill('打磨');
    await manager.getByTestId('step-description-0').fill('打磨受损区域');
    await manager.getByTestId('template-save').click();
    await manager.getByTestId('templates-table').getByText(templateName).waitFor();

    // 2. A plan from two defects of a demo park.
    const planName = `维修计划-${stamp}`;
    await manager.goto(p.url + '/#/repairPlan/repairPlanList');
    await manager.getByTestId('plan-new').click();
    // A demo park by name: files before this one on a shared platform may have added parks.
    await pick(manager, '风场', 'Dogger Bank North');
    const candidates = manager.getByTestId('candidate-table').locator('tbody tr[data-row-key]');
    await candidates.nth(1).waitFor();
    for (const i of [0, 1]) await candidates.nth(i).locator('input[type=checkbox]').check();
    await manager.getByTestId('plan-name').fill(planName);
    await manager.getByTestId('plan-submit').click();
    const detail = manager.getByTestId('plan-detail');
    const planRows = detail.getByTestId('plan-defects').locator('tbody tr[data-row-key]');
    await planRows.nth(1).waitFor();

    // 3. Repair steps for both defects, then a campaign of them.
    for (const i of [0, 1]) await planRows.nth(i).locator('input[type=checkbox]').check();
    await pick(manager, '维修步骤模板', templateName);
    await manager.getByTestId('plan-set-step').click();
    // The step shows in both rows once the save has answered and cleared the choice; the picker
    // shows the template's name at once, so waiting for it raced the clearing (one defect chosen).
    await planRows.filter({ hasText: templateName }).nth(1).waitFor();
    for (const i of [0, 1]) await planRows.nth(i).locator('input[type=checkbox]').check();
    for (const i of [0, 1]) assert.ok(await planRows.nth(i).locator('input[type=checkbox]').isChecked());
    const campaignName = `维修活动-${stamp}`;
    await manager.getByTestId('campaign-name').fill(campaignName);
    for (const [placeholder, date] of [
      ['开始日期', '2026-04-01'],
      ['结束日期', '2026-04-30'],
    ] as const) {
      await manager.getByPlaceholder(placeholder).click();
      await manager.getByPlaceholder(placeholder).fill(date);
      await manager.keyboard.press('Enter');
    }
    await manager.getByTestId('campaign-submit').click();
    await manager.getByTestId('page-repairCampaignDetails').getByText(campaignName).waitFor();

    // 4. The demo technician is granted.
    await pick(manager, '授权技术员', 'Tomas Technician');
    await manager.keyboard.press('Escape');
    await manager.getByTestId('technician-save').click();
    await eventually(async () => {
      const list = (await (await p.api(`${API}/campaigns?name=${encodeURIComponent(campaignName)}`, { token: admin })).json()) as Body;
      return list.results[0]?.technicians.length === 1;
    });

    // 5. A second browser watches the overview.
    const watcher = await signIn('admin', 'Wind@2026', '/#/repairPlan/repairCampaignList');
    await watcher.locator('[data-testid="live-status"][data-live="live"]').waitFor({ timeout: 20000 });
    const watchedRow = watcher.getByTestId('campaigns-table').locator('tbody tr', { hasText: campaignName });
    await watchedRow.waitFor();
    assert.equal(await watchedRow.getByTestId('campaign-progress').getAttribute('data-progress'), '0');

    // 6. The technician sees the campaign and records a repair with a photo.
    const technician = await signIn('technician', 'Demo@2026', '/#/repairPlan/repairCampaignList');
    await technician.getByTestId('campaigns-table').getByText(campaignName).click();
    await technician.getByTestId('open-turbine').first().click();
    const work = technician.getByTestId('work-table');
    await work.locator('tbody tr[data-row-key]').first().waitFor();
    await work.getByTestId('record-open').first().click();
    await pick(technician, '结果', '已修复');
    await technician.getByTestId('record-comment').fill('已打磨并填补');
    await technician.getByTestId('record-save').click();
    await technician.getByTestId('record-form').waitFor({ state: 'detached' });
    await work.locator('tbody tr[data-row-key]').first().locator('.ant-table-row-expand-icon').click();
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 120, g: 130, b: 140 } } }).jpeg().toBuffer();
    await technician
      .getByTestId('record-item')
      .first()
      .locator('.ant-upload input[type=file]')
      .first()
      .setInputFiles({ name: 'before.jpg', mimeType: 'image/jpeg', buffer: photo });
    await technician.getByTestId('photo-before').first().waitFor();
    await technician.screenshot({ path: path.join(SHOTS, 'repair-turbine-zh.png') });

    // 7. The watching overview shows the progress without a reload.
    await eventually(async () => (await watchedRow.getByTestId('campaign-progress').getAttribute('data-progress')) === '50', 20000);
    await watcher.screenshot({ path: path.join(SHOTS, 'repair-overview-zh.png') });
  });
});
