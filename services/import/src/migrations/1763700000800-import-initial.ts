import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createAssetRefTables, schemaOf } from '@windward/service-kit';

/**
 * The import context: read models of asset's parks and turbines (an upload names a park and a
 * turbine of it) and the drone upload tasks with their archive verification state.
 */
export class ImportInitial1763700000800 implements MigrationInterface {
  name = 'ImportInitial1763700000800';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await createAssetRefTables(q);
    await q.query(`CREATE INDEX turbine_ref_name_idx ON ${s}.turbine_ref (wind_farm_id, lower(name)) WHERE NOT deleted`);

    // status = SPEC §4 upload file statuses 0..8; errors = [{code, params?, entries?}] of the last refusal.
    await q.query(`CREATE TABLE ${s}.upload_task (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      wind_farm_id uuid NOT NULL,
      turbine_id uuid NOT NULL,
      turbine_name text NOT NULL,
      inspection_date date NOT NULL,
      campaign_id uuid,
      package_type smallint NOT NULL,
      component_type smallint NOT NULL,
      drone_id text,
      status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 0 AND 8),
      progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      progress_message text,
      errors jsonb NOT NULL DEFAULT '[]',
      archive_name text,
      archive_size bigint,
      image_count int,
      manifest_key text,
      verify_job_id text,
      logs jsonb NOT NULL DEFAULT '[]',
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      uploaded_at timestamptz,
      verified_at timestamptz,
      completed_at timestamptz)`);
    // -10009 as inspection words it: one upload (so one inspection) per turbine, component and day.
    await q.query(`CREATE UNIQUE INDEX upload_task_same_day_uq ON ${s}.upload_task (turbine_id, component_type, inspection_date)`);
    await q.query(`CREATE INDEX upload_task_park_idx ON ${s}.upload_task (wind_farm_id, created_at DESC, id)`);
    await q.query(`CREATE INDEX upload_task_created_idx ON ${s}.upload_task (created_at DESC, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE ${s}.upload_task`);
    await q.query(`DROP TABLE ${s}.turbine_ref`);
    await q.query(`DROP TABLE ${s}.park_ref`);
  }
}
