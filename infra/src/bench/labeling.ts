import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { TaskStage, TaskStageStatus } from '@windward/contracts';
import { launchBrowser } from '../e2e/browser.js';
import {
  INSPECTION_API,
  TASK_API,
  api,
  createInspection,
  inParallel,
  noisePhoto,
  signedInState,
  uploadImage,
  waitFor,
  waitForDemoData,
  waitForTiles,
  type BenchTarget,
  type Body,
} from './fixtures.js';
import { percentile } from './stats.js';

/**
 * Issue #8's figures of the labeling tool (`/#/labeling?taskId=…`, web
 * `src/features/work/labeling/`) in headless Chromium through the gateway: the time to open a
 * task of 300 images, and the frame times while panning an image that carries 1,000 polygons.
 */

export interface LabelingBenchTarget extends BenchTarget {
  /** The user whose token `token` is; the browser signs in as them too (they pick the task). */
  username: string;
  password: string;
}

export interface LabelingTask {
  inspectionId: string;
  taskId: string;
  /** The large photo (5472 × 3648) the tool opens first; the polygons go onto it. */
  firstImageId: string;
  images: number;
  /** Upload (4 at a time) and tiling of every photo, then the task taken to labeling. */
  seconds: { upload: number; tiles: number; total: number };
}

const VIEWPORT = { width: 1600, height: 1000 };
const stageOf = (task: Body) => task.taskStageTypes?.[0] as number | undefined;

/**
 * An inspection of `images` photos on 3 blades × 4 paths (sort index and distance to root
 * set, as after an import), uploaded through the gateway (4 at a time) and tiled by the platform's
 * own jobs; then its task taken through sort and remove by the API and labeling picked by the
 * target's user. The first photo is a 20-MP 5472 × 3648 JPEG (what the tool opens and tiles);
 * the others are 1200 × 900: opening the tool reads only the current photo's tiles, and the
 * strip's thumbnails (132 × 44) are the same size whatever the photo. Tiling 300 photos takes
 * about 150 s even so: the tile queue takes one job per 0.5 s polling round (docs/performance.md).
 */
export async function seedLabelingTask(t: LabelingBenchTarget, images: number): Promise<LabelingTask> {
  await waitForDemoData(t.databaseUrl);
  const started = Date.now();
  const { inspectionId } = await createInspection(t, '2026-03-10');
  const [large, small] = await Promise.all([noisePhoto(5472, 3648), noisePhoto(1200, 900)]);
  const perPath = Math.max(1, Math.ceil(images / 12));
  const fields = (i: number) => ({
    bladePosition: 1 + Math.floor(i / (perPath * 4)),
    path: 1 + (Math.floor(i / perPath) % 4),
    chamber: 0,
    sortIndex: (i % perPath) + 1,
    distanceToRoot: 2 + (i % perPath),
  });
  const firstImageId = await uploadImage(t, inspectionId, large, 'p0000.jpg', fields(0));
  const rest = Array.from({ length: images - 1 }, (_, k) => k + 1);
  await inParallel(rest, 4, (i) => uploadImage(t, inspectionId, small, `p${String(i).padStart(4, '0')}.jpg`, fields(i)));
  const uploaded = Date.now();
  await waitForTiles(t, inspectionId);
  const tiled = Date.now();

  // Task-flow started a task on inspection.created; auto processing ends on images.processed.
  const task = await waitFor(async () => {
    const list = await api(t, `${TASK_API}/tasks?inspectionId=${inspectionId}&pageSize=5`);
    const row = list.results?.[0];
    if (!row) return null;
    const detail = await api(t, `${TASK_API}/tasks/${row.taskId}`);
    const current = detail.stages.find((s: Body) => s.taskStageType === TaskStage.SORT_AND_REMOVE);
    return stageOf(detail) === TaskStage.SORT_AND_REMOVE && current?.status === TaskStageStatus.READY ? detail : null;
  }, 120_000);
  const taskId: string = task.taskId;
  await api(t, `${TASK_API}/tasks/${taskId}/pick`, { method: 'POST' });
  await api(t, `${TASK_API}/tasks/${taskId}/stages/${TaskStage.SORT_AND_REMOVE}/complete`, { method: 'POST' });
  await waitFor(async () => stageOf(await api(t, `${TASK_API}/tasks/${taskId}`)) === TaskStage.LABELING, 60_000);
  await api(t, `${TASK_API}/tasks/${taskId}/pick`, { method: 'POST' });

  const list = await api(t, `${INSPECTION_API}/inspections/${inspectionId}/images?isActive=true&pageSize=500`);
  if (list.results[0]?.imageId !== firstImageId) throw new Error('the large photo is not the first of the gallery order');
  const seconds = { upload: (uploaded - started) / 1000, tiles: (tiled - uploaded) / 1000, total: (Date.now() - started) / 1000 };
  return { inspectionId, taskId, firstImageId, images, seconds };
}

