import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/** Time the handler spent on a stage (the work tools report it while their page is visible). */
export class TaskFlowSpentTime1763700000510 implements MigrationInterface {
  name = 'TaskFlowSpentTime1763700000510';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE ${s}.task_stage ADD COLUMN spent_seconds int NOT NULL DEFAULT 0 CHECK (spent_seconds >= 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE ${s}.task_stage DROP COLUMN spent_seconds`);
  }
}
