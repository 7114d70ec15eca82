import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { TaskStageStatus as SS, TaskStatus as TS, socketPath } from '@windward/contracts';
import { listsAgainstFloor } from './sql-floor.js';
import type { BenchTarget } from './fixtures.js';
import { percentile } from './stats.js';

/** An unrestricted administrator's token (sees every task, joins the `scope:all` room). */
export type TaskFlowBenchTarget = BenchTarget;

const API = '/gw/task/api/v2';

/**
 * Seeds `count` tasks by SQL onto the demo parks (current stage sort-and-remove, ready, no
 * handler: they all belong in the task pool), the way a busy platform would have them.
 */
export async function seedTasks(db: pg.Client, count: number): Promise<number> {
  const started = Date.now();
  await db.query(
    `INSERT INTO task_flow.task (wind_farm_id, windfarm_name, customer_id, customer_name, turbine_name, inspection_date, package_type, component_type,
        status, current_stage, current_stage_status, created_at, updated_at, uploaded_time)
     SELECT p.wind_farm_id, p.name, p.customer_id, coalesce(c.name, ''), 'BENCH-' || lpad(g::text, 6, '0'),
            date '2025-01-01' + (g % 365), 1 + (g % 2), 1, ${TS.PROCESSING}, 3, ${SS.READY},
            now() - make_interval(secs => g), now() - make_interval(secs => g), now() - make_interval(secs => g)
     FROM generate_series(1, $1) g
     JOIN LATERAL (SELECT * FROM task_flow.park_ref ORDER BY wind_farm_id OFFSET (g % greatest((SELECT count(*) FROM task_flow.park_ref), 1)) LIMIT 1) p ON true
     LEFT JOIN task_flow.customer_ref c ON c.customer_id = p.customer_id`,
    [count],
  );
  // Autovacuum would have done this on a table that size; index-only counts need the visibility map.
  await db.query('VACUUM ANALYZE task_flow.task');
  return (Date.now() - started) / 1000;
}

/**
 * (a) Event-to-screen latency: a task change commits (the same post-commit pg_notify a stage
 * completion issues), task-flow's change feed loads the task and socket.io pushes it through the
 * gateway to `clients` connected screens; measured from COMMIT returning to each client's
 * `task.changed`. (b) Task pool list p95 under `connections` concurrent clients.
 */
export async function benchTaskFlow(t: TaskFlowBenchTarget, o: { clients: number; events: number; tasks: number; connections: number; seconds: number }) {
  const db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  const sockets: Socket[] = [];
  try {
    await waitForParks(db);
    const seedSeconds = await seedTasks(db, o.tasks);
    const [{ channel }] = (await db.query(`SELECT 'ww_task_changed_task_flow' AS channel`)).rows;
    const waiters = new Map<string, { t0: number; pending: number; done: () => void }>();
    const latencies: number[] = [];
    for (let i = 0; i < o.clients; i++) {
      const s = io(t.url, { path: socketPath('task-flow'), transports: ['websocket'], auth: { token: t.token }, reconnection: false });
      sockets.push(s);
      s.on('task.changed', (task: { taskId: string; version: number }) => {
        const w = waiters.get(`${task.taskId}:${task.version}`);
        if (!w) return;
        latencies.push(performance.now() - w.t0);
        if (--w.pending === 0) w.done();
      });
    }
    await Promise.all(sockets.map((s) => (s.connected ? Promise.resolve() : new Promise<void>((r, j) => (s.once('connect', () => r()), s.once('connect_error', j))))));
    const ids = (await db.query(`SELECT id FROM task_flow.task ORDER BY created_at DESC LIMIT $1`, [o.events])).rows.map((r) => r.id as string);
    for (const id of ids) {
      await db.query('BEGIN');
      const { rows } = await db.query(
        `UPDATE task_flow.task SET updated_at = now(), version = nextval('task_flow.change_seq') WHERE id = $1 RETURNING version`,
        [id],
      );
      await db.query('SELECT pg_notify($1, $2)', [channel, id]);
      const key = `${id}:${Number(rows[0].version)}`;
      const received = new Promise<void>((done) => waiters.set(key, { t0: 0, pending: sockets.length, done }));
      await db.query('COMMIT');
      waiters.get(key)!.t0 = performance.now();
      await Promise.race([received, new Promise((r) => setTimeout(r, 5000))]);
      waiters.delete(key);
      await new Promise((r) => setTimeout(r, 20));
    }
    const latency = {
      clients: o.clients,
      events: ids.length,
      deliveries: latencies.length,
      'p50 ms': percentile(latencies, 50),
      'p95 ms': percentile(latencies, 95),
      'p99 ms': percentile(latencies, 99),
    };
    sockets.forEach((s) => s.close());
    sockets.length = 0;
    const lists = await listsAgainstFloor(
      t,
      'task-flow',
      'task_flow',
      [
        ['GET /tasks/pool (pool, newest first)', `${API}/tasks/pool?pageSize=20`],
        ['GET /tasks sorted by park, turbine name filter', `${API}/tasks?pageSize=20&fieldToSort=windfarmName&descending=false&turbineName=BENCH-0`],
      ],
      o.connections,
      o.seconds,
    );
    return { seedSeconds, latency, lists };
  } finally {
    sockets.forEach((s) => s.close());
    await db.end();
  }
}

async function waitForParks(db: pg.Client) {
  for (let i = 0; i < 240; i++) {
    if ((await db.query('SELECT count(*)::int AS n FROM task_flow.park_ref')).rows[0].n > 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('task-flow never learnt about a wind park');
}
