import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * The repair centre: read models of other contexts (parks, turbines with blade lengths,
 * inspections, defects, users, O&M projects), repair-step templates, repair plans with batches,
 * repair campaigns with their defects, turbines, technicians and repair records.
 */
export class RepairInitial1763700000700 implements MigrationInterface {
  name = 'RepairInitial1763700000700';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    // --- read models (the kit's AssetRefsConsumer writes park_ref and turbine_ref) ---
    await q.query(`CREATE TABLE ${s}.park_ref (
      wind_farm_id uuid PRIMARY KEY, name text NOT NULL, customer_id uuid, active boolean NOT NULL DEFAULT true)`);
    await q.query(`CREATE TABLE ${s}.turbine_ref (
      turbine_id uuid PRIMARY KEY, name text NOT NULL, wind_farm_id uuid NOT NULL, deleted boolean NOT NULL DEFAULT false)`);
    await q.query(`CREATE TABLE ${s}.blade_ref (
      turbine_id uuid NOT NULL, position smallint NOT NULL, length_m numeric(8,2), PRIMARY KEY (turbine_id, position))`);
    await q.query(`CREATE TABLE ${s}.inspection_ref (
      inspection_id uuid PRIMARY KEY, turbine_id uuid NOT NULL, wind_farm_id uuid NOT NULL, inspection_date date NOT NULL)`);
    await q.query(`CREATE TABLE ${s}.defect_ref (
      defect_id uuid PRIMARY KEY,
      inspection_id uuid NOT NULL,
      wind_farm_id uuid,
      turbine_id uuid,
      defect_no text,
      defect_type text,
      severity smallint,
      blade_position smallint,
      distance_to_root numeric(8,2),
      repair_priority smallint,
      timeline_status text,
      dps_status smallint NOT NULL,
      deleted boolean NOT NULL DEFAULT false)`);
    await q.query(`CREATE INDEX defect_ref_park_ix ON ${s}.defect_ref (wind_farm_id, severity) WHERE NOT deleted`);
    await q.query(`CREATE TABLE ${s}.user_ref (
      user_id uuid PRIMARY KEY, username text NOT NULL, display_name text NOT NULL, roles int[] NOT NULL DEFAULT '{}',
      active boolean NOT NULL DEFAULT true, deleted boolean NOT NULL DEFAULT false)`);
    await q.query(`CREATE TABLE ${s}.project_ref (
      project_id uuid PRIMARY KEY, name text NOT NULL, status int NOT NULL, operation boolean NOT NULL DEFAULT false,
      customer_id uuid, wind_farm_ids uuid[] NOT NULL DEFAULT '{}', start_date date, end_date date)`);

    // --- repair-step templates ---
    await q.query(`CREATE TABLE ${s}.repair_template (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      steps jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX repair_template_name_uq ON ${s}.repair_template (lower(name))`);

    // --- repair plans ---
    await q.query(`CREATE TABLE ${s}.repair_plan (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      wind_farm_id uuid NOT NULL,
      customer_id uuid,
      version int NOT NULL DEFAULT 1,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX repair_plan_name_uq ON ${s}.repair_plan (lower(name))`);
    await q.query(`CREATE TABLE ${s}.repair_plan_batch (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      plan_id uuid NOT NULL REFERENCES ${s}.repair_plan(id) ON DELETE CASCADE,
      name text NOT NULL)`);
    await q.query(`CREATE UNIQUE INDEX repair_plan_batch_name_uq ON ${s}.repair_plan_batch (plan_id, lower(name))`);
    await q.query(`CREATE TABLE ${s}.repair_plan_defect (
      plan_id uuid NOT NULL REFERENCES ${s}.repair_plan(id) ON DELETE CASCADE,
      defect_id uuid NOT NULL,
      batch_id uuid REFERENCES ${s}.repair_plan_batch(id) ON DELETE SET NULL,
      template_id uuid REFERENCES ${s}.repair_template(id),
      PRIMARY KEY (plan_id, defect_id))`);
    await q.query(`CREATE INDEX repair_plan_defect_template_ix ON ${s}.repair_plan_defect (template_id)`);

    // --- repair campaigns ---
    await q.query(`CREATE TABLE ${s}.repair_campaign (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      plan_id uuid NOT NULL REFERENCES ${s}.repair_plan(id),
      name text NOT NULL,
      wind_farm_id uuid NOT NULL,
      customer_id uuid,
      project_id uuid,
      start_date date NOT NULL,
      end_date date NOT NULL CHECK (end_date >= start_date),
      status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX repair_campaign_name_uq ON ${s}.repair_campaign (lower(name))`);
    // A defect is repaired in one campaign only: the unique index is the last word under concurrency.
    await q.query(`CREATE TABLE ${s}.repair_campaign_defect (
      campaign_id uuid NOT NULL REFERENCES ${s}.repair_campaign(id) ON DELETE CASCADE,
      defect_id uuid NOT NULL UNIQUE,
      turbine_id uuid,
      repair_status smallint NOT NULL DEFAULT 1 CHECK (repair_status BETWEEN 1 AND 6),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (campaign_id, defect_id))`);
    await q.query(`CREATE TABLE ${s}.repair_campaign_turbine (
      campaign_id uuid NOT NULL REFERENCES ${s}.repair_campaign(id) ON DELETE CASCADE,
      turbine_id uuid NOT NULL,
      status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
      PRIMARY KEY (campaign_id, turbine_id))`);
    await q.query(`CREATE TABLE ${s}.repair_campaign_technician (
      campaign_id uuid NOT NULL REFERENCES ${s}.repair_campaign(id) ON DELETE CASCADE,
      user_id uuid NOT NULL,
      PRIMARY KEY (campaign_id, user_id))`);
    await q.query(`CREATE INDEX repair_campaign_technician_user_ix ON ${s}.repair_campaign_technician (user_id)`);
    await q.query(`CREATE TABLE ${s}.repair_record (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      campaign_id uuid NOT NULL REFERENCES ${s}.repair_campaign(id) ON DELETE CASCADE,
      defect_id uuid NOT NULL,
      technician_id uuid NOT NULL,
      repair_date date NOT NULL,
      distance_to_root numeric(8,2) NOT NULL,
      outcome smallint NOT NULL CHECK (outcome BETWEEN 2 AND 6),
      comment text NOT NULL DEFAULT '',
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX repair_record_defect_ix ON ${s}.repair_record (campaign_id, defect_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    for (const t of [
      'repair_record',
      'repair_campaign_technician',
      'repair_campaign_turbine',
      'repair_campaign_defect',
      'repair_campaign',
      'repair_plan_defect',
      'repair_plan_batch',
      'repair_plan',
      'repair_template',
      'project_ref',
      'user_ref',
      'defect_ref',
      'inspection_ref',
      'blade_ref',
      'turbine_ref',
      'park_ref',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${s}.${t}`);
    }
  }
}
