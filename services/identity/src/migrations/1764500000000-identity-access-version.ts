import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/** A user's access version (token claim `av`): raised when roles, rights or data scope change (issue #16). */
export class IdentityAccessVersion1764500000000 implements MigrationInterface {
  name = 'IdentityAccessVersion1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${schemaOf(q)}.app_user ADD COLUMN access_version int NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${schemaOf(q)}.app_user DROP COLUMN access_version`);
  }
}
