import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { launchBrowser } from '../e2e/browser.js';
import { REPO_ROOT } from '../launcher/platform.js';
import { percentile } from './stats.js';

/** gzip size of what index.html loads before any route chunk: its scripts, module preloads and styles. */
export function initialBundle(): { files: number; 'raw kB': number; 'gzip kB': number } {
  const dist = path.join(REPO_ROOT, 'web', 'dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  let raw = 0;
  let gz = 0;
  for (const ref of new Set(refs)) {
    const buf = readFileSync(path.join(dist, ref));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { files: new Set(refs).size, 'raw kB': raw / 1024, 'gzip kB': gz / 1024 };
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
