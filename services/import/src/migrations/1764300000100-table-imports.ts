import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * LPS and template imports (issue #20 item 5): one row per uploaded workbook. REFUSED: import's
 * check found errors (`findings`), nothing was sent; PENDING: the batch event is out; SUCCEEDED /
 * FAILED: inspection's answer (FAILED with its located findings: nothing landed).
 */
export class TableImports1764300000100 implements MigrationInterface {
  name = 'TableImports1764300000100';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.table_import (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL CHECK (kind IN ('lps', 'templates')),
      wind_farm_id uuid,
      customer_id uuid,
      status text NOT NULL CHECK (status IN ('REFUSED', 'PENDING', 'SUCCEEDED', 'FAILED')),
      file_name text,
      rows integer NOT NULL DEFAULT 0,
      created integer NOT NULL DEFAULT 0,
      finding_count integer NOT NULL DEFAULT 0,
      findings jsonb NOT NULL DEFAULT '[]',
      inspection_ids jsonb NOT NULL DEFAULT '[]',
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz)`);
    await q.query(`CREATE INDEX table_import_user_idx ON ${s}.table_import (created_by, kind, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${schemaOf(q)}.table_import`);
  }
}
