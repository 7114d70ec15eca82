import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@windward/service-kit/testing';
import { REPO_ROOT, startPlatform, type Platform, type PlatformOptions } from '../launcher/platform.js';

/**
 * The end-to-end tests' starting point: the platform booted once from scratch with demo data,
 * left to settle (every event delivered, every job done), then stopped. Each test file starts
 * from a copy — `CREATE DATABASE … TEMPLATE` and a copy of the file store — instead of seeding
 * and waiting for the demo pipeline again (see docs/ci.md).
 */
export interface E2eTemplate {
  /** The database to copy; nobody stays connected to it. */
  database: string;
  /** The file store the template's rows point at. */
  filesDir: string;
}

export const E2E_ROOT = path.join(REPO_ROOT, '.data', 'e2e');

/** What `npm test` hands its e2e files (test-all.mjs builds the template before they start). */
export function templateFromEnv(): E2eTemplate | null {
  const database = process.env.E2E_TEMPLATE_DB;
  const filesDir = process.env.E2E_TEMPLATE_FILES;
  return database && filesDir ? { database, filesDir } : null;
}

export interface Quiet {
  lastEventSeq: string;
  lastOffsetAt: string;
  outbox: number;
  pendingJobs: number;
  deadLetters: number;
}

/**
 * One look at the platform's moving parts, straight from PostgreSQL: the bus log, the consumers'
 * offsets, every service's outbox and pg-boss queue (jobs due now), and the dead letters.
 */
export async function quietSnapshot(db: pg.Client): Promise<Quiet> {
  const tables = await db.query<{ schema: string; table: string }>(
    `SELECT table_schema AS schema, table_name AS table FROM information_schema.tables
      WHERE table_name IN ('outbox', 'dead_letter') OR (table_name = 'job' AND table_schema LIKE '%\\_jobs')`,
  );
  let outbox = 0;
  let pendingJobs = 0;
  let deadLetters = 0;
  for (const { schema, table } of tables.rows) {
    const from = `"${schema}"."${table}"`;
    const where = table === 'job' ? ` WHERE state IN ('created', 'retry', 'active') AND start_after <= now()` : '';
    const [{ n }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from}${where}`)).rows;
    if (table === 'outbox') outbox += n;
    else if (table === 'job') pendingJobs += n;
    else deadLetters += n;
  }
  // On Kafka there is no PostgreSQL bus log: outboxes, jobs and dead letters still tell.
  const onPostgresBus = (await db.query(`SELECT to_regclass('bus.event') IS NOT NULL AS ok`)).rows[0].ok === true;
  const bus = onPostgresBus
    ? await db.query<{ seq: string; at: string }>(
        `SELECT (SELECT coalesce(max(seq), 0)::text FROM bus.event) AS seq,
                (SELECT coalesce(max(updated_at), 'epoch')::text FROM bus.consumer_offset) AS at`,
      )
    : { rows: [{ seq: '0', at: 'epoch' }] };
  return { lastEventSeq: bus.rows[0].seq, lastOffsetAt: bus.rows[0].at, outbox, pendingJobs, deadLetters };
}

/** The demo data every e2e test may lean on: three parks, inspections, and tasks in the pool. */
async function demoSeeded(db: pg.Client): Promise<boolean> {
  const { rows } = await db.query<{ parks: number; inspections: number; tasks: number }>(
    `SELECT (SELECT count(*)::int FROM asset.wind_park) AS parks,
            (SELECT count(*)::int FROM inspection.inspection) AS inspections,
            (SELECT count(*)::int FROM task_flow.task) AS tasks`,
  );
  return rows[0].parks >= 3 && rows[0].inspections > 0 && rows[0].tasks > 0;
}

/**
 * Resolves once the demo data is there and nothing has moved for `quietMs`: no outbox row, no job
 * due, the bus log and the consumers' offsets unchanged. A dead letter fails at once — the demo
 * pipeline must run clean.
 */
export async function waitForDemoSettled(databaseUrl: string, o: { quietMs?: number; timeoutMs?: number } = {}): Promise<void> {
  const quietMs = o.quietMs ?? 3000;
  const until = Date.now() + (o.timeoutMs ?? 300_000);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    let since = 0;
    let last = '';
    for (;;) {
      const seeded = await demoSeeded(db).catch(() => false);
      const q = seeded ? await quietSnapshot(db) : null;
      if (q && q.deadLetters > 0) throw new Error(`the demo pipeline dead-lettered ${q.deadLetters} event(s)`);
      const idle = q !== null && q.outbox === 0 && q.pendingJobs === 0;
      const key = JSON.stringify(q);
      if (!idle || key !== last) {
        since = Date.now();
        last = key;
      } else if (Date.now() - since >= quietMs) {
        return;
      }
      if (Date.now() > until) throw new Error(`the demo pipeline did not settle: ${key}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await db.end();
  }
}

