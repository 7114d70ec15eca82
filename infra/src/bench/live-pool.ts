import { launchBrowser } from '../e2e/browser.js';
import { signedInState } from './fixtures.js';
import { percentile } from './stats.js';

export interface LivePoolTarget {
  url: string;
  /** The user whose task pool is open in the browser (an administrator: sees every task). */
  username: string;
  password: string;
  /** Another user's token: they pick the tasks, as a colleague at another screen would. */
  pickerToken: string;
}

const ROW = '[data-testid="task-table"] tr[data-row-key]';

/**
 * Issue #15 item 9, "live updates feel live": one person has the task pool open in Chromium; a
 * colleague picks the first task of that page through the gateway; timed until the row has left
 * the first person's rendered page (MutationObserver, then the next animation frame), from the
 * pick request being sent and from its response (the commit) arriving. `picks` runs; after each,
 * the colleague releases the task again (its row comes back) so the demo's small pool suffices.
 */
export async function benchPoolLive(t: LivePoolTarget, picks: number) {
  const browser = await launchBrowser();
  try {
    const storageState = await signedInState(browser, t.url, t.username, t.password);
    const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${t.url}/#/qaCenter/taskPool`);
    await page.locator(ROW).first().waitFor({ timeout: 60_000 });
    const fromRequest: number[] = [];
    const fromCommit: number[] = [];
    let missed = 0;
    for (let i = 0; i < picks; i++) {
      // The first row a person could pick (automatic stages cannot be picked).
      const pickable = page.locator(ROW).filter({ has: page.getByRole('button', { name: /^Pick the task of/, disabled: false }) });
      const taskId = (await pickable.first().getAttribute('data-row-key'))!;
      await page.evaluate((id) => {
        const w = window as unknown as { __gone?: number };
        w.__gone = undefined;
        const sel = `[data-testid="task-table"] tr[data-row-key="${id}"]`;
        const obs = new MutationObserver(() => {
          if (document.querySelector(sel)) return;
          obs.disconnect();
          // The frame after the DOM change: what the person sees.
          requestAnimationFrame(() => (w.__gone = Date.now()));
        });
        obs.observe(document.body, { childList: true, subtree: true });
      }, taskId);
      const sent = Date.now();
      const r = await fetch(`${t.url}/gw/task/api/v2/tasks/${taskId}/pick`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.pickerToken}` },
      });
      const committed = Date.now();
      if (!r.ok) throw new Error(`pick answered ${r.status}: ${await r.text()}`);
      try {
        await page.waitForFunction(() => (window as unknown as { __gone?: number }).__gone !== undefined, null, {
          timeout: 5000,
          polling: 'raf',
        });
      } catch {
        missed++;
        continue;
      }
      const gone = await page.evaluate(() => (window as unknown as { __gone: number }).__gone);
      fromRequest.push(gone - sent);
      fromCommit.push(Math.max(0, gone - committed));
      // Released again: wait until its row is back before the next pick.
      const back = await fetch(`${t.url}/gw/task/api/v2/tasks/${taskId}/release`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.pickerToken}` },
      });
      if (!back.ok) throw new Error(`release answered ${back.status}`);
      await page.locator(`[data-testid="task-table"] tr[data-row-key="${taskId}"]`).waitFor({ timeout: 10_000 });
    }
    await context.close();
    return [
      {
        measured: 'pick request sent → row gone from the other screen',
        picks,
        missed,
        'p50 ms': percentile(fromRequest, 50),
        'p95 ms': percentile(fromRequest, 95),
        'max ms': Math.max(...fromRequest),
      },
      {
        measured: 'pick committed (response) → row gone from the other screen',
        picks,
        missed,
        'p50 ms': percentile(fromCommit, 50),
        'p95 ms': percentile(fromCommit, 95),
        'max ms': Math.max(...fromCommit),
      },
    ];
  } finally {
    await browser.close();
  }
}
