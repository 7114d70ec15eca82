import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * The Data Center search's default order (newest inspection first) served by an index (issue
 * #21: search p95 at 50 clients over a park with 200,000 defects). The order was on the
 * inspection's date, so PostgreSQL joined and sorted every defect of the park for each page.
 * Defects now carry their inspection's date, and images their inspection's park and date, kept by
 * triggers (every insert path — the tools, the imports, the seed — gets them without knowing),
 * with park indexes in that order.
 *
 * A search's capped count reads up to every index entry of the park when no index narrows its
 * filter, and paging or re-sorting one search repeats it. `search_change` gets a row for each park
 * and statement that writes its searchable rows (defects, images, repair marks, inspections), from
 * statement triggers in the writing transaction: the service keeps a count under the park's sum of
 * weights, and any committed change gives a new sum (docs/data-center.md, "Counts").
 */
export class InspectionSearchOrder1764600000000 implements MigrationInterface {
  name = 'InspectionSearchOrder1764600000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE ${s}.defect ADD COLUMN inspection_date date`);
    await q.query(`ALTER TABLE ${s}.image ADD COLUMN wind_park_id uuid, ADD COLUMN inspection_date date`);
    await q.query(`UPDATE ${s}.defect d SET inspection_date = i.inspection_date FROM ${s}.inspection i WHERE i.id = d.inspection_id`);
    await q.query(
      `UPDATE ${s}.image g SET wind_park_id = i.wind_park_id, inspection_date = i.inspection_date FROM ${s}.inspection i WHERE i.id = g.inspection_id`,
    );
    await q.query(`ALTER TABLE ${s}.defect ALTER COLUMN inspection_date SET NOT NULL`);
    await q.query(`ALTER TABLE ${s}.image ALTER COLUMN wind_park_id SET NOT NULL, ALTER COLUMN inspection_date SET NOT NULL`);

    // A row takes its inspection's values when written; an inspection's change reaches its rows.
    await q.query(`CREATE FUNCTION ${s}.defect_inspection_copy() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT i.inspection_date INTO NEW.inspection_date FROM ${s}.inspection i WHERE i.id = NEW.inspection_id;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER defect_inspection_copy BEFORE INSERT OR UPDATE OF inspection_id, inspection_date ON ${s}.defect
      FOR EACH ROW EXECUTE FUNCTION ${s}.defect_inspection_copy()`);
    await q.query(`CREATE FUNCTION ${s}.image_inspection_copy() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT i.wind_park_id, i.inspection_date INTO NEW.wind_park_id, NEW.inspection_date FROM ${s}.inspection i WHERE i.id = NEW.inspection_id;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER image_inspection_copy BEFORE INSERT OR UPDATE OF inspection_id, wind_park_id, inspection_date ON ${s}.image
      FOR EACH ROW EXECUTE FUNCTION ${s}.image_inspection_copy()`);
    await q.query(`CREATE FUNCTION ${s}.inspection_to_rows() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE ${s}.defect SET inspection_date = NEW.inspection_date WHERE inspection_id = NEW.id;
        UPDATE ${s}.image SET inspection_date = NEW.inspection_date WHERE inspection_id = NEW.id;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER inspection_to_rows AFTER UPDATE OF wind_park_id, inspection_date ON ${s}.inspection
      FOR EACH ROW WHEN (OLD.wind_park_id IS DISTINCT FROM NEW.wind_park_id OR OLD.inspection_date IS DISTINCT FROM NEW.inspection_date)
      EXECUTE FUNCTION ${s}.inspection_to_rows()`);

