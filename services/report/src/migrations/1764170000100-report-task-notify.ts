import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * Live progress (docs/reports.md "Live progress"): every insert, update and delete of a report
 * task pg_notifies `<schema>_report_task` with the row's id, owner, status, progress and step (JSON),
 * so each state is its own message even when several arrive within the feed's batch. PostgreSQL
 * delivers it on commit: ReportLive (the kit's ChangeFeed) never announces a state not yet visible.
 */
export class ReportTaskNotify1764170000100 implements MigrationInterface {
  name = 'ReportTaskNotify1764170000100';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`
      CREATE FUNCTION ${s}.report_task_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE r record;
      BEGIN
        IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
        PERFORM pg_notify(TG_TABLE_SCHEMA || '_report_task', json_build_object(
          'id', r.id, 'userId', r.user_id, 'status', r.status, 'progress', r.progress, 'step', r.step, 'removed', TG_OP = 'DELETE')::text);
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER report_task_notify AFTER INSERT OR UPDATE OR DELETE ON ${s}.report_task
      FOR EACH ROW EXECUTE FUNCTION ${s}.report_task_notify()`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TRIGGER report_task_notify ON ${s}.report_task`);
    await q.query(`DROP FUNCTION ${s}.report_task_notify()`);
  }
}
