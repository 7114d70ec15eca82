import { randomUUID } from 'node:crypto';
import { load } from './http-load.js';
import { INSPECTION_API as BASE, api, withDb, type BenchTarget } from './fixtures.js';

/**
 * Wind farm overview results (issue #23): a park of `turbines` turbines, each with two
 * inspections (a year apart) of blade external, tower, nacelle, foundation and LPS; one photo per
 * photographed inspection with 0–5 defects, LPS readings on 3 blades × 2 receptors × 2 sides.
 * Rows go straight into the inspection schema (generate_series); the endpoint is then loaded
 * with `connections` concurrent clients through the gateway.
 */
export async function benchOverview(t: BenchTarget, turbines: number, connections: number, seconds: number) {
  const parkId = randomUUID();
  const customerId = randomUUID();
  const seed = await withDb(t.databaseUrl, async (db) => {
    const t0 = Date.now();
    await db.query(`INSERT INTO inspection.park_ref (wind_park_id, name, customer_id) VALUES ($1, 'Bench Overview Park', $2)`, [parkId, customerId]);
    await db.query(
      `INSERT INTO inspection.turbine_ref (turbine_id, wind_park_id, name)
       SELECT gen_random_uuid(), $1, 'BOP-' || lpad(n::text, 3, '0') FROM generate_series(1, $2::int) n`,
      [parkId, turbines],
    );
    // component / package: blade external 1/1, tower 2/5, foundation 3/4, nacelle 4/3, LPS 0/10
    await db.query(
      `INSERT INTO inspection.inspection (turbine_id, wind_park_id, customer_id, turbine_name, package_type, component_type, inspection_date, is_active)
       SELECT t.turbine_id, $1, $2, t.name, c.pkg, c.comp, d.day, d.active
         FROM inspection.turbine_ref t
         CROSS JOIN (VALUES (1, 1), (2, 5), (3, 4), (4, 3), (0, 10)) AS c(comp, pkg)
         CROSS JOIN (VALUES (date '2024-06-01', false), (date '2025-06-01', true)) AS d(day, active)
        WHERE t.wind_park_id = $1`,
      [parkId, customerId],
    );
    await db.query(
      `INSERT INTO inspection.image (inspection_id, file_name, format, width, height, size_bytes, storage_prefix, tile_status)
       SELECT i.id, 'bench.jpg', 'jpeg', 1200, 900, 1000, 'images/' || i.id || '/bench', 'done'
         FROM inspection.inspection i WHERE i.wind_park_id = $1 AND i.component_type <> 0`,
      [parkId],
    );
    await db.query(
      `INSERT INTO inspection.defect (inspection_id, image_id, wind_park_id, turbine_id, defect_no, severity, defect_type, polygon, dps_status)
       SELECT g.inspection_id, g.id, $1, i.turbine_id, lpad(s::text, 6, '0'),
              CASE WHEN (hashtext(g.id::text) + s) % 9 = 0 THEN NULL ELSE abs(hashtext(g.id::text) + s) % 6 END,
              'Erosion', '[[1,1],[20,1],[20,20]]'::jsonb, 2
         FROM inspection.image g JOIN inspection.inspection i ON i.id = g.inspection_id
         CROSS JOIN generate_series(1, 5) s
        WHERE i.wind_park_id = $1 AND s <= abs(hashtext(g.id::text)) % 6`,
      [parkId],
    );
    await db.query(
      `INSERT INTO inspection.lps_measurement (inspection_id, blade_position, receptor_id, side, ohm, open_circuit, min_ohm, max_ohm)
       SELECT i.id, b, 'R' || r, s, CASE WHEN (b + r) % 5 = 0 THEN 3 ELSE 0.1 END, false, 0, 0.2
         FROM inspection.inspection i CROSS JOIN generate_series(1, 3) b CROSS JOIN generate_series(1, 2) r CROSS JOIN (VALUES ('PS'), ('SS')) AS x(s)
        WHERE i.wind_park_id = $1 AND i.component_type = 0`,
      [parkId],
    );
    await db.query('ANALYZE inspection.inspection; ANALYZE inspection.defect; ANALYZE inspection.image; ANALYZE inspection.lps_measurement');
    const counts = (
      await db.query(
        `SELECT (SELECT count(*) FROM inspection.inspection WHERE wind_park_id = $1)::int AS inspections,
                (SELECT count(*) FROM inspection.defect WHERE wind_park_id = $1)::int AS defects`,
        [parkId],
      )
    ).rows[0] as { inspections: number; defects: number };
    return { seconds: (Date.now() - t0) / 1000, ...counts };
  });
  const url = `${t.url}${BASE}/wind-parks/${parkId}/overview`;
  const once = await api(t, `${BASE}/wind-parks/${parkId}/overview`);
  if (once.turbines?.length !== turbines) throw new Error(`overview answered ${once.turbines?.length} turbines`);
  const bytes = JSON.stringify(once).length;
  const serial: number[] = [];
  for (let i = 0; i < 10; i++) {
    const s = Date.now();
    await api(t, `${BASE}/wind-parks/${parkId}/overview`);
    serial.push(Date.now() - s);
  }
  serial.sort((a, b) => a - b);
  const r = await load({ url, connections, seconds, headers: { authorization: `Bearer ${t.token}` } });
  return {
    seed,
    row: {
      park: `${turbines} turbines × 5 components × 2 inspections`,
      inspections: seed.inspections,
      defects: seed.defects,
      'answer KB': Math.round(bytes / 1024),
      'serial median ms': serial[5]!,
      ...r,
    },
  };
}
