import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * The inspection context: read models of asset's parks/turbines/blades, inspections, images
 * (files live in the file store), defects with their timeline and internal/external links,
 * defect and LPS templates per customer, LPS measurements.
 */
export class InspectionInitial1763700000400 implements MigrationInterface {
  name = 'InspectionInitial1763700000400';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.park_ref (
      wind_park_id uuid PRIMARY KEY,
      name text NOT NULL,
      customer_id uuid NOT NULL,
      active boolean NOT NULL DEFAULT true)`);
    await q.query(`CREATE TABLE ${s}.turbine_ref (
      turbine_id uuid PRIMARY KEY,
      wind_park_id uuid NOT NULL,
      name text NOT NULL,
      serial_number text,
      deleted boolean NOT NULL DEFAULT false)`);
    await q.query(`CREATE TABLE ${s}.blade_ref (
      turbine_id uuid NOT NULL REFERENCES ${s}.turbine_ref(turbine_id) ON DELETE CASCADE,
      position smallint NOT NULL CHECK (position BETWEEN 1 AND 3),
      name text NOT NULL,
      serial_number text NOT NULL,
      length_m numeric(8,2),
      PRIMARY KEY (turbine_id, position))`);

    await q.query(`CREATE TABLE ${s}.inspection (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      turbine_id uuid NOT NULL,
      wind_park_id uuid NOT NULL,
      customer_id uuid NOT NULL,
      turbine_name text NOT NULL,
      package_type smallint NOT NULL,
      component_type smallint NOT NULL CHECK (component_type BETWEEN 0 AND 5),
      inspection_date date NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      pilot text,
      device_id text,
      inspection_data_config_id text,
      previous_inspection_id uuid REFERENCES ${s}.inspection(id),
      blades jsonb NOT NULL DEFAULT '[]',
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    // -10009: one inspection of a component per turbine and day; the index settles races.
    await q.query(`CREATE UNIQUE INDEX inspection_same_day_uq ON ${s}.inspection (turbine_id, component_type, inspection_date)`);
    await q.query(`CREATE INDEX inspection_park_idx ON ${s}.inspection (wind_park_id, inspection_date DESC, id)`);
    await q.query(
      `CREATE INDEX inspection_previous_idx ON ${s}.inspection (previous_inspection_id) WHERE previous_inspection_id IS NOT NULL`,
    );

    await q.query(`CREATE TABLE ${s}.image (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      inspection_id uuid NOT NULL REFERENCES ${s}.inspection(id) ON DELETE CASCADE,
      blade_position smallint CHECK (blade_position BETWEEN 1 AND 3),
      path smallint CHECK (path BETWEEN 1 AND 8),
      chamber int NOT NULL DEFAULT 0,
      section text,
      sort_index int NOT NULL DEFAULT 0,
      distance_to_root numeric(8,2),
      is_active boolean NOT NULL DEFAULT true,
      key_part_tag text,
      file_name text NOT NULL,
      format text NOT NULL CHECK (format IN ('jpeg', 'png')),
      width int NOT NULL,
      height int NOT NULL,
      size_bytes int NOT NULL,
      storage_prefix text NOT NULL,
      tile_status text NOT NULL DEFAULT 'pending' CHECK (tile_status IN ('pending', 'processing', 'done', 'failed')),
      tile_job_id text,
      tile_error text,
      tiled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX image_inspection_idx ON ${s}.image (inspection_id, blade_position, path, sort_index)`);

    await q.query(`CREATE TABLE ${s}.defect (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      inspection_id uuid NOT NULL REFERENCES ${s}.inspection(id) ON DELETE CASCADE,
      image_id uuid NOT NULL REFERENCES ${s}.image(id),
      wind_park_id uuid NOT NULL,
      turbine_id uuid NOT NULL,
      defect_no char(6) NOT NULL CHECK (defect_no ~ '^[0-9]{6}$'),
      severity smallint CHECK (severity BETWEEN 0 AND 5),
      defect_type text NOT NULL,
      layer text,
      affected_part text,
      recommendation text,
      size_length numeric(12,3),
      size_width numeric(12,3),
      position smallint CHECK (position BETWEEN 1 AND 8),
      blade_position smallint CHECK (blade_position BETWEEN 1 AND 3),
      distance_to_root numeric(8,2),
      chordwise_start numeric(12,3),
      chordwise_end numeric(12,3),
      repair_priority smallint CHECK (repair_priority BETWEEN 1 AND 4),
      polygon jsonb NOT NULL,
      dps_status smallint NOT NULL DEFAULT 2 CHECK (dps_status BETWEEN 0 AND 4),
      -- SPEC §3 DPS sort priority as a column, so the park list can walk an index in that order.
      dps_rank smallint GENERATED ALWAYS AS (CASE dps_status WHEN 4 THEN 0 WHEN 2 THEN 1 WHEN 3 THEN 2 WHEN 1 THEN 3 ELSE 4 END) STORED,
      timeline_status text NOT NULL DEFAULT 'NOT_APPLICABLE'
        CHECK (timeline_status IN ('NOT_APPLICABLE', 'NEW', 'INCREASED', 'STABLE', 'REPAIRED')),
      timeline_manual boolean NOT NULL DEFAULT false,
      previous_defect_id uuid,
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    // Defect numbers are unique within their inspection (docs/inspection.md).
    await q.query(`CREATE UNIQUE INDEX defect_no_uq ON ${s}.defect (inspection_id, defect_no)`);
    // Park lists (200,000 defects in one park): each sortable field walks an index in order.
    await q.query(`CREATE INDEX defect_park_dps_idx ON ${s}.defect (wind_park_id, dps_rank, id)`);
    await q.query(`CREATE INDEX defect_park_severity_idx ON ${s}.defect (wind_park_id, severity, id)`);
    await q.query(`CREATE INDEX defect_park_created_idx ON ${s}.defect (wind_park_id, created_at, id)`);
    // Filtered park lists count their matches: equality filters (status, severity, type) become index ranges.
    await q.query(`CREATE INDEX defect_park_filter_idx ON ${s}.defect (wind_park_id, dps_status, severity, lower(defect_type))`);
    await q.query(`CREATE INDEX defect_turbine_idx ON ${s}.defect (turbine_id, dps_rank, id)`);
    await q.query(`CREATE INDEX defect_inspection_idx ON ${s}.defect (inspection_id, dps_rank, id)`);
    await q.query(`CREATE INDEX defect_image_idx ON ${s}.defect (image_id)`);

    await q.query(`CREATE TABLE ${s}.defect_link (
      external_defect_id uuid NOT NULL REFERENCES ${s}.defect(id) ON DELETE CASCADE,
      internal_defect_id uuid NOT NULL REFERENCES ${s}.defect(id) ON DELETE CASCADE,
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (external_defect_id, internal_defect_id))`);
    await q.query(`CREATE INDEX defect_link_internal_idx ON ${s}.defect_link (internal_defect_id)`);

    await q.query(`CREATE TABLE ${s}.template_item (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      customer_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('type', 'severity', 'recommendation')),
      name text NOT NULL,
      level smallint CHECK (level BETWEEN 0 AND 5),
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX template_item_name_uq ON ${s}.template_item (customer_id, kind, lower(name))`);

    await q.query(`CREATE TABLE ${s}.lps_template (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      customer_id uuid NOT NULL,
      name text NOT NULL,
      min_ohm numeric(12,3),
      max_ohm numeric(12,3),
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX lps_template_name_uq ON ${s}.lps_template (customer_id, lower(name))`);

    await q.query(`CREATE TABLE ${s}.lps_measurement (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      inspection_id uuid NOT NULL REFERENCES ${s}.inspection(id) ON DELETE CASCADE,
      blade_position smallint NOT NULL CHECK (blade_position BETWEEN 1 AND 3),
      receptor_id text NOT NULL,
      side text NOT NULL CHECK (side IN ('PS', 'SS')),
      ohm numeric(12,3),
      open_circuit boolean NOT NULL DEFAULT false,
      min_ohm numeric(12,3),
      max_ohm numeric(12,3),
      ring_count int CHECK (ring_count >= 0),
      template_id uuid REFERENCES ${s}.lps_template(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (open_circuit OR ohm IS NOT NULL))`);
    await q.query(
      `CREATE UNIQUE INDEX lps_measurement_uq ON ${s}.lps_measurement (inspection_id, blade_position, lower(receptor_id), side)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    for (const t of [
      'lps_measurement',
      'lps_template',
      'template_item',
      'defect_link',
      'defect',
      'image',
      'inspection',
      'blade_ref',
      'turbine_ref',
      'park_ref',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${s}.${t}`);
    }
  }
}
