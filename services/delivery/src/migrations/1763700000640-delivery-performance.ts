import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * Performance per person and team: every `taskflow.stage.completed` (a review's reject too) with
 * who did it, the time spent and the inspection's images and defects, and identity's users (their
 * name and organization = team).
 */
export class DeliveryPerformance1763700000640 implements MigrationInterface {
  name = 'DeliveryPerformance1763700000640';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.user_ref (
      user_id uuid PRIMARY KEY,
      display_name text NOT NULL,
      organization_id uuid,
      deleted boolean NOT NULL DEFAULT false)`);
    await q.query(`CREATE TABLE ${s}.stage_work (
      id bigserial PRIMARY KEY,
      task_id uuid NOT NULL,
      stage integer NOT NULL,
      inspection_id uuid NOT NULL,
      handler_id uuid,
      handler_name text,
      qa_outcome text CHECK (qa_outcome IN ('PASS', 'REJECT')),
      reviewed_handler_id uuid,
      qa_added integer,
      qa_deleted integer,
      qa_modified integer,
      qa_correct integer,
      spent_seconds integer,
      image_count integer,
      defect_count integer,
      completed_at timestamptz NOT NULL DEFAULT now())`);
    // Statistics read a time range; "the latest completion of a task's stage" reads per task and stage.
    await q.query(`CREATE INDEX stage_work_completed_idx ON ${s}.stage_work (completed_at)`);
    await q.query(`CREATE INDEX stage_work_task_idx ON ${s}.stage_work (task_id, stage, completed_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE ${s}.stage_work`);
    await q.query(`DROP TABLE ${s}.user_ref`);
  }
}
