import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/** Report tasks may be image archives (`zip`, the Data Center's image export). */
export class ReportImageArchive1764170001400 implements MigrationInterface {
  name = 'ReportImageArchive1764170001400';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE ${s}.report_task DROP CONSTRAINT IF EXISTS report_task_format_check`);
    await q.query(`ALTER TABLE ${s}.report_task ADD CONSTRAINT report_task_format_check CHECK (format IN ('pdf', 'docx', 'xlsx', 'zip'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DELETE FROM ${s}.report_task WHERE format = 'zip'`);
    await q.query(`ALTER TABLE ${s}.report_task DROP CONSTRAINT IF EXISTS report_task_format_check`);
    await q.query(`ALTER TABLE ${s}.report_task ADD CONSTRAINT report_task_format_check CHECK (format IN ('pdf', 'docx', 'xlsx'))`);
  }
}
