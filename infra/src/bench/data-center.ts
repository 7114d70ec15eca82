import { percentile } from './stats.js';
import { INSPECTION_API as BASE, waitFor, waitForDemoData, withDb, type BenchTarget } from './fixtures.js';
import { loadEach, seedParkDefects } from './inspection.js';
import { listsAgainstFloor } from './sql-floor.js';

const REPAIR = '/gw/repair/api/v2';

/** Times `runs` loads, one after another, of some paths asked for at once (one client). */
async function sequential(t: Pick<BenchTarget, 'url' | 'token'>, paths: readonly string[], runs: number) {
  const headers = { authorization: `Bearer ${t.token}` };
  const times: number[] = [];
  let failed = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    try {
      const answers = await Promise.all(paths.map((p) => fetch(`${t.url}${p}`, { headers })));
      await Promise.all(answers.map((a) => a.arrayBuffer()));
      if (answers.some((a) => !a.ok)) failed++;
      else times.push(performance.now() - started);
    } catch {
      failed++;
    }
  }
  return { runs, failed, 'p50 ms': percentile(times, 50), 'p95 ms': percentile(times, 95), 'max ms': Math.max(...times) };
}

/**
 * The Data Center over one park with `defects` defects (issue #21), spread over ~defects/4 image
 * rows: (a) search — each query one client at a time (`runs` requests, nothing queued yet), then
 * p95 at `connections` clients (defects and the gallery, with and without filters); (b) the data
 * insight page load — the calls the page makes on opening (insight, health, the park's turbines)
 * timed together `runs` times — and each insight endpoint under load; (c) repair's O&M overview of
 * the park's customer, its read model given the same defects (as inspection's
 * `inspection.defect.created` events would) with repair priorities, one client then under load.
 */
/**
 * The Data Center's park: not the inspection part's (Dogger Bank North). When both parts ran, the
 * inspection part's 200,000 defects sat on that park's 44 demo photos before these copies were
 * made, so the gallery showed images of ~4,500 outlines each (pages of megabytes, 7 req/s) and the
 * figures of a full run differed from a Data Center run alone (docs/performance.md, session 33).
 */
const DC_PARK = 'Hornsea Edge';

