import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { launchBrowser } from '../e2e/browser.js';
import { REPO_ROOT } from '../launcher/platform.js';
import { percentile } from './stats.js';

/**
 * gzip size of what index.html loads before any route chunk: its scripts, module preloads and
 * styles — measured by the console's own script (web/scripts/initial-bundle.mjs), one definition
 * of the initial set for the bench and for a look by hand.
 */
export function initialBundle(): { files: number; 'raw kB': number; 'gzip kB': number } {
  const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'web', 'scripts', 'initial-bundle.mjs'), '--json'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`initial-bundle.mjs failed: ${r.stderr}`);
  const { files, rawKB, gzipKB } = JSON.parse(r.stdout) as { files: number; rawKB: number; gzipKB: number };
  return { files, 'raw kB': rawKB, 'gzip kB': gzipKB };
}

/** Navigation start → the sign-in button visible, in a fresh headless Chromium context each time. */
export async function loginFirstRender(url: string, runs = 5) {
  const browser = await launchBrowser();
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const t0 = performance.now();
      await page.goto(url + '/');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      times.push(performance.now() - t0);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { runs, 'p50 ms': percentile(times, 50), 'max ms': Math.max(...times) };
}
