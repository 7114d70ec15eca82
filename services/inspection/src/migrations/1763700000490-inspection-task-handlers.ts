import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/** Handlers of tasks (taskflow.task.handler-changed): they see the inspection whatever their scope. */
export class InspectionTaskHandlers1763700000490 implements MigrationInterface {
  name = 'InspectionTaskHandlers1763700000490';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.task_handler_ref (task_id uuid PRIMARY KEY, inspection_id uuid NOT NULL, handler_id uuid NOT NULL)`);
    await q.query(`CREATE INDEX task_handler_ref_handler_idx ON ${s}.task_handler_ref (handler_id, inspection_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS ${schemaOf(q)}.task_handler_ref`);
  }
}
