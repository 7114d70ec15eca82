import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { io, type Socket } from 'socket.io-client';
import { EventTypes, socketPath, type StageCompletedPayload } from '@windward/contracts';
import { EventPublisher, OutboxRelay, PostgresBus, openDatabase } from '@windward/service-kit';
import { load } from './http-load.js';
import { listsAgainstFloor } from './sql-floor.js';
import type { BenchTarget } from './fixtures.js';
import { percentile } from './stats.js';

/** A platform with demo data (its demo projects cover the demo parks) and an unrestricted administrator's token. */
export type DeliveryBenchTarget = BenchTarget;

const STATS = '/gw/delivery/api/v2/performance-statistics';
/** The schema that plays task-flow: its outbox, relayed onto the platform's PostgreSQL bus. */
const UPSTREAM = 'bench_taskflow_upstream';

/**
 * Seeds, by SQL, the lists' rows a large operator has: `projects` projects on the demo parks and
 * customers (copies of the demo projects' scope) and `dprs` daily progress reports spread over
 * them, one per project and day going back, every fifth rejected and every second approved.
 */
async function seedLists(db: pg.Client, o: { projects: number; dprs: number }): Promise<void> {
  await db.query(
    `INSERT INTO delivery.project (name, project_type, sub_type, status, customer_id, organization_id, wind_park_ids, start_time)
     SELECT 'Bench project ' || g, p.project_type, p.sub_type, 1 + g % 3, p.customer_id, p.organization_id, p.wind_park_ids, now() - make_interval(days => g % 400)
     FROM generate_series(1, $1::int) g
     CROSS JOIN LATERAL (SELECT * FROM delivery.project WHERE name NOT LIKE 'Bench project %' ORDER BY id OFFSET g % (SELECT count(*) FROM delivery.project WHERE name NOT LIKE 'Bench project %') LIMIT 1) p`,
    [o.projects],
  );
  await db.query(
    `WITH p AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total FROM delivery.project)
     INSERT INTO delivery.dpr (project_id, report_date, status, items, weather, downtime_hours, comments, submitted_by, submitted_by_name)
     SELECT p.id, current_date - (g / p.total)::int, CASE WHEN g % 5 = 0 THEN 'REJECTED' WHEN g % 2 = 0 THEN 'APPROVED' ELSE 'SUBMITTED' END,
            '[]', 'Wind 12 m/s', (g % 8)::numeric / 2, 'Bench report', gen_random_uuid(), 'Bench person'
     FROM generate_series(0, $1::int - 1) g JOIN p ON p.n = g % p.total`,
    [o.dprs],
  );
  await db.query('VACUUM ANALYZE delivery.project');
  await db.query('VACUUM ANALYZE delivery.dpr');
}

/**
 * Seeds, by SQL into delivery's read models, `count` task-stage records spread over the 3 months
 * ending today: inspections on the demo parks (so the demo projects count them), one
 * `stage_progress` row and one `stage_work` row per record, 50 people in 5 teams, every tenth
 * review a reject. The size a busy quarter of a large operator would leave.
 */
