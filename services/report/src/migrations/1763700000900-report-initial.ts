import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * The report context: read models fed by events (asset's parks and turbines, delivery's projects,
 * inspection's inspections and defects), the Config Center's report templates and the per-user
 * report tasks (the download queue) with their render progress and stored file.
 */
export class ReportInitial1763700000900 implements MigrationInterface {
  name = 'ReportInitial1763700000900';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.park_ref (
      wind_farm_id uuid PRIMARY KEY,
      name text NOT NULL,
      customer_id uuid NOT NULL,
      active boolean NOT NULL DEFAULT true)`);
    await q.query(`CREATE TABLE ${s}.turbine_ref (
      turbine_id uuid PRIMARY KEY,
      wind_farm_id uuid NOT NULL,
      name text NOT NULL,
      deleted boolean NOT NULL DEFAULT false)`);
    await q.query(`CREATE INDEX turbine_ref_park_idx ON ${s}.turbine_ref (wind_farm_id)`);
    // delivery.project.*: the parks (and optionally turbines) a project covers; empty turbine list = every turbine of its parks.
    await q.query(`CREATE TABLE ${s}.project_ref (
      project_id uuid PRIMARY KEY,
      name text NOT NULL,
      customer_id uuid,
      wind_farm_ids uuid[] NOT NULL DEFAULT '{}',
      turbine_ids uuid[] NOT NULL DEFAULT '{}',
      deleted boolean NOT NULL DEFAULT false)`);
    // inspection.inspection.*: which inspection is the turbine's active one per component.
    await q.query(`CREATE TABLE ${s}.inspection_ref (
      inspection_id uuid PRIMARY KEY,
      turbine_id uuid NOT NULL,
      wind_farm_id uuid NOT NULL,
      inspection_date date NOT NULL,
      component_type smallint,
      package_type smallint NOT NULL,
      is_active boolean NOT NULL DEFAULT true)`);
    await q.query(`CREATE INDEX inspection_ref_turbine_idx ON ${s}.inspection_ref (turbine_id, component_type)`);
    // inspection.defect.*: what the report tables show; a deleted defect's row goes.
    await q.query(`CREATE TABLE ${s}.defect_ref (
      defect_id uuid PRIMARY KEY,
      inspection_id uuid NOT NULL,
      defect_no text,
      severity smallint,
      dps_status smallint NOT NULL,
      defect_type text,
      blade_position smallint,
      position smallint,
      distance_to_root numeric(8,2),
      size_length numeric(12,3),
      size_width numeric(12,3),
      repair_priority smallint,
      recommendation text)`);
    await q.query(`CREATE INDEX defect_ref_inspection_idx ON ${s}.defect_ref (inspection_id)`);

    // Config Center report templates; project_ids = projects that use it (a referenced template cannot be deleted, -8002).
    await q.query(`CREATE TABLE ${s}.report_template (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      sections text[] NOT NULL,
      logo text,
      customer_name text,
      language text CHECK (language IN ('en_us', 'zh_cn')),
      severity_labels jsonb NOT NULL DEFAULT '{}',
      project_ids uuid[] NOT NULL DEFAULT '{}',
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX report_template_name_uq ON ${s}.report_template (lower(name))`);

    // status: 0 queued, 1 rendering, 2 done, 3 failed, 4 expired (file removed by housekeeping).
    await q.query(`CREATE TABLE ${s}.report_task (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL,
      scope_type text NOT NULL CHECK (scope_type IN ('project', 'park', 'turbine', 'inspection')),
      scope_id uuid NOT NULL,
      scope_name text NOT NULL,
      format text NOT NULL CHECK (format IN ('pdf', 'docx', 'xlsx')),
      template_id uuid REFERENCES ${s}.report_template (id) ON DELETE SET NULL,
      locale text NOT NULL CHECK (locale IN ('en_us', 'zh_cn')),
      wind_farm_ids uuid[] NOT NULL,
      turbine_ids uuid[],
      severities smallint[],
      defect_count int NOT NULL,
      status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 4),
      progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      step text,
      error jsonb,
      job_id text,
      file_key text,
      file_name text,
      file_size bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz,
      expires_at timestamptz)`);
    await q.query(`CREATE INDEX report_task_user_idx ON ${s}.report_task (user_id, created_at DESC, id)`);
    await q.query(`CREATE INDEX report_task_expiry_idx ON ${s}.report_task (expires_at) WHERE status = 2`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    for (const t of ['report_task', 'report_template', 'defect_ref', 'inspection_ref', 'project_ref', 'turbine_ref', 'park_ref'])
      await q.query(`DROP TABLE ${s}.${t}`);
  }
}
