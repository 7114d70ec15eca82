import os from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type pg from 'pg';
import { load } from './http-load.js';
import { listsAgainstFloor } from './sql-floor.js';
import {
  INSPECTION_API as BASE,
  api,
  createInspection,
  noisePhoto,
  uploadImage,
  waitFor,
  waitForIdleTiles,
  withDb,
  type BenchTarget,
} from './fixtures.js';
import { peakMb, pidOfPort, rssMb } from './stitching.js';

export type InspectionBenchTarget = BenchTarget;

/**
 * (a) Thumbnail + deep-zoom tile throughput of the real pipeline (HTTP upload → pg-boss job →
 * sharp → file store) for 20-megapixel JPEGs (5472 × 3648, a 1" drone sensor), measured from the
 * first upload to the last image marked done; the inspection process's resident memory at the
 * start, its peak and at the end (flat over hundreds of photos is the goal). Then sharp alone on
 * the same photos twice: at sharp's defaults (one lane per core, one libvips thread each: the
 * floor of issue #22) and at the service's settings (TILE_JOBS lanes × SHARP_THREADS threads, the
 * same environment variables), so the gap to the second is the pipeline's own cost.
 */
export async function benchTiles(t: InspectionBenchTarget & { inspectionUrl?: string }, images: number) {
  // Let the demo seed's own tile jobs finish first so they do not share the measurement.
  await waitForIdleTiles(t.databaseUrl);
  const { inspectionId } = await createInspection(t, '2026-01-15');
  const photo = await noisePhoto(5472, 3648);
  const pid = pidOfPort(t.inspectionUrl);
  const rssStart = rssMb(pid);
  peakMb(pid, true);
  const quarters: (number | string)[] = [];
  const started = Date.now();
  for (let i = 0; i < images; i++) await uploadImage(t, inspectionId, photo, `p${i}.jpg`, { bladePosition: (i % 3) + 1 });
  const uploaded = Date.now();
  await waitFor(
    async () => {
      const p = await api(t, `${BASE}/inspections/${inspectionId}/processing`);
      if (p.failed) throw new Error('tile generation failed');
      // Resident memory as each quarter of the photos is done: flat, not growing with the count.
      while (quarters.length < 3 && p.done >= (images * (quarters.length + 1)) / 4) quarters.push(rssMb(pid));
      return p.done === images;
    },
    600000,
    250,
  );
  const seconds = (Date.now() - started) / 1000;
  const peak = peakMb(pid);
  const rssEnd = rssMb(pid);
  const cpus = os.availableParallelism();
  const floor = await sharpAlone(photo, images, cpus, 1);
  const lanes = Number(process.env.TILE_JOBS ?? cpus);
  const threads = Number(process.env.SHARP_THREADS ?? cpus);
  const same = await sharpAlone(photo, images, lanes, threads);
  return {
    images,
    'photo MB': Number((photo.length / 1024 / 1024).toFixed(1)),
    cpus,
    'upload s': (uploaded - started) / 1000,
    'total s': seconds,
    'images/min': (images / seconds) * 60,
    'sharp alone images/min (defaults)': floor,
    ratio: (images / seconds) * 60 / floor,
    [`sharp alone, ${lanes} × ${threads} threads`]: same,
    'service RSS MB: start, ¼ ½ ¾ done, end (peak)': `${rssStart}, ${quarters.join(' ')}, ${rssEnd} (${peak})`,
  };
}

/**
 * The tiling floor: the same sharp work as a tile job (the 320 px thumbnail and the 256 px
 * deep-zoom tiles of the photo) on `images` photos, `parallel` at once with `threads` libvips
 * threads each, into a temp folder — without upload, queue, database or file store. Images per
 * minute.
 */
