import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * Read model of inspection's labeling completeness (inspection.labeling.changed): the labeling
 * stage cannot be completed while the task's inspection has an unlabeled side (SPEC §5).
 * Its own table, so the event's arrival order relative to inspection.inspection.created does not matter.
 */
export class TaskFlowLabeling1763700000520 implements MigrationInterface {
  name = 'TaskFlowLabeling1763700000520';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE ${schemaOf(q)}.inspection_labeling (
      inspection_id uuid PRIMARY KEY,
      complete boolean NOT NULL,
      side_count int NOT NULL,
      labeled_side_count int NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${schemaOf(q)}.inspection_labeling`);
  }
}
