import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * Drone uploads taken in from import.upload.completed: one row per upload (the redelivery and
 * replay guard), the event's payload, and how the ingest ended (the inspection, or the refusal).
 */
export class InspectionIngest1763700000410 implements MigrationInterface {
  name = 'InspectionIngest1763700000410';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    // pending: job queued; stored: inspection and image rows committed, tile jobs not yet all queued; done; failed.
    await q.query(`CREATE TABLE ${s}.upload_ingest (
      upload_task_id uuid PRIMARY KEY,
      payload jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'stored', 'done', 'failed')),
      inspection_id uuid REFERENCES ${s}.inspection(id) ON DELETE SET NULL,
      image_count int,
      error jsonb,
      job_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${schemaOf(q)}.upload_ingest`);
  }
}
