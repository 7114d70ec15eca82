import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/** Task stages completed, as task-flow announces them (taskflow.stage.completed): the progress dashboard counts them per project. */
export class DeliveryProgress1763700000610 implements MigrationInterface {
  name = 'DeliveryProgress1763700000610';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.stage_progress (
      task_id uuid NOT NULL,
      stage integer NOT NULL,
      inspection_id uuid NOT NULL,
      completed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (task_id, stage))`);
    await q.query(`CREATE INDEX stage_progress_inspection_idx ON ${s}.stage_progress (inspection_id)`);
    // Performance statistics read a time range of completions.
    await q.query(`CREATE INDEX stage_progress_completed_idx ON ${s}.stage_progress (completed_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${schemaOf(q)}.stage_progress`);
  }
}