/**
 * Runs in the page before its scripts (addInitScript): milestones in ms since navigation start
 * (`performance.now()`), polled once per animation frame. The labeling page has no "ready" hook,
 * so readiness is read from the DOM and the canvas:
 * - `workspace`: `[data-testid=labeling-workspace]` rendered (task, images and defects loaded);
 * - `strip`: the strip holds every image (`data-images` on `[data-testid=filmstrip]`, `expect.images`;
 *   it renders the rows near view only) and shows its first buttons;
 * - `viewer`: OpenSeadragon opened the current image (`data-image-id` on `[data-testid=osd-viewer]`);
 * - `polygons`: the overlay holds `expectedPolygons` polygons (when asked for);
 * - `tile` / `drawn`: the first deep-zoom tile answered (resource timing, `image_files/{level}/{col}_{row}.jpeg`)
 *   and the first `drawImage` onto a canvas inside the viewer after it (both OpenSeadragon drawers,
 *   canvas and WebGL, end in a 2D `drawImage` onto the visible canvas once tiles are there);
 * - `ready`: the first animation frame at which all of them hold.
 * `drawer`: 'auto' leaves the choice to the console (`preferredDrawer`: canvas 2D when WebGL is
 * software-rendered, as SwiftShader is in GPU-less headless Chromium); 'webgl' forces
 * OpenSeadragon's WebGL drawer (the console's override key); 'canvas' hides WebGL from the page
 * (`getContext('webgl…')` answers null), so only the canvas drawer is left.
 */
/** How the page picks OpenSeadragon's drawer in a run (see `labelingProbe`). */
export type DrawerMode = 'auto' | 'webgl' | 'canvas';
interface ProbeExpect {
  images: number;
  polygons: number;
  drawer: DrawerMode;
}

