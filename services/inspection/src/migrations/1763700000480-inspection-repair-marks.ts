import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/** Defects the repair centre announced as repaired (repair.defect.repaired): the timeline shows them repaired. */
export class InspectionRepairMarks1763700000480 implements MigrationInterface {
  name = 'InspectionRepairMarks1763700000480';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE ${schemaOf(q)}.repair_mark (
      defect_id uuid PRIMARY KEY,
      campaign_id uuid NOT NULL,
      repair_status smallint NOT NULL,
      repaired_at timestamptz NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${schemaOf(q)}.repair_mark`);
  }
}
