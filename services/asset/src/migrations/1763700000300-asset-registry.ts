import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * The asset registry: component types, turbines with blades, read models fed by other
 * contexts (inspections, defects, projects), inspection data configs, menus per customer.
 */
export class AssetRegistry1763700000300 implements MigrationInterface {
  name = 'AssetRegistry1763700000300';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.component_type (
      id uuid PRIMARY KEY,
      wind_park_id uuid NOT NULL REFERENCES ${s}.wind_park(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('generator', 'blade', 'nacelle', 'tower', 'foundation')),
      name text NOT NULL,
      manufacturer text,
      model text,
      length_m numeric(8,2),
      width_m numeric(8,2),
      height_m numeric(8,2),
      rated_power_kw numeric(10,1),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX component_type_name_uq ON ${s}.component_type (wind_park_id, kind, lower(name))`);
    // "Same Blade Manufacturer Name Already Exists": one blade type per manufacturer name in a park.
    await q.query(
      `CREATE UNIQUE INDEX component_type_blade_manufacturer_uq ON ${s}.component_type (wind_park_id, lower(manufacturer)) WHERE kind = 'blade'`,
    );

    await q.query(`CREATE TABLE ${s}.turbine (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      wind_park_id uuid NOT NULL REFERENCES ${s}.wind_park(id),
      name text NOT NULL,
      serial_number text,
      status int NOT NULL DEFAULT 0,
      generator_type_id uuid REFERENCES ${s}.component_type(id),
      blade_type_id uuid REFERENCES ${s}.component_type(id),
      nacelle_type_id uuid REFERENCES ${s}.component_type(id),
      tower_type_id uuid REFERENCES ${s}.component_type(id),
      foundation_type_id uuid REFERENCES ${s}.component_type(id),
      latitude double precision,
      longitude double precision,
      devices jsonb NOT NULL DEFAULT '[]',
      asset_configs jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX turbine_name_uq ON ${s}.turbine (wind_park_id, lower(name))`);
    await q.query(`CREATE UNIQUE INDEX turbine_serial_uq ON ${s}.turbine (lower(serial_number)) WHERE serial_number IS NOT NULL`);

    await q.query(`CREATE TABLE ${s}.blade (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      turbine_id uuid NOT NULL REFERENCES ${s}.turbine(id) ON DELETE CASCADE,
      position smallint NOT NULL CHECK (position BETWEEN 1 AND 3),
      name text NOT NULL,
      serial_number text NOT NULL,
      UNIQUE (turbine_id, position))`);
    await q.query(`CREATE UNIQUE INDEX blade_name_uq ON ${s}.blade (turbine_id, lower(name))`);
    await q.query(`CREATE UNIQUE INDEX blade_serial_uq ON ${s}.blade (turbine_id, lower(serial_number))`);

    // Read models of other contexts (no foreign keys: events may arrive in any order).
    await q.query(`CREATE TABLE ${s}.inspection_ref (
      inspection_id text PRIMARY KEY,
      turbine_id uuid NOT NULL,
      wind_park_id uuid NOT NULL,
      package_type int NOT NULL,
      component_type int NOT NULL,
      inspection_data_config_id text,
      inspection_date timestamptz NOT NULL)`);
    await q.query(`CREATE INDEX inspection_ref_turbine_ix ON ${s}.inspection_ref (turbine_id)`);
    await q.query(`CREATE INDEX inspection_ref_park_ix ON ${s}.inspection_ref (wind_park_id, component_type, inspection_date DESC)`);
    await q.query(`CREATE TABLE ${s}.defect_ref (
      defect_id text PRIMARY KEY,
      inspection_id text NOT NULL)`);
    await q.query(`CREATE INDEX defect_ref_inspection_ix ON ${s}.defect_ref (inspection_id)`);
    await q.query(`CREATE TABLE ${s}.project_ref (
      project_id text PRIMARY KEY,
      name text NOT NULL,
      status int NOT NULL,
      project_type int,
      customer_id uuid,
      operation boolean NOT NULL DEFAULT false,
      campaign_types int[] NOT NULL DEFAULT '{}',
      wind_park_ids uuid[] NOT NULL DEFAULT '{}',
      turbine_ids uuid[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX project_ref_parks_ix ON ${s}.project_ref USING gin (wind_park_ids)`);

    // Reference data with ids other contexts store (customer component configs), hence fixed.
    await q.query(`CREATE TABLE ${s}.inspection_data_config (
      id text PRIMARY KEY,
      name text NOT NULL UNIQUE,
      component_type int NOT NULL UNIQUE,
      sort int NOT NULL)`);
    await q.query(`INSERT INTO ${s}.inspection_data_config (id, name, component_type, sort) VALUES
      ('7d1c0001-0000-4000-8000-000000000001', 'Blade', 1, 1),
      ('7d1c0005-0000-4000-8000-000000000005', 'Blade Internal', 5, 2),
      ('7d1c0002-0000-4000-8000-000000000002', 'Tower', 2, 3),
      ('7d1c0004-0000-4000-8000-000000000004', 'Nacelle', 4, 4),
      ('7d1c0003-0000-4000-8000-000000000003', 'Foundation', 3, 5),
      ('7d1c0000-0000-4000-8000-000000000000', 'LPS', 0, 6)`);

    await q.query(`CREATE TABLE ${s}.menu (
      id int PRIMARY KEY,
      right_key text NOT NULL UNIQUE,
      parent_id int REFERENCES ${s}.menu(id),
      sort int NOT NULL)`);
    await q.query(`CREATE TABLE ${s}.customer_menu (
      customer_id uuid PRIMARY KEY,
      menu_ids int[] NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    for (const t of [
      'customer_menu',
      'menu',
      'inspection_data_config',
      'project_ref',
      'defect_ref',
      'inspection_ref',
      'blade',
      'turbine',
      'component_type',
    ]) {
      await q.query(`DROP TABLE ${s}.${t}`);
    }
  }
}