function labelingProbe(expect: ProbeExpect) {
  const marks: Record<string, number> = {};
  if (expect.drawer === 'webgl') localStorage.setItem('windward.osd.drawer', 'webgl');
  (window as unknown as { __bench: Record<string, number> }).__bench = marks;
  const inViewer = (c: unknown) => c instanceof HTMLCanvasElement && c.closest('[data-testid="osd-viewer"]') !== null;
  const tileEntry = () =>
    performance.getEntriesByType('resource').find((e) => /\/image_files\/\d+\/\d+_\d+\.(jpeg|jpg|png)/.test(e.name)) as
      PerformanceResourceTiming | undefined;
  const drawImage = CanvasRenderingContext2D.prototype.drawImage;
  CanvasRenderingContext2D.prototype.drawImage = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
    if (marks.drawn === undefined && inViewer(this.canvas)) {
      const tile = tileEntry();
      if (tile) {
        marks.tile = tile.responseEnd;
        marks.drawn = performance.now();
      }
    }
    return (drawImage as (...a: unknown[]) => void).apply(this, args);
  } as typeof drawImage;
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args: unknown[]) {
    const gl = typeof args[0] === 'string' && args[0].includes('webgl');
    // Without WebGL, OpenSeadragon's drawer probe fails and it falls back to its canvas (2D) drawer.
    if (gl && expect.drawer === 'canvas') return null;
    return (getContext as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof getContext;
  const check = () => {
    const now = performance.now();
    const once = (key: string, ok: boolean) => {
      if (ok && marks[key] === undefined) marks[key] = now;
    };
    once('workspace', document.querySelector('[data-testid="labeling-workspace"]') !== null);
    const strip = document.querySelector('[data-testid="filmstrip"]');
    const stripButtons = document.querySelectorAll('[data-testid="strip-image"]').length;
    // Builds before the windowed strip (A/B runs of older commits) render every image's button.
    once('strip', stripButtons > 0 && (Number(strip?.getAttribute('data-images') ?? 0) >= expect.images || stripButtons >= expect.images));
    once('viewer', !!document.querySelector('[data-testid="osd-viewer"]')?.getAttribute('data-image-id'));
    once('polygons', document.querySelectorAll('[data-testid="polygon-overlay"] [data-testid="defect-polygon"]').length >= expect.polygons);
    if (['workspace', 'strip', 'viewer', 'polygons', 'drawn'].every((k) => marks[k] !== undefined)) {
      marks.ready = now;
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

async function openTool(
  browser: Browser,
  storageState: NonNullable<BrowserContextOptions['storageState']>,
  url: string,
  expect: ProbeExpect,
): Promise<{ page: Page; marks: Record<string, number>; drawer: string; waterfall: WaterfallRow[] }> {
  const context = await browser.newContext({ storageState, viewport: VIEWPORT });
  await context.addInitScript(labelingProbe, expect);
  const page = await context.newPage();
  // Diagnostics of the opening, all on one CDP session as the pan's are.
  // BENCH_LABELING_PROFILE=<file>: the page's main-thread CPU profile (DevTools' .cpuprofile) from navigation to ready, last run kept.
  const profileTo = process.env.BENCH_LABELING_PROFILE;
  // BENCH_LABELING_TRACE=<file>: the opening's trace events (last run kept): what the profile's
  // "(program)" holds — parsing and compiling scripts, style sheets, style recalculation, layout.
  const traceTo = process.env.BENCH_LABELING_TRACE;
  // BENCH_LABELING_LATENCY_MS=<ms>: each request of the page pays this latency (CDP network
  // emulation), as over a real network; loopback hides what a round trip fewer saves.
  const latency = Number(process.env.BENCH_LABELING_LATENCY_MS ?? 0);
  const cdp = profileTo || traceTo || latency > 0 ? await context.newCDPSession(page) : null;
  if (cdp && profileTo) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const events: TraceEvent[] = [];
  if (cdp && traceTo) {
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute',
      transferMode: 'ReportEvents',
    });
  }
  if (cdp && latency > 0) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: -1, uploadThroughput: -1 });
  }
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __bench?: { ready?: number } }).__bench?.ready !== undefined, null, {
    timeout: 90_000,
    polling: 100,
  });
  if (cdp && profileTo) writeFileSync(profileTo, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  if (cdp && traceTo) {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
    writeFileSync(traceTo, JSON.stringify({ traceEvents: events }));
  }
  const marks = await page.evaluate(() => ({ ...(window as unknown as { __bench: Record<string, number> }).__bench }));
  // The drawer OpenSeadragon ended up with, as the viewer reports it.
  const drawer = (await page.getByTestId('osd-viewer').getAttribute('data-drawer')) ?? '?';
  const waterfall = await page.evaluate((ready) =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= ready)
      .map((e) => {
        const r = e as PerformanceResourceTiming;
        const u = new URL(r.name);
        return { resource: (u.pathname + u.search).slice(0, 90), 'start ms': Math.round(r.startTime), 'end ms': Math.round(r.responseEnd), 'kB': Math.round(r.encodedBodySize / 102.4) / 10 };
      }),
    marks.ready!,
  );
  return { page, marks, drawer, waterfall };
}

/** One request the page made before it was ready (BENCH_WATERFALL=1 prints the last run's). */
export type WaterfallRow = {
  resource: string;
  'start ms': number;
  'end ms': number;
  kB: number;
};

const MILESTONES: [string, string][] = [
  ['workspace', 'workspace rendered (task, images, defects loaded)'],
  ['strip', 'the strip holds every image'],
  ['viewer', 'viewer opened the first image'],
  ['tile', 'first deep-zoom tile answered'],
  ['drawn', 'first tile drawn on the canvas'],
  ['ready', 'ready (all of the above)'],
];

/**
 * Navigation to `/#/labeling?taskId=…` in a fresh signed-in context (empty cache) → ready (see
 * `labelingProbe`), `runs` times; one row per milestone with p50 / p95 / max over the runs.
 */