export async function benchDataCenter(t: BenchTarget, o: { defects: number; connections: number; seconds: number; runs: number }) {
  await waitForDemoData(t.databaseUrl);
  return withDb(t.databaseUrl, async (db) => {
    // A park of that size has tens of thousands of photos, not the demo's few dozen: copies of the
    // demo images (rows only; the search reads no file) so the defects spread ~4 per image.
    const i0 = Date.now();
    const cols = (
      await db.query(
        `SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS c FROM information_schema.columns
         WHERE table_schema = 'inspection' AND table_name = 'image' AND column_name <> 'id'`,
      )
    ).rows[0].c as string;
    await db.query(
      `INSERT INTO inspection.image (${cols}) SELECT ${cols
        .split(', ')
        .map((c) => (c === 'sort_index' ? 'g.sort_index + s' : `g.${c}`))
        .join(', ')}
       FROM inspection.image g JOIN inspection.inspection i ON i.id = g.inspection_id JOIN inspection.park_ref p ON p.wind_park_id = i.wind_park_id,
            generate_series(1, ceil($1::numeric / (SELECT count(*) FROM inspection.image g2 JOIN inspection.inspection i2 ON i2.id = g2.inspection_id
              JOIN inspection.park_ref p2 ON p2.wind_park_id = i2.wind_park_id WHERE p2.name = $2))::int) s
       WHERE p.name = $2`,
      [Math.ceil(o.defects / 4), DC_PARK],
    );
    await db.query('VACUUM ANALYZE inspection.image');
    const imageSeedSeconds = (Date.now() - i0) / 1000;
    const { parkId, seedSeconds } = await seedParkDefects(db, DC_PARK, o.defects);
    const imageCount = (
      await db.query(
        `SELECT count(*)::int AS n FROM inspection.image g JOIN inspection.inspection i ON i.id = g.inspection_id WHERE i.wind_park_id = $1`,
        [parkId],
      )
    ).rows[0].n as number;
    // Repair has learned the park's inspections from inspection's events.
    await waitFor(
      async () =>
        (await db.query(`SELECT count(*)::int AS n FROM repair.inspection_ref WHERE wind_farm_id = $1`, [parkId])).rows[0].n ===
        (await db.query(`SELECT count(*)::int AS n FROM inspection.inspection WHERE wind_park_id = $1`, [parkId])).rows[0].n,
      120_000,
      1000,
    );
    const r0 = Date.now();
    await db.query(
      `INSERT INTO repair.defect_ref (defect_id, inspection_id, wind_farm_id, turbine_id, defect_no, defect_type, severity, repair_priority, dps_status)
       SELECT d.id, d.inspection_id, d.wind_park_id, d.turbine_id, d.defect_no, d.defect_type, d.severity, 1 + (d.severity % 4), d.dps_status
       FROM inspection.defect d WHERE d.wind_park_id = $1 AND NOT d.suggested ON CONFLICT (defect_id) DO NOTHING`,
      [parkId],
    );
    await db.query('VACUUM ANALYZE repair.defect_ref');
    const repairSeedSeconds = (Date.now() - r0) / 1000;
    const customerId: string = (await db.query(`SELECT customer_id FROM repair.park_ref WHERE wind_farm_id = $1`, [parkId])).rows[0]
      .customer_id;

    const park = `windFarmId=${parkId}`;
    const searchQueries = [
      ['defects, newest inspection first, page 1', `${BASE}/search/defects?${park}&pageSize=20`],
      [
        'defects, severity 3,4 + type crack, by severity',
        `${BASE}/search/defects?${park}&pageSize=20&severity=3,4&defectType=crack&fieldToSort=severity&descending=true`,
      ],
      [
        'defects, blade 2 + side 6 + DPS pending, page 20',
        `${BASE}/search/defects?${park}&pageSize=20&bladePosition=2&viewIndex=6&dpsStatus=2&pageIndex=20`,
      ],
      ['gallery (images with outlines), page 1', `${BASE}/search/images?${park}&pageSize=24`],
      ['gallery, severity 5 (images showing one)', `${BASE}/search/images?${park}&pageSize=24&severity=5`],
    ] as const;
    // One client first (nothing queued yet), then the load: a timed-out request still runs on the server.
    const searchOne = [];
    for (const [query, path] of searchQueries) searchOne.push({ query, ...(await sequential(t, [path], o.runs)) });
    // The page's first paint needs these three answers; it asks for them at once.
    const page = await sequential(
      t,
      [`${BASE}/insights/parks/${parkId}`, `${BASE}/health/parks/${parkId}`, `/context/api/v1/plants/${parkId}/turbines?pageSize=500&fieldToSort=turbineName`],
      o.runs,
    );
    const omOne = await sequential(t, [`${REPAIR}/om-overview?customerId=${customerId}`, `${REPAIR}/om-overview/parks?customerId=${customerId}&fieldToSort=openDefects&descending=true`], o.runs);
    const search = await listsAgainstFloor(t, 'inspection', 'inspection', searchQueries, o.connections, o.seconds);
    const insight = await loadEach(
      t,
      [
        ['insights (counts by severity/type/component/turbine/zone, erosion)', `${BASE}/insights/parks/${parkId}`],
        ['health care (park and turbines)', `${BASE}/health/parks/${parkId}`],
        ['defect growth, page 1', `${BASE}/growth/parks/${parkId}`],
      ],
      o.connections,
      o.seconds,
    );
    const om = await loadEach(
      t,
      [
        ['O&M overview cards', `${REPAIR}/om-overview?customerId=${customerId}`],
        [
          'O&M overview parks, by open defects',
          `${REPAIR}/om-overview/parks?customerId=${customerId}&fieldToSort=openDefects&descending=true`,
        ],
      ],
      o.connections,
      o.seconds,
    );
    return { seedSeconds, imageSeedSeconds, imageCount, repairSeedSeconds, searchOne, search, page, omOne, insight, om };
  });
}
