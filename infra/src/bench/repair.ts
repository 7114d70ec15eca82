import pg from 'pg';
import { listsAgainstFloor } from './sql-floor.js';
import type { BenchTarget } from './fixtures.js';
import { peakMb, pidOfPort } from './stitching.js';

/** An unrestricted administrator's token on a platform with demo data. */
export interface RepairBenchTarget extends BenchTarget {
  /** The repair service's own URL: its process's peak memory is read from /proc (Linux). */
  repairUrl: string;
}

const API = '/gw/repair/api/v2';

/**
 * (a) A repair plan of 10,000 defects: the defects are put into repair's defect read model by SQL
 * (as 10,000 `inspection.defect.created` events would), then one POST /plans with all ids through
 * the gateway; time and the repair process's peak memory. (b) The overview with 1,000 campaigns
 * (10 defects each, made by SQL from that plan): GET /campaigns p95 at `connections` clients,
 * default order and sorted by progress.
 */
export async function benchRepair(t: RepairBenchTarget, o: { defects: number; campaigns: number; connections: number; seconds: number }) {
  const db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  try {
    const park = await waitForPark(db);
    const ids: string[] = (
      await db.query(
        `INSERT INTO repair.defect_ref (defect_id, inspection_id, wind_farm_id, defect_no, severity, dps_status)
         SELECT gen_random_uuid(), gen_random_uuid(), $1, lpad(g::text, 6, '0'), 1 + g % 5, 2 FROM generate_series(1, $2) g RETURNING defect_id`,
        [park, o.defects],
      )
    ).rows.map((r: { defect_id: string }) => r.defect_id);
    const pid = pidOfPort(t.repairUrl);
    peakMb(pid, true);
    const before = peakMb(pid);
    const body = JSON.stringify({ name: `Bench plan ${Date.now()}`, defectIds: ids });
    const started = performance.now();
    const r = await fetch(`${t.url}${API}/plans`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
      body,
    });
    const ms = performance.now() - started;
    const plan = (await r.json()) as { id: string; defectCount: number };
    if (r.status !== 201) throw new Error(`plan: ${r.status} ${JSON.stringify(plan)}`);
    const planRow: Record<string, string | number> = {
      defects: plan.defectCount,
      'request body KB': Math.round(body.length / 1024),
      'create ms': Math.round(ms),
      'repair RSS before MB': before,
      'repair peak RSS MB': peakMb(pid),
    };

    // 1,000 campaigns of 10 defects each, as the POST would have made them.
    const seedStarted = performance.now();
    await db.query(
      `WITH c AS (
         INSERT INTO repair.repair_campaign (plan_id, name, wind_farm_id, start_date, end_date, status)
         SELECT $1, 'Bench campaign ' || lpad(g::text, 5, '0'), $2, date '2026-04-01', date '2026-06-30', g % 3
         FROM generate_series(1, $3) g RETURNING id, name)
       INSERT INTO repair.repair_campaign_defect (campaign_id, defect_id, turbine_id, repair_status)
       SELECT c.id, d.defect_id, NULL, 1 + (d.n % 6)
       FROM (SELECT id, row_number() OVER (ORDER BY name) - 1 AS k FROM c) c
       JOIN (SELECT defect_id, row_number() OVER (ORDER BY defect_id) - 1 AS n FROM repair.repair_plan_defect WHERE plan_id = $1) d
         ON d.n / $4 = c.k`,
      [plan.id, park, o.campaigns, Math.floor(o.defects / o.campaigns)],
    );
    await db.query('VACUUM ANALYZE repair.repair_campaign, repair.repair_campaign_defect');
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const lists = await listsAgainstFloor(
      t,
      'repair',
      'repair',
      [
        ['overview, newest first', `${API}/campaigns?pageSize=20`],
        ['overview, sorted by progress', `${API}/campaigns?pageSize=20&fieldToSort=progress&descending=true`],
      ],
      o.connections,
      o.seconds,
    );
    return { plan: planRow, lists, seedSeconds };
  } finally {
    await db.end();
  }
}

async function waitForPark(db: pg.Client): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const rows = (await db.query('SELECT wind_farm_id FROM repair.park_ref ORDER BY name LIMIT 1')).rows;
    if (rows.length) return rows[0].wind_farm_id;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('repair never learned a park');
}
