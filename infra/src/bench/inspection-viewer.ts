import { performance } from 'node:perf_hooks';
import { launchBrowser } from '../e2e/browser.js';
import { api, signedInState, type Body } from './fixtures.js';
import { percentile } from './stats.js';

export interface ViewerBenchTarget {
  /** Gateway URL of a running platform with demo data (and a built web console). */
  url: string;
  /** A token for finding a demo defect through the API. */
  token: string;
  username: string;
  password: string;
}

/** A demo defect of Dogger Bank North whose image is tiled (what `/viewDefect` opens). */
async function demoDefect(t: ViewerBenchTarget): Promise<string> {
  const parks = await api(t, '/context/api/v1/plants?pageSize=100');
  const park = parks.results.find((p: Body) => p.windFarmName === 'Dogger Bank North');
  if (!park) throw new Error('demo park missing');
  const until = Date.now() + 120_000;
  for (;;) {
    const defects = await api(t, `/gw/inspection/api/v2/defects?windFarmId=${park.windFarmId}&pageSize=20&fieldToSort=createdAt`);
    for (const d of defects.results) {
      const img = await api(t, `/gw/inspection/api/v2/images/${d.imageId}`);
      if (img.tileStatus === 'done') return d.defectId;
    }
    if (Date.now() > until) throw new Error('no tiled demo defect');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * Time to first tile in the viewer (issue #6): navigation to `/#/viewDefect?defectId=…` in a
 * fresh browser context (signed in, empty cache) → the first deep-zoom tile request
 * (`…/image_files/{level}/{col}_{row}.jpeg`) answered. In between: the console's bundle, the
 * session restore (me, menus, rights), the defect, its image, the `.dzi`, then OpenSeadragon's
 * first tile. The `.dzi` answer is reported too.
 */
export async function timeToFirstTile(t: ViewerBenchTarget, runs = 10) {
  const defectId = await demoDefect(t);
  const browser = await launchBrowser();
  const tile: number[] = [];
  const dzi: number[] = [];
  try {
    // Sign in once through the page; each run starts a new context from the saved storage (token, locale).
    const storageState = await signedInState(browser, t.url, t.username, t.password);

    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 1000 } });
      const p = await context.newPage();
      // Each answer is timed when it arrives, not when the script gets to it.
      const at = (match: (url: string) => boolean) =>
        p.waitForResponse((r) => match(r.url()) && r.status() === 200, { timeout: 60_000 }).then(() => performance.now());
      const firstTile = at((u) => u.includes('/image_files/'));
      const descriptor = at((u) => u.endsWith('/image.dzi'));
      const t0 = performance.now();
      await p.goto(`${t.url}/#/viewDefect?defectId=${defectId}`);
      const [d, f] = await Promise.all([descriptor, firstTile]);
      dzi.push(d - t0);
      tile.push(f - t0);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    runs,
    'first tile p50 ms': percentile(tile, 50),
    'first tile p95 ms': percentile(tile, 95),
    'first tile max ms': Math.max(...tile),
    '.dzi p50 ms': percentile(dzi, 50),
  };
}
