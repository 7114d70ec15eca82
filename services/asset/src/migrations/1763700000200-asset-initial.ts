import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

export class AssetInitial1763700000200 implements MigrationInterface {
  name = 'AssetInitial1763700000200';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.customer_ref (
      customer_id uuid PRIMARY KEY,
      name text NOT NULL,
      max_turbines int,
      deleted boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE TABLE ${s}.wind_park (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      customer_id uuid NOT NULL,
      latitude double precision,
      longitude double precision,
      province text, city text, region text,
      capacity_mw numeric(10,2),
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX wind_park_name_uq ON ${s}.wind_park (customer_id, lower(name))`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE ${s}.wind_park`);
    await q.query(`DROP TABLE ${s}.customer_ref`);
  }
}
