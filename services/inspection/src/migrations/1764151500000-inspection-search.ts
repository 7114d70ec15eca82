import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * Data Center (issue #21): saved advanced-search queries per user, engineers' decisions on
 * growth-based upgrade suggestions, and the index the single-point
 * export and the blade-zone insights walk (turbine, blade, distance to root; regular defects only).
 * The park search uses the park indexes of the initial migration and inspection_park_idx.
 */
export class InspectionSearch1764151500000 implements MigrationInterface {
  name = 'InspectionSearch1764151500000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.saved_query (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL,
      name text NOT NULL,
      criteria jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX saved_query_user_name_uq ON ${s}.saved_query (user_id, name)`);
    await q.query(`CREATE TABLE ${s}.growth_decision (
      defect_id uuid PRIMARY KEY,
      decision text NOT NULL CONSTRAINT growth_decision_decision_check CHECK (decision IN ('ACCEPTED', 'DISMISSED')),
      suggested_severity smallint,
      suggested_priority smallint,
      decided_by text NOT NULL,
      decided_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX defect_point_idx ON ${s}.defect (turbine_id, blade_position, distance_to_root) WHERE NOT suggested`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP INDEX ${s}.defect_point_idx`);
    await q.query(`DROP TABLE ${s}.growth_decision`);
    await q.query(`DROP TABLE ${s}.saved_query`);
  }
}
