import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * The data scope of each user (and the demo's start stage of an inspection's task, below) (identity.user.* customerIds/parkIds): a stage may only be assigned
 * to someone who works on the task's customer and park (docs/roles.md). NULL = not announced yet
 * (users known before this migration until identity announces them again): not checked.
 */
export class TaskFlowHandlerScope1763700000530 implements MigrationInterface {
  name = 'TaskFlowHandlerScope1763700000530';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${schemaOf(q)}.user_ref ADD COLUMN customer_ids uuid[], ADD COLUMN park_ids text[]`);
    // Demo data only: the stage the demo's task of an inspection waits at (InspectionCreatedPayload.demoStage).
    await q.query(`ALTER TABLE ${schemaOf(q)}.inspection_ref ADD COLUMN demo_stage int`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${schemaOf(q)}.inspection_ref DROP COLUMN demo_stage`);
    await q.query(`ALTER TABLE ${schemaOf(q)}.user_ref DROP COLUMN customer_ids, DROP COLUMN park_ids`);
  }
}
