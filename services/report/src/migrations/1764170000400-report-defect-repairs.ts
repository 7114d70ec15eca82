import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * Repair outcomes in their own table, keyed by defect: repair's `repair.defect.repaired` and
 * inspection's defect events travel on different topics, so an outcome may arrive before the
 * defect's copy does. An UPDATE of the copy then changed nothing and the outcome was lost; a row
 * of its own waits for the defect, and reports join it.
 */
export class ReportDefectRepairs1764170000400 implements MigrationInterface {
  name = 'ReportDefectRepairs1764170000400';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.defect_repair (
      defect_id uuid PRIMARY KEY,
      repair_status smallint NOT NULL,
      repaired_at timestamptz
    )`);
    await q.query(`INSERT INTO ${s}.defect_repair (defect_id, repair_status, repaired_at)
      SELECT defect_id, repair_status, repaired_at FROM ${s}.defect_ref WHERE repair_status IS NOT NULL`);
    await q.query(`ALTER TABLE ${s}.defect_ref DROP COLUMN repair_status, DROP COLUMN repaired_at`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE ${s}.defect_ref ADD COLUMN repair_status smallint, ADD COLUMN repaired_at timestamptz`);
    await q.query(`UPDATE ${s}.defect_ref d SET repair_status = r.repair_status, repaired_at = r.repaired_at
      FROM ${s}.defect_repair r WHERE r.defect_id = d.defect_id`);
    await q.query(`DROP TABLE ${s}.defect_repair`);
  }
}