    // The search's filter columns ride along (INCLUDE): a filtered page in the default order and its
    // count read the index alone (an index-only scan), not a heap row per candidate.
    await q.query(`CREATE INDEX defect_park_date_idx ON ${s}.defect (wind_park_id, inspection_date, id)
      INCLUDE (inspection_id, severity, dps_status, blade_position, position, defect_type, timeline_status) WHERE NOT suggested`);
    // The severity order, most severe first with unrated last, filters read from the index alone.
    await q.query(`CREATE INDEX defect_park_severity_desc_idx ON ${s}.defect (wind_park_id, severity DESC NULLS LAST, id DESC)
      INCLUDE (inspection_id, inspection_date, dps_status, blade_position, position, defect_type, timeline_status) WHERE NOT suggested`);
    // One type, in that severity order (the search sends a single type as "=", which keeps the order).
    await q.query(`CREATE INDEX defect_park_type_severity_idx ON ${s}.defect (wind_park_id, lower(defect_type), severity DESC NULLS LAST, id DESC)
      WHERE NOT suggested`);

    // Insert-only, so writers never wait for each other here: one row per park and writing
    // statement. A park's sum of weights only grows; compaction (hourly, by the service) replaces
    // each park's rows by one row of their summed weight in one statement.
    await q.query(`CREATE TABLE ${s}.search_change (
      id bigserial PRIMARY KEY,
      wind_park_id uuid NOT NULL,
      weight bigint NOT NULL DEFAULT 1)`);
    await q.query(`CREATE INDEX search_change_park_idx ON ${s}.search_change (wind_park_id) INCLUDE (weight)`);
    const parks: [string, (rel: string) => string][] = [
      ['defect', (rel) => `SELECT wind_park_id FROM ${rel}`],
      ['image', (rel) => `SELECT wind_park_id FROM ${rel}`],
      ['inspection', (rel) => `SELECT wind_park_id FROM ${rel}`],
      ['repair_mark', (rel) => `SELECT d.wind_park_id FROM ${rel} x JOIN ${s}.defect d ON d.id = x.defect_id`],
    ];
    for (const [table, of] of parks) {
      for (const [event, tables, touched] of [
        ['INSERT', 'NEW TABLE AS new_rows', of('new_rows')],
        ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', `${of('old_rows')} UNION ${of('new_rows')}`],
        ['DELETE', 'OLD TABLE AS old_rows', of('old_rows')],
      ] as const) {
        const fn = `${s}.search_change_${table}_${event.toLowerCase()}`;
        await q.query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            INSERT INTO ${s}.search_change (wind_park_id) SELECT DISTINCT t.wind_park_id FROM (${touched}) t;
            RETURN NULL;
          END $$`);
        await q.query(`CREATE TRIGGER search_change_${event.toLowerCase()} AFTER ${event} ON ${s}.${table}
          REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
      }
    }
    await q.query(`CREATE INDEX image_park_date_idx ON ${s}.image (wind_park_id, inspection_date, sort_index, id) WHERE is_active`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    for (const table of ['defect', 'image', 'inspection', 'repair_mark']) {
      for (const event of ['insert', 'update', 'delete']) {
        await q.query(`DROP TRIGGER search_change_${event} ON ${s}.${table}`);
        await q.query(`DROP FUNCTION ${s}.search_change_${table}_${event}()`);
      }
    }
    await q.query(`DROP TABLE ${s}.search_change`);
    await q.query(`DROP INDEX ${s}.defect_park_type_severity_idx`);
    await q.query(`DROP INDEX ${s}.defect_park_severity_desc_idx`);
    await q.query(`DROP INDEX ${s}.image_park_date_idx`);
    await q.query(`DROP INDEX ${s}.defect_park_date_idx`);
    await q.query(`DROP TRIGGER inspection_to_rows ON ${s}.inspection`);
    await q.query(`DROP FUNCTION ${s}.inspection_to_rows()`);
    await q.query(`DROP TRIGGER image_inspection_copy ON ${s}.image`);
    await q.query(`DROP FUNCTION ${s}.image_inspection_copy()`);
    await q.query(`DROP TRIGGER defect_inspection_copy ON ${s}.defect`);
    await q.query(`DROP FUNCTION ${s}.defect_inspection_copy()`);
    await q.query(`ALTER TABLE ${s}.image DROP COLUMN inspection_date, DROP COLUMN wind_park_id`);
    await q.query(`ALTER TABLE ${s}.defect DROP COLUMN inspection_date`);
  }
}
