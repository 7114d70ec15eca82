import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * What the per-turbine pages of a report need (docs/reports.md "Turbine details"): each defect's
 * photo (shared file store URI and size) and polygon, its repair status from repair's events, and
 * the LPS readings of LPS inspections from inspection's events.
 */
export class ReportTurbineDetails1764170000300 implements MigrationInterface {
  name = 'ReportTurbineDetails1764170000300';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE ${s}.defect_ref ADD COLUMN polygon jsonb, ADD COLUMN image_uri text, ADD COLUMN image_width int,
      ADD COLUMN image_height int, ADD COLUMN repair_status smallint, ADD COLUMN repaired_at timestamptz`);
    await q.query(`CREATE TABLE ${s}.lps_ref (
      inspection_id uuid PRIMARY KEY,
      turbine_id uuid NOT NULL,
      wind_farm_id uuid NOT NULL,
      readings jsonb NOT NULL DEFAULT '[]'
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE ${s}.lps_ref`);
    await q.query(`ALTER TABLE ${s}.defect_ref DROP COLUMN polygon, DROP COLUMN image_uri, DROP COLUMN image_width, DROP COLUMN image_height,
      DROP COLUMN repair_status, DROP COLUMN repaired_at`);
  }
}
