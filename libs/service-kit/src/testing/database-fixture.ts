import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedServer } from '../database/embedded.js';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

let embedded: Promise<EmbeddedServer> | null = null;

/** The server tests use: TEST_DATABASE_URL (CI: the machine's PostgreSQL), else an embedded one. */
async function adminUrl(): Promise<string> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  embedded ??= startEmbeddedPostgres(
    path.join(os.tmpdir(), `windward-test-pg-${process.pid}`),
    40000 + (process.pid % 20000),
  ).then((s) => {
    process.once('exit', () => void s.stop());
    return s;
  });
  return (await embedded).adminUrl;
}

/**
 * A fresh database for one test file; `drop()` removes it. Empty, or a copy of `template` (a
 * database nobody is connected to, e.g. the end-to-end tests' settled demo data).
 */
export async function createTestDatabase(o: { template?: string; name?: string } = {}): Promise<TestDatabase> {
  const admin = await adminUrl();
  const name = o.name ?? `ww_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE "${name}"${o.template ? ` TEMPLATE "${o.template}"` : ''}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  if (o.template) await renameTypeormMetadata(u.toString());
  return {
    url: u.toString(),
    name,
    drop: async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await d.end();
    },
  };
}

const templates = new Map<string, Promise<string>>();
let templatesMade = 0;

/**
 * A database migrated once per process and key, to copy for each test file (`createTestDatabase`
 * with `template`): `make(url)` brings an empty database to the state every file starts from
 * (a service's migrations, pg-boss's schema, the bus tables). Migrating costs ~0.6 s and much
 * PostgreSQL CPU per file; a copy ~0.1 s. Templates are named after the process (`ww_tpl_<pid>_<n>`)
 * and the ones of processes that have ended are dropped here, since a test process may be
 * stopped without a chance to clean up (`--test-force-exit`).
 */
export function migratedTemplate(key: string, make: (url: string) => Promise<void>): Promise<string> {
  let t = templates.get(key);
  if (!t) {
    // Named now, not after the await: two keys started together must not get the same name.
    const name = `ww_tpl_${process.pid}_${templatesMade++}`;
    t = (async () => {
      await dropTemplatesOfEndedProcesses();
      const db = await createTestDatabase({ name });
      await make(db.url);
      return db.name;
    })();
    templates.set(key, t);
    // A failed template is not cached: the next file tries again and reports its own error.
    t.catch(() => templates.delete(key));
  }
  return t;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function dropTemplatesOfEndedProcesses(): Promise<void> {
  const c = new pg.Client({ connectionString: await adminUrl() });
  await c.connect();
  try {
    const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'ww\\_tpl\\_%'`);
    for (const { datname } of rows) {
      const pid = Number(/^ww_tpl_(\d+)_/.exec(datname)?.[1]);
      if (pid && !processAlive(pid)) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
    }
  } finally {
    await c.end();
  }
}

/**
 * TypeORM records generated columns in `<schema>.typeorm_metadata` under the database's name; in
 * a copy that name is the template's, and TypeORM would want to rebuild those columns.
 */
async function renameTypeormMetadata(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ schema: string }>(
      `SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'typeorm_metadata'`,
    );
    for (const { schema } of rows) {
      await c.query(`UPDATE "${schema}".typeorm_metadata SET database = current_database() WHERE database IS NOT NULL`);
    }
  } finally {
    await c.end();
  }
}
