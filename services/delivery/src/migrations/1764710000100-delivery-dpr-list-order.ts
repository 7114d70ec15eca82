import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * The report list's default order, newest report first (report date, then id, both descending):
 * a backward walk of this index stops after the page instead of sorting every report
 * (docs/performance.md, session 26).
 */
export class DeliveryDprListOrder1764710000100 implements MigrationInterface {
  name = 'DeliveryDprListOrder1764710000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX dpr_report_date_ix ON ${schemaOf(q)}.dpr (report_date, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ${schemaOf(q)}.dpr_report_date_ix`);
  }
}
