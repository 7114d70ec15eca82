import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * Photos of daily progress reports, uploaded to delivery (checked like inspection photos) and
 * attached to a report by id. Until now a report took file-store URIs from the client, which
 * nothing checked or served: those are dropped.
 */
export class DeliveryDprPhotos1763700000680 implements MigrationInterface {
  name = 'DeliveryDprPhotos1763700000680';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.dpr_photo (
      id uuid PRIMARY KEY,
      uploaded_by uuid NOT NULL,
      file_key text NOT NULL,
      format text NOT NULL,
      width int NOT NULL,
      height int NOT NULL,
      size_bytes int NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`UPDATE ${s}.dpr SET photos = '{}' WHERE cardinality(photos) > 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE ${s}.dpr_photo`);
  }
}
