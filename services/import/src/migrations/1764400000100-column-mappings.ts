import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * Saved column mappings (issue #20 item 7): a customer's names for another vendor's sheets and
 * columns and that vendor's severity scale, applied by the workbook check of step 2. A name is
 * unique per customer (any case). The sheet import remembers the mapping it was verified with.
 */
export class ColumnMappings1764400000100 implements MigrationInterface {
  name = 'ColumnMappings1764400000100';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.column_mapping (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      customer_id uuid NOT NULL,
      name text NOT NULL,
      sheets jsonb NOT NULL DEFAULT '[]',
      columns jsonb NOT NULL DEFAULT '[]',
      severities jsonb NOT NULL DEFAULT '[]',
      ignore_other_columns boolean NOT NULL DEFAULT false,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX column_mapping_name_uq ON ${s}.column_mapping (customer_id, lower(name))`);
    await q.query(`ALTER TABLE ${s}.sheet_import ADD COLUMN mapping_id uuid REFERENCES ${s}.column_mapping (id) ON DELETE SET NULL`);
    await q.query(`ALTER TABLE ${s}.sheet_import ADD COLUMN mapping_name text`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE ${s}.sheet_import DROP COLUMN mapping_name, DROP COLUMN mapping_id`);
    await q.query(`DROP TABLE ${s}.column_mapping`);
  }
}
