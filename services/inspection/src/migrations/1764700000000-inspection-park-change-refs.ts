import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * A park's `search_change` weights (migration 1764600000000) become the version of everything the
 * Data Center's park-wide answers read, so that those answers can be kept per park version
 * (docs/data-center.md, "Kept answers"): the health care also reads the turbine references (a
 * turbine renamed, moved to another park or deleted), and the defect growth the engineers'
 * decisions. Both tables now add a row per park and writing statement too, in the writing
 * transaction, like defects, images, inspections and repair marks.
 */
const TABLES: [string, (s: string, rel: string) => string][] = [
  ['turbine_ref', (_s, rel) => `SELECT wind_park_id FROM ${rel}`],
  ['growth_decision', (s, rel) => `SELECT d.wind_park_id FROM ${rel} x JOIN ${s}.defect d ON d.id = x.defect_id`],
];
const EVENTS = [
  ['INSERT', 'NEW TABLE AS new_rows', ['new_rows']],
  ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', ['old_rows', 'new_rows']],
  ['DELETE', 'OLD TABLE AS old_rows', ['old_rows']],
] as const;

export class InspectionParkChangeRefs1764700000000 implements MigrationInterface {
  name = 'InspectionParkChangeRefs1764700000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    for (const [table, of] of TABLES) {
      for (const [event, transition, rels] of EVENTS) {
        const fn = `${s}.search_change_${table}_${event.toLowerCase()}`;
        await q.query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            INSERT INTO ${s}.search_change (wind_park_id)
              SELECT DISTINCT t.wind_park_id FROM (${rels.map((rel) => of(s, rel)).join(' UNION ')}) t;
            RETURN NULL;
          END $$`);
        await q.query(`CREATE TRIGGER search_change_${event.toLowerCase()} AFTER ${event} ON ${s}.${table}
          REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    for (const [table] of TABLES) {
      for (const [event] of EVENTS) {
        await q.query(`DROP TRIGGER search_change_${event.toLowerCase()} ON ${s}.${table}`);
        await q.query(`DROP FUNCTION ${s}.search_change_${table}_${event.toLowerCase()}()`);
      }
    }
  }
}
