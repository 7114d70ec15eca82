import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * Read model of inspection's defect-timeline links (inspection.timeline.linked/unlinked), for the
 * move guard: an inspection on either side of a link must be unlinked before it moves.
 * Keyed by the pair, so a replaced link's `.unlinked` never removes the new one, whatever the order.
 */
export class AssetTimelineLinks1763700000310 implements MigrationInterface {
  name = 'AssetTimelineLinks1763700000310';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.timeline_link_ref (
      inspection_id text NOT NULL,
      previous_inspection_id text NOT NULL,
      turbine_id uuid NOT NULL,
      PRIMARY KEY (inspection_id, previous_inspection_id))`);
    await q.query(`CREATE INDEX timeline_link_ref_previous_ix ON ${s}.timeline_link_ref (previous_inspection_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${schemaOf(q)}.timeline_link_ref`);
  }
}
