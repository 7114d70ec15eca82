import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * The download log (docs/reports.md "Download log"): one row per successful download of a report
 * file — who, which file, when. A copy of the file's names, so the log outlives the task.
 */
export class ReportDownloads1764170000200 implements MigrationInterface {
  name = 'ReportDownloads1764170000200';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.report_download (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      report_task_id uuid NOT NULL,
      user_id text NOT NULL,
      user_name text NOT NULL,
      file_name text NOT NULL,
      format text NOT NULL,
      scope_name text NOT NULL,
      file_size bigint,
      downloaded_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX report_download_user_idx ON ${s}.report_download (user_id, downloaded_at DESC, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${schemaOf(q)}.report_download`);
  }
}
