import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/** Installed platform licences (docs/licence.md): every one is kept, the newest is in force. */
export class IdentityLicence1764160000000 implements MigrationInterface {
  name = 'IdentityLicence1764160000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE ${schemaOf(q)}.licence (
      id bigserial PRIMARY KEY,
      licence_text text NOT NULL,
      licence_id text NOT NULL,
      customer text NOT NULL,
      expires_at timestamptz NOT NULL,
      max_turbines int NOT NULL,
      modules text[] NOT NULL,
      installed_by uuid,
      installed_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${schemaOf(q)}.licence`);
  }
}
