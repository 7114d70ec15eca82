import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from './schema-of.js';

/**
 * A park's version, for answers kept per park (`KeptAnswers`): a change log table gets a row per
 * park and writing statement on every table the answers read, from statement triggers in the
 * writing transaction, so that every path that writes (API, event consumers, imports, seeds)
 * counts without knowing. A park's sum of weights only grows, so any committed change gives a
 * new version; the log is insert-only, so writers never wait for each other on it. Compaction
 * (hourly, by the service) replaces each park's rows by one row of their summed weight.
 *
 * Inspection's log is `search_change (wind_park_id)` (its first use was the search's counts),
 * repair's `park_change (wind_farm_id)`.
 */
export interface ParkChangeLog {
  /** The log table, in the service's schema. */
  table: string;
  /** Its park id column. */
  park: string;
}

interface Db {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

const EVENTS = [
  ['INSERT', 'NEW TABLE AS new_rows', ['new_rows']],
  ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', ['old_rows', 'new_rows']],
  ['DELETE', 'OLD TABLE AS old_rows', ['old_rows']],
] as const;

/** The log table itself (`s` the quoted schema). */
export async function createParkChangeLog(q: Db, s: string, log: ParkChangeLog): Promise<void> {
  await q.query(`CREATE TABLE ${s}.${log.table} (id bigserial PRIMARY KEY, ${log.park} uuid NOT NULL, weight bigint NOT NULL DEFAULT 1)`);
  await q.query(`CREATE INDEX ${log.table}_park_idx ON ${s}.${log.table} (${log.park}) INCLUDE (weight)`);
}

/** Tables whose writes a log counts, each with the select of the park ids (as column `park`) of a transition table's rows (`rel`). */
export type ParkChangeTables = Record<string, (rel: string) => string>;

/** Insert, update and delete triggers on each of `tables` that log the parks a statement wrote. */
export async function addParkChangeTriggers(q: Db, s: string, log: ParkChangeLog, tables: ParkChangeTables): Promise<void> {
  for (const [table, parksOf] of Object.entries(tables)) {
    for (const [event, transition, rels] of EVENTS) {
      const fn = `${s}.${log.table}_${table}_${event.toLowerCase()}`;
      await q.query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO ${s}.${log.table} (${log.park})
            SELECT DISTINCT t.park FROM (${rels.map(parksOf).join(' UNION ')}) t WHERE t.park IS NOT NULL;
          RETURN NULL;
        END $$`);
      await q.query(`CREATE TRIGGER ${log.table}_${event.toLowerCase()} AFTER ${event} ON ${s}.${table}
        REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
    }
  }
}

/**
 * A migration that adds triggers on `tables` to a service's park change log (and drops them on the
 * way down): a service names the migration, its log and the tables with their parks.
 */
export abstract class ParkChangeTriggersMigration implements MigrationInterface {
  abstract name: string;
  protected abstract readonly log: ParkChangeLog;
  protected abstract tables(s: string): ParkChangeTables;

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await addParkChangeTriggers(q, s, this.log, this.tables(s));
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await dropParkChangeTriggers(q, s, this.log, this.tables(s));
  }
}

/** The migration that creates a service's park change log, with triggers on its first `tables`. */
export abstract class ParkChangeLogMigration extends ParkChangeTriggersMigration {
  override async up(q: QueryRunner): Promise<void> {
    await createParkChangeLog(q, schemaOf(q), this.log);
    await super.up(q);
  }

  override async down(q: QueryRunner): Promise<void> {
    await super.down(q);
    await q.query(`DROP TABLE ${schemaOf(q)}.${this.log.table}`);
  }
}

export async function dropParkChangeTriggers(q: Db, s: string, log: ParkChangeLog, tables: ParkChangeTables): Promise<void> {
  for (const table of Object.keys(tables)) {
    for (const [event] of EVENTS) {
      await q.query(`DROP TRIGGER ${log.table}_${event.toLowerCase()} ON ${s}.${table}`);
      await q.query(`DROP FUNCTION ${s}.${log.table}_${table}_${event.toLowerCase()}()`);
    }
  }
}

/**
 * Each park's version: its id, its sum of weights and the database's today (answers over a date
 * window move with the date). Read it *before* computing the answer kept under it: a change
 * committed in between can only make the kept answer newer than its key, and every later reader
 * sees the higher sum.
 */
export async function parkVersions(db: Db, s: string, log: ParkChangeLog, parkIds: string[]): Promise<Map<string, string>> {
  return parkVersionsOf(db, s, log, 'SELECT unnest($1::uuid[]) AS id', [parkIds]);
}

/**
 * `parkVersions` of the parks a query selects (`SELECT … AS id`, with its parameters), in one
 * statement with it: a caller that first has to find its parks (a customer's, say) makes one round
 * trip, not two. The map is in park id order.
 */
export async function parkVersionsOf(
  db: Db,
  s: string,
  log: ParkChangeLog,
  parks: string,
  params: unknown[],
): Promise<Map<string, string>> {
  const rows = (await db.query(`SELECT p.id, ${parkVersionSql(s, log, 'p.id')} AS v FROM (${parks}) p ORDER BY p.id`, params)) as {
    id: string;
    v: string;
  }[];
  return new Map(rows.map((r) => [r.id, r.v]));
}

/**
 * The SQL of a park's version (`parkVersions`' value) for the park id expression `parkId`, to read
 * it as a column of a statement the caller sends anyway (a park's access check, say) instead of
 * in a round trip of its own.
 */
export function parkVersionSql(s: string, log: ParkChangeLog, parkId: string): string {
  return `${parkId}::text || '|' || (SELECT coalesce(sum(c.weight), 0) FROM ${s}.${log.table} c WHERE c.${log.park} = ${parkId})::text
    || '|' || current_date::text`;
}

/**
 * Every park's rows become one row of their summed weight, in one statement: the sums stay (a
 * concurrent compaction deletes and re-adds only the rows it really deleted). Answers how many
 * rows went.
 */
export async function compactParkChanges(db: Db, s: string, log: ParkChangeLog): Promise<number> {
  const [{ n }] = (await db.query(
    `WITH gone AS (DELETE FROM ${s}.${log.table} RETURNING ${log.park}, weight),
          kept AS (INSERT INTO ${s}.${log.table} (${log.park}, weight) SELECT ${log.park}, sum(weight) FROM gone GROUP BY 1 RETURNING 1)
     SELECT ((SELECT count(*) FROM gone) - (SELECT count(*) FROM kept))::int AS n`,
  )) as { n: number }[];
  return n;
}
