import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * The active ("Latest") inspection per turbine and component, as inspection decides it
 * (inspection.inspection.created/updated carry `isActive`). Rows from before the flag travelled
 * start with the newest inspection of each turbine and component active, which is what asset
 * derived until now.
 */
export class AssetInspectionActive1763700000320 implements MigrationInterface {
  name = 'AssetInspectionActive1763700000320';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE ${s}.inspection_ref ADD COLUMN is_active boolean NOT NULL DEFAULT false`);
    await q.query(`UPDATE ${s}.inspection_ref r SET is_active = true
      WHERE NOT EXISTS (SELECT 1 FROM ${s}.inspection_ref n
        WHERE n.turbine_id = r.turbine_id AND n.component_type = r.component_type
          AND (n.inspection_date, n.inspection_id) > (r.inspection_date, r.inspection_id))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${schemaOf(q)}.inspection_ref DROP COLUMN is_active`);
  }
}
