import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * Read models behind two guards (docs/task-flow.md): the defects of each inspection
 * (inspection.defect.created/deleted) — a labeling review cannot pass while one is unreviewed —
 * and each inspection's stitched blade paths (inspection.stitching.changed) — stitching cannot be
 * completed while a path is not stitched.
 */
export class TaskFlowReviewGuards1763700000550 implements MigrationInterface {
  name = 'TaskFlowReviewGuards1763700000550';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.inspection_defect (defect_id uuid PRIMARY KEY, inspection_id uuid NOT NULL)`);
    await q.query(`CREATE INDEX inspection_defect_inspection_ix ON ${s}.inspection_defect (inspection_id)`);
    await q.query(`CREATE TABLE ${s}.inspection_stitching (
      inspection_id uuid PRIMARY KEY,
      path_count int NOT NULL,
      stitched_path_count int NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE ${s}.inspection_stitching`);
    await q.query(`DROP TABLE ${s}.inspection_defect`);
  }
}
