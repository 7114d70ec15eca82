import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * Spreadsheet imports (the 5-step wizard of SPEC §2): one row per wizard run. `status` is the
 * SPEC §4 file status 0..8, `task_status` the upload task status, `progress_code` the §4 progress
 * code 1..8, `step` the wizard step the console resumes at; `batch` is the verified content that
 * step 4 sends to inspection in one event; `findings` every located error of the last check.
 */
export class SheetImports1764151860000 implements MigrationInterface {
  name = 'SheetImports1764151860000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.sheet_import (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      wind_farm_id uuid NOT NULL,
      customer_id uuid,
      project_id uuid,
      component_type smallint NOT NULL,
      defect_template_id uuid,
      step smallint NOT NULL DEFAULT 2 CHECK (step BETWEEN 1 AND 5),
      status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 0 AND 8),
      task_status text NOT NULL DEFAULT 'PROCESSING' CHECK (task_status IN ('FAILED', 'SUCCEEDED', 'CANCELLED', 'PROCESSING')),
      progress_code smallint CHECK (progress_code BETWEEN 1 AND 8),
      queued_at timestamptz,
      file_name text,
      file_size bigint,
      findings jsonb NOT NULL DEFAULT '[]',
      batch jsonb,
      summary jsonb,
      inspections jsonb NOT NULL DEFAULT '[]',
      error jsonb,
      dismissed boolean NOT NULL DEFAULT false,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz)`);
    // -2003: at most one import per wind park in data processing (status 6 warehousing).
    await q.query(`CREATE UNIQUE INDEX sheet_import_processing_uq ON ${s}.sheet_import (wind_farm_id) WHERE status = 6`);
    await q.query(`CREATE INDEX sheet_import_user_idx ON ${s}.sheet_import (created_by, created_at DESC)`);
    await q.query(`CREATE INDEX sheet_import_queue_idx ON ${s}.sheet_import (queued_at) WHERE queued_at IS NOT NULL AND status = 5`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${schemaOf(q)}.sheet_import`);
  }
}
