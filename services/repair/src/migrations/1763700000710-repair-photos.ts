import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/** Before/after photos of repair records (the bytes live in the shared file store under `repair/`). */
export class RepairPhotos1763700000710 implements MigrationInterface {
  name = 'RepairPhotos1763700000710';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.repair_photo (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      record_id uuid NOT NULL REFERENCES ${s}.repair_record(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('before', 'after')),
      file_key text NOT NULL,
      format text NOT NULL CHECK (format IN ('jpeg', 'png')),
      width int NOT NULL,
      height int NOT NULL,
      size_bytes int NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX repair_photo_record_ix ON ${s}.repair_photo (record_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${schemaOf(q)}.repair_photo`);
  }
}
