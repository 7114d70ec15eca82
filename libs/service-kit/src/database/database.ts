import pg from 'pg';
import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';
import { KitInfra1763700000000 } from './kit-infra.migration.js';
import { KitEventOrder1764400004000 } from './kit-event-order.migration.js';
import { sqlTraceLogger } from './sql-trace.js';

export interface DatabaseOptions {
  url: string;
  schema: string;
  entities: MixedList<Function | string | EntitySchema>;
  /** The service's own migrations, oldest first (the kit's are added). */
  migrations: Function[];
}

/** Connections each service keeps to PostgreSQL (the bench's bare reference uses as many). */
export const DB_POOL_SIZE = 5;

/** TypeORM options for one service schema: never synchronize, migrations run at start. */
export function dataSourceOptions(o: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: o.url,
    schema: o.schema,
    entities: o.entities,
    // The kit's plumbing tables (outbox, handled events, dead letters…) beside the service's own; TypeORM orders all by timestamp.
    migrations: [KitInfra1763700000000, ...o.migrations, KitEventOrder1764400004000],
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    extra: { max: DB_POOL_SIZE, application_name: `windward-${o.schema}` },
  };
}

/** Creates the schema if needed (advisory-locked: several instances may start together). */
export async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`schema:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } finally {
    await client.end();
  }
}

/** Opens a data source and brings its schema up to date. */
export async function openDatabase(o: DatabaseOptions): Promise<DataSource> {
  await ensureSchema(o.url, o.schema);
  // Once per service process: the trace logger owns the SIGUSR2 switch.
  const ds = new DataSource({ ...dataSourceOptions(o), ...sqlTraceLogger(o.schema) });
  await ds.initialize();
  // Hold a session lock while migrating so two instances never migrate at once.
  const lock = ds.createQueryRunner();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${o.schema}`]);
    await ds.runMigrations({ transaction: 'all' });
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${o.schema}`]).catch(() => undefined);
    await lock.release();
  }
  return ds;
}
