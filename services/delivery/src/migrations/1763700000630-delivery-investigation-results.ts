import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * The investigation campaign's detail: what each defect is (inspection's defect number, type and
 * blade, from `inspection.defect.*`), the outcome an engineer records per defect, and when the
 * campaign started and finished.
 */
export class DeliveryInvestigationResults1763700000630 implements MigrationInterface {
  name = 'DeliveryInvestigationResults1763700000630';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE ${s}.defect_ref ADD COLUMN defect_no text, ADD COLUMN defect_type text, ADD COLUMN blade_position integer`);
    await q.query(`ALTER TABLE ${s}.investigation_defect
      ADD COLUMN result integer CHECK (result BETWEEN 1 AND 3),
      ADD COLUMN notes text,
      ADD COLUMN result_by uuid,
      ADD COLUMN result_at timestamptz`);
    await q.query(`ALTER TABLE ${s}.investigation_campaign ADD COLUMN started_at timestamptz, ADD COLUMN completed_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE ${s}.investigation_campaign DROP COLUMN started_at, DROP COLUMN completed_at`);
    await q.query(`ALTER TABLE ${s}.investigation_defect DROP COLUMN result, DROP COLUMN notes, DROP COLUMN result_by, DROP COLUMN result_at`);
    await q.query(`ALTER TABLE ${s}.defect_ref DROP COLUMN defect_no, DROP COLUMN defect_type, DROP COLUMN blade_position`);
  }
}
