import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/**
 * Single sign-on subject binding, usage logs (SPEC §7 usage logging) and the indexes the user
 * lists, scope filters and login-failure pruning need.
 */
export class IdentityAccess1763700000110 implements MigrationInterface {
  name = 'IdentityAccess1763700000110';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    // The identity provider's `sub`, bound at the first SSO sign-in so later matches do not depend on e-mail.
    await q.query(`ALTER TABLE ${s}.app_user ADD COLUMN sso_subject text`);
    await q.query(`CREATE UNIQUE INDEX app_user_sso_subject_uq ON ${s}.app_user (sso_subject) WHERE sso_subject IS NOT NULL`);
    await q.query(`CREATE INDEX app_user_organization ON ${s}.app_user (organization_id)`);
    await q.query(`CREATE INDEX app_user_customer_ids ON ${s}.app_user USING gin (customer_ids)`);
    await q.query(`CREATE INDEX login_failure_at ON ${s}.login_failure (at)`);
    await q.query(`CREATE INDEX refresh_token_user ON ${s}.refresh_token (user_id)`);
    await q.query(`CREATE INDEX park_ref_customer ON ${s}.park_ref (customer_id)`);
    // No foreign key to app_user: usage history outlives deleted accounts.
    await q.query(`CREATE TABLE ${s}.usage_log (
      id bigserial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('route', 'trace')),
      user_id uuid NOT NULL,
      method text,
      url text,
      trigger_at timestamptz NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX usage_log_trigger_at ON ${s}.usage_log (trigger_at DESC, id DESC)`);
    await q.query(`CREATE INDEX usage_log_user ON ${s}.usage_log (user_id, trigger_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE ${s}.usage_log`);
    for (const i of [
      'park_ref_customer',
      'refresh_token_user',
      'login_failure_at',
      'app_user_customer_ids',
      'app_user_organization',
      'app_user_sso_subject_uq',
    ]) {
      await q.query(`DROP INDEX ${s}.${i}`);
    }
    await q.query(`ALTER TABLE ${s}.app_user DROP COLUMN sso_subject`);
  }
}
