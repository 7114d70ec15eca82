import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/** LPS and template imports applied from import.table.committed: the redelivery guard, with how each ended. */
export class InspectionTableIngest1764300000200 implements MigrationInterface {
  name = 'InspectionTableIngest1764300000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE ${schemaOf(q)}.table_ingest (
      table_import_id uuid PRIMARY KEY,
      kind text NOT NULL,
      ok boolean NOT NULL,
      created integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${schemaOf(q)}.table_ingest`);
  }
}
