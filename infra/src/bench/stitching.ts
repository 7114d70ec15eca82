import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import {
  INSPECTION_API as BASE,
  api,
  createInspection,
  noisePhoto,
  uploadImage,
  waitFor,
  waitForTiles,
  type BenchTarget,
  type Body,
} from './fixtures.js';

export interface StitchingBenchTarget extends BenchTarget {
  /** The inspection service's own URL: its process's peak memory is read from /proc (Linux). */
  inspectionUrl?: string;
}

/** The process listening on a local port (Linux `ss`), or null where that cannot be told. */
export function pidOfPort(url: string | undefined): number | null {
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
export function peakMb(pid: number | null, reset = false): number | string {
  return statusMb(pid, 'VmHWM', reset);
}

/** Resident memory (MB) of a process now. */
export function rssMb(pid: number | null): number | string {
  return statusMb(pid, 'VmRSS');
}

/** A memory field of /proc/<pid>/status in MB, or 'n/a' where it cannot be read. */
function statusMb(pid: number | null, field: 'VmHWM' | 'VmRSS', resetPeak = false): number | string {
  if (pid === null) return 'n/a';
  try {
    if (resetPeak) writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : 'n/a';
  } catch {
    return 'n/a';
  }
}

/**
 * Stitching one blade path of `images` photos of 2000 × 1500 px (noise JPEGs, so they compress
 * like photographs) at the default 1 mm/px, spaced 2 m along the blade (at most 60 m of blade in
 * all: 1 m apart for 60 photos, so the path still fits the demo blades); scaled to the 30,000 px
 * panorama limit. Measured from the request (202) to the panorama marked done (pg-boss job: read
 * and resize the photos, composite, thumbnail, deep-zoom tiles into the file store); then once
 * more with a manual offset (the re-stitch the tool's "Apply" asks for). The photos' own tile
 * jobs finish before the clock starts. Each count gets its own inspection (`inspectionDate`).
 */
export async function benchStitching(t: StitchingBenchTarget, images = 20, inspectionDate = '2026-02-20') {
  const { inspectionId } = await createInspection(t, inspectionDate);
  const photo = await noisePhoto(2000, 1500);
  const spacing = Math.min(2, 60 / images);
  const ids: string[] = [];
  for (let i = 0; i < images; i++) {
    const distanceToRoot = Math.round((2 + spacing * i) * 100) / 100;
    ids.push(
      await uploadImage(t, inspectionId, photo, `p${i}.jpg`, { bladePosition: 1, path: 5, chamber: 0, sortIndex: i + 1, distanceToRoot }),
    );
  }
  await waitForTiles(t, inspectionId, 600000, 200);
  const rows: Record<string, string | number>[] = [];
  const pid = pidOfPort(t.inspectionUrl);
  const run = async (label: string, start: () => Promise<Body>) => {
    const before = peakMb(pid, true);
    const started = Date.now();
    const accepted = await start();
    const pano = await waitFor(
      async () => {
        const p = await api(t, `${BASE}/panoramas/${accepted.panoramaId}`);
        if (p.status === 'failed') throw new Error(`stitching failed: ${p.errorMessage}`);
        return p.status === 'done' && p.version === accepted.version ? p : null;
      },
      600000,
      200,
    );
    const seconds = (Date.now() - started) / 1000;
    rows.push({
      run: label,
      photos: images,
      'photo px': '2000 × 1500',
      'photo KB': Math.round(photo.length / 1024),
      'spacing m': spacing,
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
    api(t, `${BASE}/inspections/${inspectionId}/panoramas`, { method: 'POST', json: { bladePosition: 1, pathViewIndex: 5 } }),
  );
  await run('re-stitch with an offset (PUT offsets)', () =>
    api(t, `${BASE}/panoramas/${first.panoramaId}/offsets`, { method: 'PUT', json: { offsets: { [ids[3]!]: { dx: 40, dy: -12 } } } }),
  );
  return rows;
}