async function seedStageWork(db: pg.Client, count: number): Promise<{ seconds: number; inspections: string[] }> {
  const started = Date.now();
  const parks = (await db.query(`SELECT DISTINCT unnest(wind_park_ids) AS id FROM delivery.project`)).rows.map((r) => r.id as string);
  if (!parks.length) throw new Error('delivery knows no project park');
  // One inspection per 5 stage records (the stages 3–7 of one task), 90 days back from today.
  await db.query(`CREATE TEMP TABLE bench_inspection (inspection_id uuid PRIMARY KEY, inspection_date date, n int)`);
  await db.query(
    `WITH made AS (
       INSERT INTO delivery.inspection_ref (inspection_id, turbine_id, wind_farm_id, component_type, inspection_date)
       SELECT gen_random_uuid(), gen_random_uuid(), ($2::uuid[])[1 + g % cardinality($2::uuid[])], 1, current_date - (g % 90)
       FROM generate_series(1, $1::int / 5) g
       RETURNING inspection_id, inspection_date)
     INSERT INTO bench_inspection SELECT inspection_id, inspection_date, row_number() OVER () FROM made`,
    [count, parks],
  );
  await db.query(
    `INSERT INTO delivery.user_ref (user_id, display_name, organization_id)
     SELECT gen_random_uuid(), 'Bench person ' || g, (SELECT organization_id FROM delivery.organization_ref ORDER BY organization_id OFFSET g % 5 LIMIT 1)
     FROM generate_series(1, 50) g`,
  );
  await db.query(
    `WITH u AS (SELECT array_agg(user_id) AS ids FROM delivery.user_ref WHERE display_name LIKE 'Bench person %'),
          r AS (SELECT i.inspection_id, i.inspection_date, md5(i.inspection_id::text)::uuid AS task_id, s.stage, i.n
                FROM bench_inspection i CROSS JOIN generate_series(3, 7) s(stage))
     INSERT INTO delivery.stage_work (task_id, stage, inspection_id, handler_id, handler_name, qa_outcome, reviewed_handler_id, spent_seconds, image_count, defect_count, completed_at)
     SELECT r.task_id, r.stage, r.inspection_id, u.ids[1 + (r.n + r.stage) % 50], 'Bench person',
            CASE WHEN r.stage IN (5, 7) THEN (CASE WHEN r.n % 10 = 0 THEN 'REJECT' ELSE 'PASS' END) END,
            CASE WHEN r.stage IN (5, 7) THEN u.ids[1 + (r.n + r.stage - 1) % 50] END,
            60 + (r.n % 600), 40, 5, r.inspection_date + make_interval(hours => r.stage)
     FROM r CROSS JOIN u`,
  );
  await db.query(
    `INSERT INTO delivery.stage_progress (task_id, stage, inspection_id, completed_at)
     SELECT task_id, stage, inspection_id, completed_at FROM delivery.stage_work
     WHERE handler_name = 'Bench person' AND qa_outcome IS DISTINCT FROM 'REJECT'
     ON CONFLICT DO NOTHING`,
  );
  await db.query('VACUUM ANALYZE delivery.stage_work');
  await db.query('VACUUM ANALYZE delivery.stage_progress');
  await db.query('VACUUM ANALYZE delivery.inspection_ref');
  const inspections = (await db.query(`SELECT inspection_id FROM bench_inspection ORDER BY n LIMIT 200`)).rows.map(
    (r) => r.inspection_id as string,
  );
  return { seconds: (Date.now() - started) / 1000, inspections };
}

/**
 * (a) Dashboard update latency: `clients` progress dashboards connected through the gateway; a
 * `taskflow.stage.completed` committed in an upstream outbox (as task-flow commits it) travels
 * the bus to delivery's consumer, which records it and nudges the project's rooms; measured from
 * the upstream COMMIT returning to each client's `progress.changed`.
 * (b) Performance statistics over the 3 months ending today with `records` task-stage records,
 * p95 at `connections` clients, and its Excel export. (c) The project and DPR lists against their SQL
 * floor at `listConnections` clients (issue #22 item 1 holds every list to 50).
 */
