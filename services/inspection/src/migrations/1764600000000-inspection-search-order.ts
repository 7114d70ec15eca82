import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * The Data Center search's default order (newest inspection first) served by an index (issue
 * #21: search p95 at 50 clients over a park with 200,000 defects). The order was on the
 * inspection's date, so PostgreSQL joined and sorted every defect of the park for each page.
 * Defects now carry their inspection's date, and images their inspection's park and date, kept by
 * triggers (every insert path — the tools, the imports, the seed — gets them without knowing),
 * with park indexes in that order.
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
    await q.query(`CREATE INDEX image_park_date_idx ON ${s}.image (wind_park_id, inspection_date, sort_index, id) WHERE is_active`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
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
