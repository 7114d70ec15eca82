import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createAssetRefTables, schemaOf } from '@windward/service-kit';

/**
 * The delivery context: read copies of asset's parks and turbines, identity's customers and
 * organizations and inspection's inspections; projects, inspection campaigns, DPR activities,
 * DPR templates and daily progress reports.
 */
export class DeliveryInitial1763700000600 implements MigrationInterface {
  name = 'DeliveryInitial1763700000600';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    // The kit's AssetRefsConsumer writes these two with raw SQL (same shape in every service).
    await createAssetRefTables(q);
    await q.query(`CREATE INDEX turbine_ref_park_idx ON ${s}.turbine_ref (wind_farm_id) WHERE NOT deleted`);
    await q.query(`CREATE TABLE ${s}.customer_ref (
      customer_id uuid PRIMARY KEY,
      name text NOT NULL,
      organization_id uuid,
      max_turbines integer,
      deleted boolean NOT NULL DEFAULT false)`);
    await q.query(`CREATE TABLE ${s}.organization_ref (
      organization_id uuid PRIMARY KEY,
      name text NOT NULL,
      deleted boolean NOT NULL DEFAULT false)`);
    await q.query(`CREATE TABLE ${s}.inspection_ref (
      inspection_id uuid PRIMARY KEY,
      turbine_id uuid NOT NULL,
      wind_farm_id uuid NOT NULL,
      component_type integer,
      inspection_data_config_id uuid,
      inspection_date date NOT NULL)`);
    await q.query(`CREATE INDEX inspection_ref_park_idx ON ${s}.inspection_ref (wind_farm_id, inspection_date)`);

    await q.query(`CREATE TABLE ${s}.dpr_activity (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      unit text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX dpr_activity_name_uq ON ${s}.dpr_activity (lower(name))`);
    await q.query(`CREATE TABLE ${s}.dpr_template (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      activity_ids uuid[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX dpr_template_name_uq ON ${s}.dpr_template (lower(name))`);

    await q.query(`CREATE TABLE ${s}.project (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      project_type integer NOT NULL,
      sub_type integer,
      service_type integer,
      status integer NOT NULL DEFAULT 1,
      operation boolean NOT NULL DEFAULT false,
      operation_project_id uuid,
      customer_id uuid,
      organization_id uuid,
      wind_park_ids uuid[] NOT NULL DEFAULT '{}',
      internal_turbine_ids uuid[] NOT NULL DEFAULT '{}',
      external_turbine_ids uuid[] NOT NULL DEFAULT '{}',
      operators jsonb NOT NULL DEFAULT '[]',
      planned_volume integer,
      start_time timestamptz,
      end_time timestamptz,
      defect_template_id uuid,
      dpr_template_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT project_type_check CHECK (project_type BETWEEN 1 AND 5),
      CONSTRAINT project_status_check CHECK (status BETWEEN 1 AND 3),
      CONSTRAINT project_operation_project_id_fkey FOREIGN KEY (operation_project_id) REFERENCES ${s}.project (id) ON DELETE SET NULL,
      CONSTRAINT project_dpr_template_id_fkey FOREIGN KEY (dpr_template_id) REFERENCES ${s}.dpr_template (id))`);
    // SPEC §8 -6008: O&M project names are unique (case-insensitively); the index is the last word.
    await q.query(`CREATE UNIQUE INDEX project_operation_name_uq ON ${s}.project (lower(name)) WHERE operation`);
    await q.query(`CREATE INDEX project_parks_ix ON ${s}.project USING gin (wind_park_ids)`);

    await q.query(`CREATE TABLE ${s}.inspection_campaign (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL,
      name text NOT NULL,
      campaign_type integer NOT NULL,
      status integer NOT NULL DEFAULT 1,
      active boolean NOT NULL DEFAULT true,
      wind_park_ids uuid[] NOT NULL DEFAULT '{}',
      start_time timestamptz,
      end_time timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT inspection_campaign_type_check CHECK (campaign_type BETWEEN 1 AND 5),
      CONSTRAINT inspection_campaign_status_check CHECK (status BETWEEN 1 AND 3),
      CONSTRAINT inspection_campaign_project_id_fkey FOREIGN KEY (project_id) REFERENCES ${s}.project (id) ON DELETE CASCADE)`);
    await q.query(`CREATE UNIQUE INDEX inspection_campaign_name_uq ON ${s}.inspection_campaign (lower(name))`);
    await q.query(`CREATE INDEX inspection_campaign_project_ix ON ${s}.inspection_campaign (project_id)`);

    await q.query(`CREATE TABLE ${s}.dpr (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL,
      campaign_id uuid,
      report_date date NOT NULL,
      status text NOT NULL DEFAULT 'SUBMITTED',
      items jsonb NOT NULL DEFAULT '[]',
      weather text,
      downtime_hours numeric(6,2),
      comments text,
      photos text[] NOT NULL DEFAULT '{}',
      submitted_by uuid NOT NULL,
      submitted_by_name text NOT NULL,
      reviewed_by uuid,
      reviewed_by_name text,
      reviewed_at timestamptz,
      review_comment text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT dpr_status_check CHECK (status IN ('SUBMITTED', 'APPROVED', 'REJECTED')),
      CONSTRAINT dpr_project_id_fkey FOREIGN KEY (project_id) REFERENCES ${s}.project (id) ON DELETE CASCADE,
      CONSTRAINT dpr_campaign_id_fkey FOREIGN KEY (campaign_id) REFERENCES ${s}.inspection_campaign (id) ON DELETE SET NULL)`);
    await q.query(`CREATE INDEX dpr_project_date_ix ON ${s}.dpr (project_id, report_date)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    for (const t of ['dpr', 'inspection_campaign', 'project', 'dpr_template', 'dpr_activity', 'inspection_ref', 'organization_ref', 'customer_ref', 'turbine_ref', 'park_ref']) {
      await q.query(`DROP TABLE ${s}.${t}`);
    }
  }
}
