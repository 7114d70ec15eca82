import type { Browser, BrowserContextOptions } from 'playwright-core';
import pg from 'pg';
import sharp from 'sharp';
import { signIn } from '../e2e/browser.js';
import { passwordGrant, passwordGrantRequest } from '../e2e/harness.js';

/**
 * What the inspection-ish benches share: a token from the gateway, API calls with it, waiting for
 * the platform's jobs, test photos, and an inspection with uploaded images seeded through the API
 * (the same HTTP upload → pg-boss tile job path as real work).
 */

/** Response bodies are read by the benchmark, not typed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Body = any;

export const INSPECTION_API = '/gw/inspection/api/v2';
export const TASK_API = '/gw/task/api/v2';

export interface BenchTarget {
  /** Gateway URL of a running platform with demo data. */
  url: string;
  databaseUrl: string;
  token: string;
  /** The platform's SQL_TRACE_DIR and its services' processes: a list's own SQL is its floor (sql-floor.ts). */
  traceDir: string;
  servicePid(service: string): number | undefined;
  /** The gateway's processes when the gateway is not this process (BENCH_GATEWAY=nginx). */
  gatewayPids?(): number[];
}

/** An access token for a demo user (password grant of the web client, through the gateway). */
export async function signInToken(url: string, username: string, password: string): Promise<string> {
  return (await passwordGrant(url, username, password)).access_token;
}

/** The form body of a password sign-in (for load runs against /oauth/token). */
export const signInForm = passwordGrantRequest;

/** A call through the gateway with the target's token; `json` is sent as the body. Throws on 3xx and above. */
export async function api(t: Pick<BenchTarget, 'url' | 'token'>, path: string, init: RequestInit & { json?: unknown } = {}): Promise<Body> {
  const headers: Record<string, string> = { authorization: `Bearer ${t.token}` };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(t.url + path, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

export async function waitFor<T>(check: () => Promise<T | null | undefined | false>, timeoutMs: number, everyMs = 250): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error('benchmark wait timed out');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Runs `fn` over `items` with at most `concurrency` calls in flight. */
export async function inParallel<T, R>(items: readonly T[], concurrency: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i]!, i);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return out;
}

/** A noise JPEG (compresses like a photograph, unlike a flat colour). */
export function noisePhoto(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 120, g: 160, b: 200 }, noise: { type: 'gaussian', mean: 128, sigma: 18 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A short-lived SQL connection for the seeding steps that read the platform's tables. */
export async function withDb<R>(databaseUrl: string, fn: (db: pg.Client) => Promise<R>): Promise<R> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

/**
 * Until the demo data has arrived in inspection (turbine refs from asset's events, the demo
 * inspections and their tile jobs) and the turbine count has stopped growing: a bench that runs
 * right after the platform starts must neither miss it nor share the machine with its seeding.
 */
export async function waitForDemoData(databaseUrl: string, timeoutMs = 180_000): Promise<void> {
  let last = -1;
  await withDb(databaseUrl, (db) =>
    waitFor(
      async () => {
        const [c] = (
          await db.query(
            `SELECT (SELECT count(*)::int FROM inspection.turbine_ref) AS turbines,
                    (SELECT count(*)::int FROM inspection.image) AS images,
                    (SELECT count(*)::int FROM inspection.image WHERE tile_status IN ('pending','processing')) AS waiting`,
          )
        ).rows;
        const settled = c.turbines > 0 && c.images > 0 && c.waiting === 0 && c.turbines === last;
        last = c.turbines;
        return settled;
      },
      timeoutMs,
      1000,
    ),
  );
}

/**
 * A new blade inspection (package type 2, blade manual) of the demo turbine every inspection bench
 * uses; each bench passes its own date (one inspection per turbine, component and day). Task-flow
 * starts a task for it on `inspection.inspection.created`.
 */
export async function createInspection(t: BenchTarget, inspectionDate: string): Promise<{ inspectionId: string; turbineId: string }> {
  await waitForDemoData(t.databaseUrl);
  const turbineId = await withDb(t.databaseUrl, async (db) => {
    const [row] = (await db.query(`SELECT turbine_id FROM inspection.turbine_ref ORDER BY name DESC LIMIT 1`)).rows;
    return row.turbine_id as string;
  });
  const insp = await api(t, `${INSPECTION_API}/inspections`, { method: 'POST', json: { turbineId, packageType: 2, inspectionDate } });
  return { inspectionId: insp.inspectionId, turbineId };
}

export interface ImageFields {
  bladePosition?: number;
  path?: number;
  chamber?: number;
  sortIndex?: number;
  distanceToRoot?: number;
}

/** Uploads one photo (multipart, as the web console does); resolves to its image id. */
export async function uploadImage(
  t: BenchTarget,
  inspectionId: string,
  photo: Buffer,
  fileName: string,
  fields: ImageFields = {},
): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, String(v));
  form.append('file', new Blob([new Uint8Array(photo)]), fileName);
  return (await api(t, `${INSPECTION_API}/inspections/${inspectionId}/images`, { method: 'POST', body: form })).imageId;
}

/** Until every image of the inspection has its thumbnail and tiles (throws on a failed one when `failOnError`). */
export async function waitForTiles(
  t: BenchTarget,
  inspectionId: string,
  timeoutMs = 600_000,
  everyMs = 250,
  failOnError = false,
): Promise<void> {
  await waitFor(
    async () => {
      const p = await api(t, `${INSPECTION_API}/inspections/${inspectionId}/processing`);
      if (failOnError && p.failed) throw new Error('tile generation failed');
      return p.waiting === 0;
    },
    timeoutMs,
    everyMs,
  );
}

/** Until no image of the platform is waiting for tiles (the demo seed's own jobs must not share a measurement). */
export async function waitForIdleTiles(databaseUrl: string, timeoutMs = 120_000): Promise<void> {
  await withDb(databaseUrl, (db) =>
    waitFor(
      async () =>
        (await db.query(`SELECT count(*)::int AS n FROM inspection.image WHERE tile_status IN ('pending','processing')`)).rows[0].n === 0,
      timeoutMs,
      500,
    ),
  );
}

/**
 * Signs in once through the real login form (e2e's `signIn`) and returns the context's storage
 * (token, locale), so each measured run can start a fresh context (empty cache) already signed in.
 */
export async function signedInState(
  browser: Browser,
  url: string,
  user: string,
  password: string,
): Promise<NonNullable<BrowserContextOptions['storageState']>> {
  const page = await signIn(browser, url, { user, password, noMapTiles: true });
  const state = await page.context().storageState();
  await page.context().close();
  return state;
}
