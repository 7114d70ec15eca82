import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/** Machine clients identity revoked: their still-valid tokens are refused on upload routes. */
export class ImportRevokedClients1764151000100 implements MigrationInterface {
  name = 'ImportRevokedClients1764151000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE ${schemaOf(q)}.revoked_client (
      machine_client_id uuid PRIMARY KEY,
      client_id text NOT NULL,
      revoked_at timestamptz NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${schemaOf(q)}.revoked_client`);
  }
}