export async function timeToOpenLabeling(t: LabelingBenchTarget, task: LabelingTask, runs: number, polygons = 0) {
  const browser = await launchBrowser();
  const samples = new Map<string, number[]>(MILESTONES.map(([k]) => [k, []]));
  const drawers = new Set<string>();
  let waterfall: WaterfallRow[] = [];
  try {
    const storageState = await signedInState(browser, t.url, t.username, t.password);
    for (let i = 0; i < runs; i++) {
      const { page, marks, drawer, waterfall: requests } = await openTool(browser, storageState, `${t.url}/#/labeling?taskId=${task.taskId}`, {
        images: task.images,
        polygons,
        drawer: 'auto',
      });
      for (const [k] of MILESTONES) samples.get(k)!.push(marks[k]!);
      drawers.add(drawer);
      waterfall = requests;
      await page.context().close();
    }
  } finally {
    await browser.close();
  }
  return {
    drawer: [...drawers].join(', '),
    waterfall,
    rows: MILESTONES.map(([k, label]) => {
      const s = samples.get(k)!;
      return { milestone: label, runs, 'p50 ms': percentile(s, 50), 'p95 ms': percentile(s, 95), 'max ms': Math.max(...s) };
    }),
  };
}

/**
 * `count` defects on one image through the inspection API (`POST /inspections/{id}/defects`,
 * 8 at a time; there is no bulk create): octagons of 25–80 px radius on a grid over the photo,
 * each with its own severity (colour), like a densely labeled photo.
 */
export async function seedPolygons(t: BenchTarget, task: LabelingTask, count: number) {
  const started = Date.now();
  const img = await api(t, `${INSPECTION_API}/images/${task.firstImageId}`);
  const cols = Math.ceil(Math.sqrt((count * img.width) / img.height));
  const rows = Math.ceil(count / cols);
  const cw = img.width / cols;
  const ch = img.height / rows;
  const ids = Array.from({ length: count }, (_, i) => i);
  await inParallel(ids, 8, async (i) => {
    const cx = cw * ((i % cols) + 0.5);
    const cy = ch * (Math.floor(i / cols) + 0.5);
    const r = Math.min(cw, ch) * (0.25 + 0.2 * ((i * 37) % 10) * 0.1);
    const polygon = Array.from({ length: 8 }, (_, k) => {
      const a = (k / 8) * 2 * Math.PI;
      const rr = r * (k % 2 ? 0.7 : 1);
      return [Math.round(cx + rr * Math.cos(a)), Math.round(cy + rr * Math.sin(a))];
    });
    await api(t, `${INSPECTION_API}/inspections/${task.inspectionId}/defects`, {
      method: 'POST',
      json: { imageId: task.firstImageId, defectType: 'Crack', severity: i % 6, polygon },
    });
  });
  return { polygons: count, seconds: (Date.now() - started) / 1000 };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * From a trace: the busy share of the renderer's main thread and of the GPU process's main
 * thread (where SwiftShader runs WebGL), summed from their top-level `RunTask` slices, and the
 * renderer's longest task.
 */
function threadLoad(events: TraceEvent[]) {
  const names = new Map(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name ?? '']),
  );
  const tasks = new Map<string, number[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask') continue;
    const key = `${e.pid}:${e.tid}`;
    tasks.set(key, [...(tasks.get(key) ?? []), e.dur ?? 0]);
  }
  const sum = (d: number[]) => d.reduce((a, b) => a + b, 0);
  // The busiest thread of that name (a spare renderer may idle next to the page's).
  const busiest = (thread: string) =>
    [...tasks.entries()].filter(([k]) => names.get(k) === thread).sort((a, b) => sum(b[1]) - sum(a[1]))[0]?.[1] ?? [];
  const timed = events.filter((e) => e.ts > 0);
  const span = timed.length ? Math.max(...timed.map((e) => e.ts + (e.dur ?? 0))) - Math.min(...timed.map((e) => e.ts)) : 0;
  const main = busiest('CrRendererMain');
  const gpu = busiest('CrGpuMain');
  return {
    mainPct: span ? (100 * sum(main)) / span : NaN,
    gpuPct: span ? (100 * sum(gpu)) / span : NaN,
    longestMs: main.length ? Math.max(...main) / 1000 : NaN,
  };
}