async function sharpAlone(photo: Buffer, images: number, parallel: number, threads: number): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ww-bench-sharp-'));
  const before = sharp.concurrency();
  sharp.concurrency(threads);
  try {
    const t0 = Date.now();
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < images; i = next++) {
        await sharp(photo).resize(320, 320, { fit: 'inside' }).jpeg({ quality: 80 }).toFile(path.join(dir, `${i}.jpg`));
        await sharp(photo).jpeg({ quality: 85 }).tile({ size: 256, overlap: 0, layout: 'dz' }).toFile(path.join(dir, `${i}.dz`));
      }
    };
    await Promise.all(Array.from({ length: parallel }, lane));
    return (images / ((Date.now() - t0) / 1000)) * 60;
  } finally {
    sharp.concurrency(before);
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Seeds `defects` defects into one demo park (rows straight into the inspection schema with
 * generate_series, spread over the park's inspections and images), then VACUUM ANALYZE.
 */
export async function seedParkDefects(db: pg.Client, parkName: string, defects: number): Promise<{ parkId: string; seedSeconds: number }> {
  const park = (await db.query(`SELECT wind_park_id FROM inspection.park_ref WHERE name = $1`, [parkName])).rows[0];
  if (!park) throw new Error('demo park missing');
  const parkId: string = park.wind_park_id;
  const images = (
    await db.query(
      `SELECT g.id, g.inspection_id, i.turbine_id FROM inspection.image g JOIN inspection.inspection i ON i.id = g.inspection_id WHERE i.wind_park_id = $1`,
      [parkId],
    )
  ).rows;
  if (!images.length) throw new Error('no demo images in the park');
  const t0 = Date.now();
  // Defect numbers stay unique per inspection: 100000 + the series number (below 1,000,000).
  await db.query(
    `WITH imgs AS (SELECT row_number() OVER (ORDER BY id) - 1 AS k, id, inspection_id, turbine_id FROM unnest($2::uuid[], $3::uuid[], $4::uuid[]) AS x(id, inspection_id, turbine_id))
     INSERT INTO inspection.defect (inspection_id, image_id, wind_park_id, turbine_id, defect_no, severity, defect_type, blade_position, position,
                                    distance_to_root, polygon, dps_status, created_at)
     SELECT imgs.inspection_id, imgs.id, $1, imgs.turbine_id, lpad((100000 + s)::text, 6, '0'), s % 6,
            (ARRAY['Leading edge erosion','Crack','Lightning damage','Coating damage'])[1 + s % 4], 1 + s % 3, 5 + s % 4,
            round(((s % 7000) / 100.0)::numeric, 2), '[[1,1],[20,1],[20,20]]'::jsonb, (ARRAY[0,1,2,3,4])[1 + (s * 7) % 5],
            now() - (s || ' seconds')::interval
       FROM generate_series(1, $5::int) AS s JOIN imgs ON imgs.k = s % $6`,
    [parkId, images.map((i) => i.id), images.map((i) => i.inspection_id), images.map((i) => i.turbine_id), defects, images.length],
  );
  await db.query('VACUUM ANALYZE inspection.defect');
  return { parkId, seedSeconds: (Date.now() - t0) / 1000 };
}

/** Runs `load` for each labelled query string appended to `base` (GET through the gateway). */
export async function loadEach(
  t: Pick<BenchTarget, 'url' | 'token'>,
  queries: readonly (readonly [string, string])[],
  connections: number,
  seconds: number,
): Promise<Record<string, string | number>[]> {
  const headers = { authorization: `Bearer ${t.token}` };
  const rows: Record<string, string | number>[] = [];
  for (const [label, path] of queries) rows.push({ query: label, ...(await load({ url: `${t.url}${path}`, connections, seconds, headers })) });
  return rows;
}

/**
 * (b) Defect list of one park holding 200,000 defects (seedParkDefects), 50 concurrent clients
 * through the gateway.
 */
export async function benchDefectList(t: InspectionBenchTarget, defects: number, connections: number, seconds: number) {
  return withDb(t.databaseUrl, async (db) => {
    const { parkId, seedSeconds } = await seedParkDefects(db, 'Dogger Bank North', defects);
    const list = `${BASE}/defects?windFarmId=${parkId}&pageSize=20`;
    const [{ inspection_id: biggest }] = (
      await db.query(`SELECT inspection_id FROM inspection.image g JOIN inspection.inspection i ON i.id = g.inspection_id WHERE i.wind_park_id = $1 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`, [parkId])
    ).rows;
    const rows = await listsAgainstFloor(
      t,
      'inspection',
      'inspection',
      [
        ['DPS priority (default), page 1 of 20', list],
        ['severity descending, page 50', `${list}&fieldToSort=severity&descending=true&pageIndex=50`],
        ['filter severity 3,4 + DPS pending + type, by date', `${list}&severity=3,4&dpsStatus=2&defectType=crack&fieldToSort=createdAt&descending=true`],
        ['images of the inspection with the most photos', `${BASE}/inspections/${biggest}/images?pageSize=20`],
      ],
      connections,
      seconds,
    );
    return { seedSeconds, rows };
  });
}
