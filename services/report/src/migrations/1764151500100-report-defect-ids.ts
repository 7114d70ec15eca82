import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/** A report of exactly some defects (the Data Center search's Excel export, issue #21). */
export class ReportDefectIds1764151500100 implements MigrationInterface {
  name = 'ReportDefectIds1764151500100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${schemaOf(q)}.report_task ADD COLUMN defect_ids uuid[]`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${schemaOf(q)}.report_task DROP COLUMN defect_ids`);
  }
}
