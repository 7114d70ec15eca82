import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * The labeling completeness last announced in `inspection.labeling.changed` (null: never), so the
 * event goes out only when it flips.
 */
export class InspectionLabelingState1763700000460 implements MigrationInterface {
  name = 'InspectionLabelingState1763700000460';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${schemaOf(q)}.inspection ADD COLUMN labeling_complete boolean`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${schemaOf(q)}.inspection DROP COLUMN labeling_complete`);
  }
}
