import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

const PARK_INDEXES: [name: string, columns: string][] = [
  ['defect_park_dps_idx', '(wind_park_id, dps_rank, id)'],
  ['defect_park_severity_idx', '(wind_park_id, severity, id)'],
  ['defect_park_created_idx', '(wind_park_id, created_at, id)'],
  ['defect_park_filter_idx', '(wind_park_id, dps_status, severity, lower(defect_type))'],
  ['defect_turbine_idx', '(turbine_id, dps_rank, id)'],
];

/**
 * Labeling: pre-label suggestions (a defect with `suggested = true` until a labeler accepts it)
 * and the per-image "labeled" mark that the labeling status reads (docs/inspection.md).
 * The park and turbine lists never show suggestions, so their indexes become partial
 * (`WHERE NOT suggested`) and keep serving those lists in index order.
 */
export class InspectionSuggestions1763700000430 implements MigrationInterface {
  name = 'InspectionSuggestions1763700000430';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE ${s}.defect ADD COLUMN suggested boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE INDEX defect_suggested_idx ON ${s}.defect (inspection_id) WHERE suggested`);
    for (const [name, columns] of PARK_INDEXES) {
      await q.query(`DROP INDEX ${s}.${name}`);
      await q.query(`CREATE INDEX ${name} ON ${s}.defect ${columns} WHERE NOT suggested`);
    }
    await q.query(`ALTER TABLE ${s}.image ADD COLUMN labeled boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE ${s}.image ADD COLUMN labeled_by text`);
    await q.query(`ALTER TABLE ${s}.image ADD COLUMN labeled_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE ${s}.image DROP COLUMN labeled_at, DROP COLUMN labeled_by, DROP COLUMN labeled`);
    await q.query(`DELETE FROM ${s}.defect WHERE suggested`);
    for (const [name, columns] of PARK_INDEXES) {
      await q.query(`DROP INDEX ${s}.${name}`);
      await q.query(`CREATE INDEX ${name} ON ${s}.defect ${columns}`);
    }
    await q.query(`DROP INDEX ${s}.defect_suggested_idx`);
    await q.query(`ALTER TABLE ${s}.defect DROP COLUMN suggested`);
  }
}
