import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * Delivery's projects as import keeps them (the kit's `keepProjectRef`): the workbook check of
 * step 2 puts each inspection date in a project of the park (-10038 none, -10039 several).
 */
export class ImportProjectRefs1764600000100 implements MigrationInterface {
  name = 'ImportProjectRefs1764600000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE ${schemaOf(q)}.project_ref (
      project_id uuid PRIMARY KEY, name text NOT NULL, status int NOT NULL, operation boolean NOT NULL DEFAULT false,
      customer_id uuid, wind_farm_ids uuid[] NOT NULL DEFAULT '{}', start_date date, end_date date)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${schemaOf(q)}.project_ref`);
  }
}
