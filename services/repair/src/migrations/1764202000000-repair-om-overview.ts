import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * The O&M overview per customer (issue #21 point 7, docs/data-center.md): inspections learn their
 * component and active flag (a turbine's latest inspection per component, as asset's "Latest"),
 * and the indexes the per-park counts walk on large parks.
 */
export class RepairOmOverview1764202000000 implements MigrationInterface {
  name = 'RepairOmOverview1764202000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    // null = unknown (inspections announced before this migration): the latest date decides.
    await q.query(`ALTER TABLE ${s}.inspection_ref ADD COLUMN component_type smallint, ADD COLUMN is_active boolean,
      ADD COLUMN received_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`CREATE INDEX inspection_ref_turbine_ix ON ${s}.inspection_ref (turbine_id, inspection_date)`);
    // Covering: the open-defect count reads the index alone (index-only scan after vacuum), not the rows.
    await q.query(`CREATE INDEX defect_ref_inspection_ix ON ${s}.defect_ref (inspection_id) INCLUDE (defect_id, dps_status, repair_priority) WHERE NOT deleted`);
    await q.query(`CREATE INDEX turbine_ref_park_ix ON ${s}.turbine_ref (wind_farm_id) WHERE NOT deleted`);
    await q.query(`CREATE INDEX park_ref_customer_ix ON ${s}.park_ref (customer_id)`);
    await q.query(`CREATE INDEX repair_campaign_park_ix ON ${s}.repair_campaign (wind_farm_id, status)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    for (const ix of ['repair_campaign_park_ix', 'park_ref_customer_ix', 'turbine_ref_park_ix', 'defect_ref_inspection_ix', 'inspection_ref_turbine_ix']) {
      await q.query(`DROP INDEX IF EXISTS ${s}.${ix}`);
    }
    await q.query(`ALTER TABLE ${s}.inspection_ref DROP COLUMN component_type, DROP COLUMN is_active, DROP COLUMN received_at`);
  }
}
