import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

export class IdentityInitial1763700000100 implements MigrationInterface {
  name = 'IdentityInitial1763700000100';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.organization (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX organization_name_uq ON ${s}.organization (lower(name))`);
    await q.query(`CREATE TABLE ${s}.customer (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      customer_type_id int,
      max_flight_times int,
      max_turbines int,
      valid_date date,
      organization_id uuid REFERENCES ${s}.organization(id),
      address text, contactor text, post text, phone text,
      component_configs jsonb NOT NULL DEFAULT '[]',
      flow_configs jsonb NOT NULL DEFAULT '[]',
      severity_mapping jsonb NOT NULL DEFAULT '[]',
      version int NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX customer_name_uq ON ${s}.customer (lower(name))`);
    await q.query(`CREATE TABLE ${s}.app_user (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      username text NOT NULL,
      email text,
      display_name text NOT NULL,
      password_hash text NOT NULL,
      roles int[] NOT NULL DEFAULT '{}',
      organization_id uuid REFERENCES ${s}.organization(id),
      customer_ids uuid[] NOT NULL DEFAULT '{}',
      park_ids text[] NOT NULL DEFAULT '{}',
      rights_granted text[],
      active boolean NOT NULL DEFAULT true,
      valid_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX app_user_username_uq ON ${s}.app_user (lower(username))`);
    await q.query(`CREATE UNIQUE INDEX app_user_email_uq ON ${s}.app_user (lower(email)) WHERE email IS NOT NULL`);
    await q.query(`CREATE TABLE ${s}.refresh_token (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES ${s}.app_user(id) ON DELETE CASCADE,
      family_id uuid NOT NULL,
      token_hash text NOT NULL UNIQUE,
      client_id text NOT NULL,
      id_token text,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX refresh_token_family ON ${s}.refresh_token (family_id)`);
    await q.query(`CREATE TABLE ${s}.signing_key (
      kid text PRIMARY KEY,
      private_jwk jsonb NOT NULL,
      public_jwk jsonb NOT NULL,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE TABLE ${s}.login_failure (
      id bigserial PRIMARY KEY,
      username text NOT NULL,
      ip text NOT NULL,
      at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE TABLE ${s}.park_ref (
      park_id text PRIMARY KEY,
      customer_id uuid NOT NULL,
      name text NOT NULL)`);
    await q.query(`CREATE INDEX login_failure_lookup ON ${s}.login_failure (lower(username), ip, at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    for (const t of ['park_ref', 'login_failure', 'signing_key', 'refresh_token', 'app_user', 'customer', 'organization']) {
      await q.query(`DROP TABLE ${s}.${t}`);
    }
  }
}
