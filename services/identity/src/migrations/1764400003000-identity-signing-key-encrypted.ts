import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * The token-signing private key is kept encrypted (AES-256-GCM, key from SIGNING_KEY_SECRET;
 * docs/security.md). Existing plain keys are encrypted by identity at its next start, which
 * knows the secret; a migration does not.
 */
export class IdentitySigningKeyEncrypted1764400003000 implements MigrationInterface {
  name = 'IdentitySigningKeyEncrypted1764400003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${schemaOf(q)}.signing_key ADD COLUMN private_jwk_enc text, ALTER COLUMN private_jwk DROP NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${schemaOf(q)}.signing_key DROP COLUMN private_jwk_enc`);
  }
}
