import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { eventually } from '@windward/service-kit/testing';
import { REPO_ROOT } from '../launcher/platform.js';
import { type TestPlatform } from './harness.js';
import { SHOTS, browserSuite } from './browser-suite.js';
import { signIn } from './browser.js';

interface DemoTurbine {
  turbine_id: string;
  wind_farm_id: string;
  name: string;
  defects: number;
}

/**
 * Reports through the gateway with the whole platform and its demo data: report's read models
 * are fed by asset's and inspection's own events (nothing is played by the test). A user asks for
 * a turbine PDF on the turbine page, watches the download queue, downloads the file and looks at
 * page 1 (pdftoppm → docs/screenshots/report-turbine-page1-zh.png).
 */
describe('reports in a real browser, through the gateway (demo data)', () => {
  let p: TestPlatform;
  let browser: Browser;
  let admin: string;
  let turbine: DemoTurbine;

  browserSuite(async (s) => {
    ({ p, browser, admin } = s);
    const sql = new pg.Client({ connectionString: p.db.url });
    await sql.connect();
    try {
      // A demo turbine whose active inspection's defects report has copied from inspection's events.
      turbine = await eventually(async () => {
        const r = await sql.query<DemoTurbine>(
          `SELECT t.turbine_id, t.wind_farm_id, t.name, count(*)::int AS defects
           FROM report.defect_ref d JOIN report.inspection_ref i ON i.inspection_id = d.inspection_id AND i.is_active
           JOIN report.turbine_ref t ON t.turbine_id = i.turbine_id
           WHERE d.dps_status <> 0 AND d.defect_no IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 4 DESC, 3 LIMIT 1`,
        );
        return r.rows[0];
      }, 60000);
    } finally {
      await sql.end();
    }
  });

  test('the spec path reaches the report service: an unknown project is NOT_FOUND, a missing token 401', async () => {
    const unknown = await p.api('/report/api/v1/projects/8a0e7c3e-0000-4000-8000-000000000000/report-tasks', {
      method: 'POST',
      token: admin,
      json: { format: 'xlsx' },
    });
    assert.equal(unknown.status, 404);
    assert.equal(((await unknown.json()) as { code: string }).code, 'NOT_FOUND');
    const anonymous = await p.api(`/report/api/v1/turbines/${turbine.turbine_id}/report-tasks`, {
      method: 'POST',
      json: { format: 'pdf' },
    });
    assert.equal(anonymous.status, 401);
  });

  test('a turbine PDF in Chinese: asked for on the turbine page, followed in the download queue, downloaded and opened', async () => {
    const page = await signIn(browser, p.url, { locale: 'zh_cn' });
    // The queue and its badge follow the report service's socket through the gateway (no polling).
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    const polls: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('socket.io')) polls.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`${p.url}/#/inspection/turbine?windFarmId=${turbine.wind_farm_id}&turbineId=${turbine.turbine_id}`);
    // The header's badge opened its session while signing in, before these listeners: a new
    // document opens a new one in their sight (a hash change alone keeps the old session).
    await page.reload();
    await page.getByTestId('report-button-turbine').click();
    // PDF is the dialog's default format.
    await page.getByTestId('report-submit').click();
    await page.getByTestId('report-queued').waitFor();
    await page.getByText('打开下载队列').click();
    await page.getByTestId('page-downloadQueue').waitFor();
    const download = page.getByTestId('queue-download').first();
    await download.waitFor({ timeout: 60000 });
    await page.screenshot({ path: path.join(SHOTS, 'report-download-queue-zh.png') });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const pdf = path.join(SHOTS, 'report-turbine.pdf');
    await file.saveAs(pdf);
    assert.match(file.suggestedFilename(), /\.pdf$/);

    // The page holds a socket.io session with the report service (socket.io may stay on long-polling behind a proxy).
    assert.ok(
      [...sockets, ...polls].some((u) => u.includes('/gw/report/socket.io') && !u.startsWith('4') && !u.startsWith('5')),
      `a socket.io session with the report service: ${sockets.join(', ')} / ${polls.join(', ')}`,
    );
    // The download is in the download log under the queue.
    await page.getByTestId('download-log-table').getByText(file.suggestedFilename()).first().waitFor();

    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    assert.ok(text.includes(turbine.name), 'the turbine name');
    for (const heading of ['巡检报告', '缺陷列表', '风机详情', '叶片缺陷分布图', '缺陷照片', '维修状态']) assert.ok(text.includes(heading), heading);
    // The demo's defects come with photos and polygons (inspection's events): their crops are in the PDF.
    const images = execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).split('\n').slice(2).filter((l) => l.trim());
    assert.ok(images.length >= 1, `photo crops embedded: ${images.length}`);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1]);
    assert.ok(pages >= 2 && pages < 40, `page count ${pages}`);

    for (const n of [1, 2]) {
      const png = path.join(SHOTS, `report-turbine-page${n}-zh`);
      execFileSync('pdftoppm', ['-png', '-r', '60', '-f', String(n), '-l', String(n), '-singlefile', pdf, png]);
      copyFileSync(`${png}.png`, path.join(REPO_ROOT, 'docs', 'screenshots', `report-turbine-page${n}-zh.png`));
    }
    await page.context().close();
  });
});
