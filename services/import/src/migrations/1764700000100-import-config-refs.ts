import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * What the workbook check of step 2 compares rows with (docs/import.md "Verification"):
 * customers' defect templates as inspection announces them (the kit's `keepDefectTemplateRef`,
 * -10019), each turbine's blade configuration as asset announces it (-10011, -10027, -10031,
 * -10033, -10035) and the defect template of delivery's projects (-10030).
 */
export class ImportConfigRefs1764700000100 implements MigrationInterface {
  name = 'ImportConfigRefs1764700000100';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.defect_template_ref (
      customer_id uuid PRIMARY KEY, types text[] NOT NULL DEFAULT '{}', severities jsonb NOT NULL DEFAULT '[]',
      recommendations text[] NOT NULL DEFAULT '{}')`);
    // blades_known: asset said which blades the turbine has (an empty list = none configured); false = never said.
    await q.query(`ALTER TABLE ${s}.turbine_ref ADD COLUMN blades_known boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE TABLE ${s}.blade_ref (
      turbine_id uuid NOT NULL REFERENCES ${s}.turbine_ref (turbine_id) ON DELETE CASCADE, position smallint NOT NULL,
      name text NOT NULL, serial_number text NOT NULL, PRIMARY KEY (turbine_id, position))`);
    await q.query(`ALTER TABLE ${s}.project_ref ADD COLUMN defect_template_id uuid`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE ${s}.project_ref DROP COLUMN defect_template_id`);
    await q.query(`DROP TABLE ${s}.blade_ref`);
    await q.query(`ALTER TABLE ${s}.turbine_ref DROP COLUMN blades_known`);
    await q.query(`DROP TABLE ${s}.defect_template_ref`);
  }
}
