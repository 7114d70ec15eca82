import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { percentile } from './stats.js';
import { peakMb, pidOfPort } from './stitching.js';

export interface ReportBenchTarget {
  /** Gateway URL of a running platform. */
  url: string;
  databaseUrl: string;
  /** A token with a report right (image.export) and no data scope limits (the administrator). */
  token: string;
  /** The report service's own URL: its process (and chromium under it) is measured from /proc. */
  reportUrl: string;
}

const API = '/report/api/v1';

/** RSS (MiB) of every process below `root` (the report service's chromium and its helpers). */
function childrenRssMb(root: number | null): number {
  if (root === null) return 0;
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number, number]);
  const below = new Set<number>([root]);
  let total = 0;
  // ps lists parents before children often but not always: repeat until nothing is added.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid, rss] of rows)
      if (below.has(ppid) && !below.has(pid)) {
        below.add(pid);
        total += rss;
        grew = true;
      }
  }
  return Math.round(total / 1024);
}

/** Samples the chromium tree's RSS every 200 ms while `work` runs; returns its result and the peak. */
async function sampled<T>(pid: number | null, work: () => Promise<T>): Promise<{ result: T; chromiumPeakMb: number }> {
  let peak = childrenRssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, childrenRssMb(pid))), 200);
  try {
    return { result: await work(), chromiumPeakMb: Math.max(peak, childrenRssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Seeds report's read models by SQL (what asset's and inspection's events would have put there):
 * (a) a turbine with 100 defects on its active inspection, each matched to a defect of an older
 * inspection (two-row timelines); (b) a park of 50 turbines × 20 defects; (c) a park of 125
 * turbines × 20 = 2,500 defects (the export cap). No photos: the crops print "no photo".
 */
async function seed(db: pg.Client): Promise<{ turbine: string; park50: string; park2500: string }> {
  const park = async (name: string, turbines: number, perTurbine: number, history: boolean) => {
    const parkId: string = (
      await db.query(`INSERT INTO report.park_ref (wind_farm_id, name, customer_id) VALUES (gen_random_uuid(), $1, gen_random_uuid()) RETURNING wind_farm_id`, [name])
    ).rows[0].wind_farm_id;
    await db.query(
      `WITH t AS (
         INSERT INTO report.turbine_ref (turbine_id, wind_farm_id, name)
         SELECT gen_random_uuid(), $1, 'WTG-' || lpad(g::text, 3, '0') FROM generate_series(1, $2) g RETURNING turbine_id),
       i AS (
         INSERT INTO report.inspection_ref (inspection_id, turbine_id, wind_farm_id, inspection_date, component_type, package_type, is_active)
         SELECT gen_random_uuid(), t.turbine_id, $1, d.day, 1, 1, d.active FROM t
         CROSS JOIN (VALUES (date '2026-05-04', true), (date '2025-05-04', false)) AS d(day, active)
         WHERE d.active OR $4 RETURNING inspection_id, inspection_date)
       INSERT INTO report.defect_ref (defect_id, inspection_id, defect_no, severity, dps_status, defect_type, blade_position, position,
         distance_to_root, size_length, size_width, repair_priority, recommendation)
       SELECT gen_random_uuid(), i.inspection_id, lpad(g::text, 6, '0'), g % 6, 2, CASE WHEN g % 2 = 0 THEN '前缘腐蚀' ELSE 'Crack' END,
         1 + g % 3, 1 + g % 8, 5 + (g % 70), CASE WHEN i.inspection_date > date '2026-01-01' THEN 140 ELSE 100 END, 30, 1 + g % 4,
         CASE WHEN g % 5 = 0 THEN 'Repair within 3 months' END
       FROM i CROSS JOIN generate_series(1, $3) g`,
      [parkId, turbines, perTurbine, history],
    );
    if (history) {
      // Each current defect matched to the older one of the same number (its timeline has two rows).
      await db.query(
        `INSERT INTO report.defect_timeline (defect_id, inspection_id, timeline_status, previous_defect_id)
         SELECT cur.defect_id, cur.inspection_id, CASE WHEN cur.severity % 2 = 0 THEN 'INCREASED' ELSE 'STABLE' END, old.defect_id
         FROM report.defect_ref cur JOIN report.inspection_ref ci ON ci.inspection_id = cur.inspection_id AND ci.is_active
         JOIN report.inspection_ref oi ON oi.turbine_id = ci.turbine_id AND NOT oi.is_active
         JOIN report.defect_ref old ON old.inspection_id = oi.inspection_id AND old.defect_no = cur.defect_no
         WHERE ci.wind_farm_id = $1`,
        [parkId],
      );
    }
    return parkId;
  };
  const p100 = await park('Bench 100', 1, 100, true);
  const turbine: string = (await db.query('SELECT turbine_id FROM report.turbine_ref WHERE wind_farm_id = $1', [p100])).rows[0].turbine_id;
  const park50 = await park('Bench 50 turbines', 50, 20, false);
  const park2500 = await park('Bench 2500', 125, 20, false);
  await db.query('VACUUM ANALYZE report.defect_ref, report.inspection_ref, report.turbine_ref, report.defect_timeline');
  return { turbine, park50, park2500 };
}

/**
 * The report service end to end on seeded read models: each report is asked for through the
 * gateway (POST …/report-tasks) and followed until it is ready. "request → ready" includes the
 * pg-boss pickup; "render" is the task's started → finished. Memory: the report process's peak
 * RSS (VmHWM, reset per row) and the peak RSS of chromium's process tree under it (sampled).
 * Finally 10 reports queued at once, twice: throughput and whether memory stays flat.
 */
export async function benchReports(t: ReportBenchTarget, o: { pdfRuns: number; otherRuns: number }) {
  const db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  const headers = { authorization: `Bearer ${t.token}`, 'content-type': 'application/json', locale: 'zh_cn' };
  const pid = pidOfPort(t.reportUrl);
  try {
    const ids = await seed(db);
    const ask = async (path: string, format: string): Promise<string> => {
      const r = await fetch(`${t.url}${API}/${path}/report-tasks`, { method: 'POST', headers, body: JSON.stringify({ format }) });
      const body = (await r.json()) as { id: string };
      if (r.status !== 201) throw new Error(`${path} ${format}: ${r.status} ${JSON.stringify(body)}`);
      return body.id;
    };
    const ready = async (id: string) => {
      for (;;) {
        const row = (await db.query('SELECT status, file_size, started_at, finished_at FROM report.report_task WHERE id = $1', [id])).rows[0];
        if (row.status === 2) return { bytes: Number(row.file_size), renderMs: row.finished_at - row.started_at };
        if (row.status >= 3) throw new Error(`report ${id} ended with status ${row.status}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const clean = () => db.query(`DELETE FROM report.report_task WHERE status IN (2, 3)`);

    const rows: Record<string, string | number>[] = [];
    for (const [name, path, format, runs] of [
      ['PDF, 1 turbine × 100 defects, with timelines (zh_cn)', `turbines/${ids.turbine}`, 'pdf', o.pdfRuns],
      ['PDF, park of 50 turbines × 20 defects', `parks/${ids.park50}`, 'pdf', o.otherRuns],
      ['XLSX, 2,500 defects (125 turbines)', `parks/${ids.park2500}`, 'xlsx', o.otherRuns],
      ['DOCX, 1 turbine × 100 defects, with timelines', `turbines/${ids.turbine}`, 'docx', o.otherRuns],
    ] as const) {
      peakMb(pid, true);
      const wall: number[] = [];
      const render: number[] = [];
      let bytes = 0;
      const { chromiumPeakMb } = await sampled(pid, async () => {
        for (let i = 0; i < runs; i++) {
          const started = performance.now();
          const r = await ready(await ask(path, format));
          wall.push(performance.now() - started);
          render.push(r.renderMs);
          bytes = r.bytes;
          await clean();
        }
      });
      rows.push({
        report: name,
        runs,
        'request → ready p50 s': percentile(wall, 50) / 1000,
        'p95 s': percentile(wall, 95) / 1000,
        'render p50 s': percentile(render, 50) / 1000,
        'render p95 s': percentile(render, 95) / 1000,
        'file KiB': Math.round(bytes / 1024),
        'report peak RSS MiB': peakMb(pid),
        'chromium peak RSS MiB': format === 'pdf' ? chromiumPeakMb : '–',
      });
    }

    // 10 turbine PDFs queued at once (the download list's default limit), twice in a row.
    const bursts: Record<string, string | number>[] = [];
    for (const burst of [1, 2]) {
      peakMb(pid, true);
      const started = performance.now();
      const { result, chromiumPeakMb } = await sampled(pid, async () => {
        const queued = await Promise.all(Array.from({ length: 10 }, () => ask(`turbines/${ids.turbine}`, 'pdf')));
        return Promise.all(queued.map(ready));
      });
      const seconds = (performance.now() - started) / 1000;
      bursts.push({
        burst,
        reports: result.length,
        'all ready s': seconds,
        'reports/min': (result.length / seconds) * 60,
        'render p50 s': percentile(result.map((r) => r.renderMs), 50) / 1000,
        'report peak RSS MiB': peakMb(pid),
        'chromium peak RSS MiB': chromiumPeakMb,
        'chromium RSS after MiB': childrenRssMb(pid),
      });
      await clean();
    }
    return { rows, bursts };
  } finally {
    await db.end();
  }
}
