import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { eventually } from '@windward/service-kit/testing';
import { type TestPlatform } from './harness.js';
import { browserSuite } from './browser-suite.js';
import { signIn } from './browser.js';

/**
 * The Data Center as a new user meets it (issue #21), in Chinese, on the demo data: search a demo
 * park, open a defect from the gallery, export the park's defects to Excel and receive the file
 * through the download queue, then open the health care map and the O&M overview. The limits themselves are tested
 * over HTTP in the inspection and report services.
 */
describe('data center in a real browser, through the gateway (demo data)', () => {
  let p: TestPlatform;
  let browser: Browser;
  let parkName: string;

  browserSuite(async (s) => {
    ({ p, browser } = s);
    const sql = new pg.Client({ connectionString: p.db.url });
    await sql.connect();
    try {
      // A demo park whose defects inspection has and report has copied (the export reads report's copy).
      parkName = await eventually(async () => {
        const r = await sql.query<{ name: string }>(
          `SELECT p.name FROM inspection.park_ref p JOIN inspection.defect d ON d.wind_park_id = p.wind_park_id AND NOT d.suggested
           WHERE EXISTS (SELECT 1 FROM report.defect_ref r WHERE r.defect_id = d.id) GROUP BY 1 ORDER BY 1 LIMIT 1`,
        );
        return r.rows[0]?.name;
      }, 120000);
    } finally {
      await sql.end();
    }
  });

  test('search a demo park in Chinese, open a defect from the gallery, export the defects, open the health map', async () => {
    const page = await signIn(browser, p.url, { locale: 'zh_cn', noMapTiles: true, at: '/#/dataCenter/searchExport' });
    await page.getByTestId('page-searchExport').waitFor();
    await page.getByText('搜索与导出').first().waitFor();
    // Choose the park in the selector (searchable).
    await page.getByTestId('dc-park-select').click();
    await page.keyboard.type(parkName);
    await page.keyboard.press('Enter');
    const withDefects = page.getByTestId('dc-gallery-card').filter({ has: page.locator('.ant-tag') }).first();
    await withDefects.waitFor({ timeout: 60000 });
    assert.ok((await withDefects.locator('polygon').count()) > 0, 'the defects are outlined on the thumbnail');
    await withDefects.click();
    await page.getByTestId('dc-open-defect').first().click();
    await page.getByTestId('page-viewDefect').waitFor();
    await page.goBack();
    await page.getByTestId('page-searchExport').waitFor();

    await page.getByTestId('dc-export-defects').click();
    await page.getByTestId('dc-export-queued').waitFor({ timeout: 60000 });
    await page.getByText('打开下载队列').click();
    await page.getByTestId('page-downloadQueue').waitFor();
    const download = page.getByTestId('queue-download').first();
    await download.waitFor({ timeout: 60000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    assert.match(file.suggestedFilename(), /\.xlsx$/);

    await page.goto(`${p.url}/#/dataCenter/dataInsight`);
    await page.getByTestId('dc-insight-charts').waitFor({ timeout: 60000 });
    await page.getByText('健康管理').click();
    assert.match((await page.getByTestId('dc-health-rule').textContent()) ?? '', /30%/);
    await page.getByTestId('dc-health-tag').first().waitFor();

    // The O&M overview of the first customer (repair service): the cards and the park table.
    await page.goto(`${p.url}/#/dataCenter/omOverview`);
    await page.getByTestId('dc-om-cards').waitFor({ timeout: 60000 });
    assert.match((await page.getByTestId('dc-om-cards').textContent()) ?? '', /未处理缺陷.*维修活动.*待检查/);
    await page.getByTestId('dc-om-parks').locator('.ant-table-row').first().waitFor();
    await page.context().close();
  });
});
