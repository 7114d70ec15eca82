import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * History lines as codes with parameters (contracts TaskLogKind), rendered in the reader's
 * language; `message` keeps only what a user typed. Older lines (kind NULL) keep their text.
 */
export class TaskFlowHistoryKinds1763700000540 implements MigrationInterface {
  name = 'TaskFlowHistoryKinds1763700000540';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${schemaOf(q)}.task_history ADD COLUMN kind text, ADD COLUMN params jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${schemaOf(q)}.task_history DROP COLUMN kind, DROP COLUMN params`);
  }
}
