import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * Labeling edit locks: at most one holder per inspection, a lease the labeling tool renews
 * (heartbeat); an expired row is simply taken over by the next acquire (see locks/).
 */
export class InspectionEditLocks1763700000450 implements MigrationInterface {
  name = 'InspectionEditLocks1763700000450';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.edit_lock (
      inspection_id uuid PRIMARY KEY REFERENCES ${s}.inspection(id) ON DELETE CASCADE,
      holder_id text NOT NULL,
      holder_name text NOT NULL,
      acquired_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS ${schemaOf(q)}.edit_lock`);
  }
}