/**
 * Frame times while panning: the tool opened on the large photo (ready as above, with its
 * polygons in the overlay), zoomed in four wheel notches (1.2⁴ ≈ 2× the fitted view, so tiles load
 * while panning too), then the mouse drags the view in circles (radius 200 px, one turn a second)
 * for `seconds` s, input events as fast as the renderer acknowledges them. Frame times are the
 * `requestAnimationFrame` deltas in the page over the drag; a CDP trace (Tracing.start/end,
 * `devtools.timeline`) of the same window gives the renderer main thread's and the GPU thread's
 * busy share and the longest task. `mode` picks the drawer (see `labelingProbe`).
 */
export async function panFrameTimes(t: LabelingBenchTarget, task: LabelingTask, polygons: number, seconds: number, mode: DrawerMode) {
  const browser = await launchBrowser();
  try {
    const storageState = await signedInState(browser, t.url, t.username, t.password);
    const { page, drawer } = await openTool(
      browser,
      storageState,
      `${t.url}/#/labeling?taskId=${task.taskId}&imageId=${task.firstImageId}`,
      { images: task.images, polygons, drawer: mode },
    );
    const box = (await page.getByTestId('labeling-viewer').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    for (let i = 0; i < 4; i++) {
      await page.mouse.wheel(0, -120);
      await page.waitForTimeout(200);
    }
    await page.waitForTimeout(1500);

    const cdp = await page.context().newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
      transferMode: 'ReportEvents',
    });
    // BENCH_PAN_PROFILE=<prefix>: the main thread's CPU profile of each pan, <prefix>-<polygons>-<mode>.cpuprofile.
    const profileTo = process.env.BENCH_PAN_PROFILE;
    if (profileTo) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    await page.evaluate(() => {
      const rec = { deltas: [] as number[], running: true };
      (window as unknown as { __frames: typeof rec }).__frames = rec;
      let last = 0;
      const tick = (ts: number) => {
        if (!rec.running) return;
        if (last) rec.deltas.push(ts - last);
        last = ts;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const radius = 200;
    await page.mouse.move(cx + radius, cy);
    await page.mouse.down();
    const t0 = Date.now();
    let moves = 0;
    while (Date.now() - t0 < seconds * 1000) {
      const a = ((Date.now() - t0) / 1000) * 2 * Math.PI;
      await page.mouse.move(cx + radius * Math.cos(a), cy + radius * Math.sin(a));
      moves++;
    }
    await page.mouse.up();
    const deltas = await page.evaluate(() => {
      const rec = (window as unknown as { __frames: { deltas: number[]; running: boolean } }).__frames;
      rec.running = false;
      return rec.deltas;
    });
    if (profileTo) writeFileSync(`${profileTo}-${polygons}-${mode}.cpuprofile`, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    await cdp.send('Tracing.end');
    await complete;
    const overlay = await page.getByTestId('polygon-overlay').getAttribute('data-polygons');
    await page.context().close();

    // BENCH_PAN_TRACE=<prefix>: the pan's trace events, <prefix>-<polygons>-<mode>.json (DevTools' Performance panel opens it).
    if (process.env.BENCH_PAN_TRACE) writeFileSync(`${process.env.BENCH_PAN_TRACE}-${polygons}-${mode}.json`, JSON.stringify({ traceEvents: events }));
    const load = threadLoad(events);
    return {
      polygons: Number(overlay ?? 0),
      mode,
      drawer,
      's panned': seconds,
      'input events/s': moves / seconds,
      frames: deltas.length,
      fps: deltas.length / (deltas.reduce((a, b) => a + b, 0) / 1000),
      'p50 ms': percentile(deltas, 50),
      'p95 ms': percentile(deltas, 95),
      'p99 ms': percentile(deltas, 99),
      'max ms': Math.max(...deltas),
      // rAF deltas sit on vsync multiples (16.7, 33.3, 50 ms…); 0.5 ms absorbs the jitter.
      '> 16.7 ms': deltas.filter((d) => d > 1000 / 60 + 0.5).length,
      '> 33.3 ms': deltas.filter((d) => d > 2000 / 60 + 0.5).length,
      'main thread busy %': load.mainPct,
      'GPU thread busy %': load.gpuPct,
      'longest task ms': load.longestMs,
    };
  } finally {
    await browser.close();
  }
}
