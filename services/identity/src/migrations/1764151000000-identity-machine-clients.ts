import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/** Machine clients of the OAuth2 client-credentials grant (drone ingestion and other software). */
export class IdentityMachineClients1764151000000 implements MigrationInterface {
  name = 'IdentityMachineClients1764151000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.machine_client (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      client_id text NOT NULL,
      name text NOT NULL,
      secret_hash text NOT NULL,
      rights text[] NOT NULL,
      customer_ids uuid[],
      park_ids uuid[],
      created_by uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz,
      CONSTRAINT machine_client_client_id_key UNIQUE (client_id))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${schemaOf(q)}.machine_client`);
  }
}