export async function benchDelivery(
  t: DeliveryBenchTarget,
  o: {
    clients: number;
    events: number;
    records: number;
    projects: number;
    dprs: number;
    connections: number;
    listConnections: number;
    seconds: number;
  },
) {
  const db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  const log = pino({ level: 'silent' });
  const upstream = await openDatabase({ url: t.databaseUrl, schema: UPSTREAM, entities: [], migrations: [] });
  const bus = new PostgresBus(t.databaseUrl, log, 50);
  const relay = new OutboxRelay(upstream, t.databaseUrl, UPSTREAM, bus, log, 50);
  await relay.start();
  const publisher = new EventPublisher('task-flow', UPSTREAM);
  const sockets: Socket[] = [];
  try {
    for (let i = 0; i < 240 && !(await db.query('SELECT 1 FROM delivery.project LIMIT 1')).rowCount; i++)
      await new Promise((r) => setTimeout(r, 250));
    const seed = await seedStageWork(db, o.records);

    let waiting: { t0: number; pending: number; heard: Set<number>; done: () => void } | null = null;
    const latencies: number[] = [];
    for (let i = 0; i < o.clients; i++) {
      const s = io(t.url, { path: socketPath('delivery'), transports: ['websocket'], auth: { token: t.token }, reconnection: false });
      sockets.push(s);
      // A client's first message per event counts (a burst of nudges may reach it twice).
      s.on('progress.changed', () => {
        const w = waiting;
        if (!w || !w.t0 || w.heard.has(i)) return;
        w.heard.add(i);
        latencies.push(performance.now() - w.t0);
        if (--w.pending === 0) w.done();
      });
    }
    await Promise.all(
      sockets.map((s) =>
        s.connected ? Promise.resolve() : new Promise<void>((r, j) => (s.once('connect', () => r()), s.once('connect_error', j))),
      ),
    );
    let lost = 0;
    for (let n = 0; n < o.events; n++) {
      const inspectionId = seed.inspections[n % seed.inspections.length]!;
      // A new task each time: a (task, stage) already recorded moves nothing.
      const p: StageCompletedPayload = {
        taskId: randomUUID(),
        inspectionId,
        stage: 3,
        nextStage: 4,
        handlerId: null,
        handlerName: null,
        spentSeconds: 60,
        imageCount: 40,
        defectCount: 0,
      };
      const w = { t0: 0, pending: sockets.length, heard: new Set<number>(), done: () => undefined as void };
      const received = new Promise<void>((done) => (w.done = done));
      waiting = w;
      await upstream.transaction((m) => publisher.publish(m, EventTypes.TaskflowStageCompleted, p.taskId, p));
      w.t0 = performance.now();
      const timedOut = await Promise.race([received.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 5000))]);
      if (timedOut) lost += w.pending;
      waiting = null;
      await new Promise((r) => setTimeout(r, 50));
    }
    const latency = {
      clients: o.clients,
      events: o.events,
      deliveries: latencies.length,
      'not received in 5 s': lost,
      'p50 ms': percentile(latencies, 50),
      'p95 ms': percentile(latencies, 95),
      'p99 ms': percentile(latencies, 99),
    };
    sockets.forEach((s) => s.close());
    sockets.length = 0;

    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 89 * 86400_000).toISOString().slice(0, 10);
    const headers = { authorization: `Bearer ${t.token}` };
    const stats = await load({ url: `${t.url}${STATS}?from=${from}&to=${to}`, connections: o.connections, seconds: o.seconds, headers });
    // Answers are kept per version of the parks in scope (docs/delivery.md): the run above asks
    // an unchanged range. Here a stage completes on a project park every 500 ms during the load
    // (as on a busy day), so answers are computed again after each; and one ask right after a change.
    const completeOne = () =>
      db.query(`INSERT INTO delivery.stage_progress (task_id, stage, inspection_id) VALUES (gen_random_uuid(), 3, $1)`, [
        seed.inspections[0],
      ]);
    let changing = true;
    const changes = (async () => {
      while (changing) {
        await completeOne();
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    const statsLive = await load({
      url: `${t.url}${STATS}?from=${from}&to=${to}`,
      connections: o.connections,
      seconds: o.seconds,
      headers,
    });
    changing = false;
    await changes;
    const afterChange: number[] = [];
    for (let i = 0; i < 5; i++) {
      await completeOne();
      const t0 = performance.now();
      const r = await fetch(`${t.url}${STATS}?from=${from}&to=${to}`, { headers });
      if (!r.ok) throw new Error(`statistics answered ${r.status}`);
      await r.arrayBuffer();
      afterChange.push(performance.now() - t0);
    }
    // The progress dashboard's page (the projects in progress with their stage counts and DPR
    // totals) over the same 100,000 records: what each open dashboard asks again after a push.
    const dashboard = await load({
      url: `${t.url}/gw/delivery/api/v2/progress/projects?pageSize=20`,
      connections: o.connections,
      seconds: o.seconds,
      headers,
    });
    const exports: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const r = await fetch(`${t.url}${STATS}/export?from=${from}&to=${to}`, { headers });
      if (!r.ok) throw new Error(`export answered ${r.status}`);
      await r.arrayBuffer();
      exports.push(performance.now() - t0);
    }
    // After the statistics: more projects on the same parks would count each completion again.
    await seedLists(db, { projects: o.projects, dprs: o.dprs });
    const projects = await listsAgainstFloor(
      t,
      'delivery',
      'delivery',
      [
        ['GET /projects (page of 20)', '/gw/project/api/v2/projects?pageSize=20'],
        ['GET /dprs (page of 20)', '/gw/delivery/api/v2/dprs?pageSize=20'],
      ],
      o.listConnections,
      o.seconds,
    );
    return {
      seedSeconds: seed.seconds,
      latency,
      projects,
      lists: [
        { call: `GET /performance-statistics (${from} … ${to})`, ...stats },
        { call: 'GET /performance-statistics, a stage completed every 500 ms meanwhile', ...statsLive },
        { call: 'GET /progress/projects (the dashboard, page of 20)', ...dashboard },
        {
          call: 'GET /performance-statistics right after a change, 5 runs one at a time',
          requests: 5,
          'req/s': '',
          'p50 ms': percentile(afterChange, 50),
          'p95 ms': percentile(afterChange, 95),
          'p99 ms': percentile(afterChange, 99),
          non2xx: 0,
        },
        {
          call: 'GET /performance-statistics/export (xlsx), 5 runs one at a time',
          requests: 5,
          'req/s': '',
          'p50 ms': percentile(exports, 50),
          'p95 ms': percentile(exports, 95),
          'p99 ms': percentile(exports, 99),
          non2xx: 0,
        },
      ],
    };
  } finally {
    sockets.forEach((s) => s.close());
    await relay.stop();
    await bus.close();
    await upstream.destroy();
    await db.end();
  }
}
