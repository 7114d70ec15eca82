import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import sharp from 'sharp';

/** Response bodies are read by the benchmark, not typed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const BASE = '/gw/inspection/api/v2';

export interface StitchingBenchTarget {
  /** Gateway URL of a running platform with demo data. */
  url: string;
  databaseUrl: string;
  token: string;
  /** The inspection service's own URL: its process's peak memory is read from /proc (Linux). */
  inspectionUrl?: string;
}

/** The process listening on a local port (Linux `ss`), or null where that cannot be told. */
function pidOfPort(url: string | undefined): number | null {
  if (!url || process.platform !== 'linux') return null;
  try {
    const out = execFileSync('ss', ['-ltnpH', `sport = :${new URL(url).port}`], { encoding: 'utf8' });
    const m = /pid=(\d+)/.exec(out);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Peak resident memory (MB) since the last reset; writing 5 to clear_refs resets the peak. */
function peakMb(pid: number | null, reset = false): number | string {
  if (pid === null) return 'n/a';
  try {
    if (reset) writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : 'n/a';
  } catch {
    return 'n/a';
  }
}

async function api(t: StitchingBenchTarget, path: string, init: RequestInit & { json?: unknown } = {}): Promise<Body> {
  const headers: Record<string, string> = { authorization: `Bearer ${t.token}` };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(t.url + path, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${path}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function waitFor<T>(check: () => Promise<T | null | undefined | false>, timeoutMs: number, everyMs = 200): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error('benchmark wait timed out');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Stitching one blade path of `images` photos of 2000 × 1500 px (noise JPEGs, so they compress
 * like photographs), 2 m apart along the blade at the default 1 mm/px: 40,000 px of blade,
 * scaled to the 30,000 px panorama limit. Measured from the request (202) to the panorama marked
 * done (pg-boss job: read and resize the photos, composite, thumbnail, deep-zoom tiles into the
 * file store); then once more with a manual offset (the re-stitch the tool's "Apply" asks for).
 * The photos' own tile jobs finish before the clock starts.
 */
export async function benchStitching(t: StitchingBenchTarget, images = 20) {
  const db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  try {
    const [{ turbine_id: turbineId }] = (await db.query(`SELECT turbine_id FROM inspection.turbine_ref ORDER BY name DESC LIMIT 1`)).rows;
    const insp = await api(t, `${BASE}/inspections`, { method: 'POST', json: { turbineId, packageType: 2, inspectionDate: '2026-02-20' } });
    const photo = await sharp({
      create: {
        width: 2000,
        height: 1500,
        channels: 3,
        background: { r: 120, g: 160, b: 200 },
        noise: { type: 'gaussian', mean: 128, sigma: 18 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const ids: string[] = [];
    for (let i = 0; i < images; i++) {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        bladePosition: '1',
        path: '5',
        chamber: '0',
        sortIndex: String(i + 1),
        distanceToRoot: String(2 + 2 * i),
      })) {
        form.append(k, v);
      }
      form.append('file', new Blob([new Uint8Array(photo)]), `p${i}.jpg`);
      ids.push((await api(t, `${BASE}/inspections/${insp.inspectionId}/images`, { method: 'POST', body: form })).imageId);
    }
    await waitFor(async () => {
      const p = await api(t, `${BASE}/inspections/${insp.inspectionId}/processing`);
      return p.waiting === 0;
    }, 600000);
    const rows: Record<string, string | number>[] = [];
    const pid = pidOfPort(t.inspectionUrl);
    const run = async (label: string, start: () => Promise<Body>) => {
      const before = peakMb(pid, true);
      const started = Date.now();
      const accepted = await start();
      const pano = await waitFor(async () => {
        const p = await api(t, `${BASE}/panoramas/${accepted.panoramaId}`);
        if (p.status === 'failed') throw new Error(`stitching failed: ${p.errorMessage}`);
        return p.status === 'done' && p.version === accepted.version ? p : null;
      }, 600000);
      const seconds = (Date.now() - started) / 1000;
      rows.push({
        run: label,
        photos: images,
        'photo px': '2000 × 1500',
        'photo KB': Math.round(photo.length / 1024),
        cpus: os.cpus().length,
        'panorama px': `${pano.width} × ${pano.height}`,
        scale: pano.scale,
        'total s': seconds,
        'photos/s': images / seconds,
        'service RSS before MB': before,
        'service peak RSS MB': peakMb(pid),
      });
      return accepted;
    };
    const first = await run('stitch (POST)', () =>
      api(t, `${BASE}/inspections/${insp.inspectionId}/panoramas`, { method: 'POST', json: { bladePosition: 1, pathViewIndex: 5 } }),
    );
    await run('re-stitch with an offset (PUT offsets)', () =>
      api(t, `${BASE}/panoramas/${first.panoramaId}/offsets`, { method: 'PUT', json: { offsets: { [ids[3]!]: { dx: 40, dy: -12 } } } }),
    );
    return rows;
  } finally {
    await db.end();
  }
}
