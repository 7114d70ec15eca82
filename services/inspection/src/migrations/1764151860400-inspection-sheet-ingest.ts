import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * Spreadsheet imports applied from import.sheet.committed: one row per import (the redelivery
 * guard) with how it ended: every inspection created, or none (the refusal).
 */
export class InspectionSheetIngest1764151860400 implements MigrationInterface {
  name = 'InspectionSheetIngest1764151860400';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.sheet_ingest (
      sheet_import_id uuid PRIMARY KEY,
      status text NOT NULL CHECK (status IN ('done', 'failed')),
      inspection_ids jsonb NOT NULL DEFAULT '[]',
      error jsonb,
      created_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${schemaOf(q)}.sheet_ingest`);
  }
}
