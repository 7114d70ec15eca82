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
export async function createTestDatabase(o: { template?: string } = {}): Promise<TestDatabase> {
  const admin = await adminUrl();
  const name = `ww_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE "${name}"${o.template ? ` TEMPLATE "${o.template}"` : ''}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
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
