import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/** An image archive of a search's images, with or without defects (`[{inspectionId, imageId}]`, issue #21). */
export class ReportArchiveImages1764202000100 implements MigrationInterface {
  name = 'ReportArchiveImages1764202000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${schemaOf(q)}.report_task ADD COLUMN archive_images jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${schemaOf(q)}.report_task DROP COLUMN archive_images`);
  }
}