/**
 * Ten consecutive free ports for one platform (eight services, spare, gateway). Below 32768: Linux
 * hands out ephemeral ports above it, and a client socket there would take our port. Starts at a
 * place derived from the pid, so e2e files running side by side look in different places, and
 * checks each port, so two that meet anyway move apart.
 */
export async function freePortBase(): Promise<number> {
  const canBind = (port: number) =>
    new Promise<boolean>((resolve) => {
      const srv = createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
  for (let i = 0; i < 1200; i++) {
    const base = 20000 + ((process.pid + i * 7) % 1200) * 10;
    let free = true;
    for (let p = base; p < base + 10 && free; p++) free = await canBind(p);
    if (free) return base;
  }
  throw new Error('no ten free ports between 20000 and 32000');
}

/** The platform as the tests run it: its own ports, demo data on, quiet logs, fast bus retries. */
export async function startPlatformForTests(databaseUrl: string, dataDir: string, o: Partial<PlatformOptions> = {}): Promise<Platform> {
  const portBase = await freePortBase();
  const { env, ...rest } = o;
  return startPlatform({
    databaseUrl,
    dataDir,
    portBase,
    gatewayPort: portBase + 9,
    seedDemo: true,
    ...rest,
    env: { LOG_LEVEL: 'warn', BUS_RETRY_BASE_MS: '50', ...env },
  });
}

/** Boots the platform from scratch with demo data, waits until it settles, stops it: the template. */
export async function buildE2eTemplate(log: (line: string) => void = () => {}): Promise<E2eTemplate & { drop(): Promise<void> }> {
  const db: TestDatabase = await createTestDatabase();
  const dataDir = path.join(E2E_ROOT, db.name);
  const platform = await startPlatformForTests(db.url, dataDir, { log });
  try {
    await waitForDemoSettled(db.url);
  } finally {
    await platform.stop();
  }
  return {
    database: db.name,
    filesDir: path.join(dataDir, 'files'),
    drop: async () => {
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface E2eCopy {
  db: TestDatabase;
  dataDir: string;
}

/** A test file's own copy of the template: its database and its file store. */
export async function copyE2eTemplate(t: E2eTemplate): Promise<E2eCopy> {
  const db = await createTestDatabase({ template: t.database });
  const dataDir = path.join(E2E_ROOT, db.name);
  mkdirSync(dataDir, { recursive: true });
  if (existsSync(t.filesDir)) await cp(t.filesDir, path.join(dataDir, 'files'), { recursive: true });
  return { db, dataDir };
}

/** Drops a copy's database and removes its file store (thousands of tiles: seconds). */
export async function removeE2eCopy(c: E2eCopy): Promise<void> {
  await c.db.drop();
  await rm(c.dataDir, { recursive: true, force: true });
}

/**
 * `npm test` prepares each e2e file's copy while the previous file runs and removes it after the
 * file ends, beside the next one (test-all.mjs): a copy costs about 3 s and its removal 4–10 s
 * (DROP DATABASE's checkpoint, the tiles), time the e2e lanes otherwise spent waiting.
 */
export const E2E_COPY_ENV = { database: 'E2E_COPY_DB', dataDir: 'E2E_COPY_DIR' } as const;

export function e2eCopyEnv(c: E2eCopy): Record<string, string> {
  return { [E2E_COPY_ENV.database]: c.db.url, [E2E_COPY_ENV.dataDir]: c.dataDir };
}

let handedCopyTaken = false;

/** The copy test-all handed this file, once (a second platform in the same file makes its own). */
export function takeHandedE2eCopy(): E2eCopy | null {
  const url = process.env[E2E_COPY_ENV.database];
  const dataDir = process.env[E2E_COPY_ENV.dataDir];
  if (handedCopyTaken || !url || !dataDir) return null;
  handedCopyTaken = true;
  // test-all removes it after the file ends.
  return { db: { name: new URL(url).pathname.slice(1), url, drop: async () => {} }, dataDir };
}
