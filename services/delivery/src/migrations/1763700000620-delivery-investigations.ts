import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/** Investigations: inspection's defects (the pool) and investigation campaigns, a defect in one campaign only. */
export class DeliveryInvestigations1763700000620 implements MigrationInterface {
  name = 'DeliveryInvestigations1763700000620';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE ${s}.defect_ref (
      defect_id uuid PRIMARY KEY,
      inspection_id uuid NOT NULL,
      severity integer,
      deleted boolean NOT NULL DEFAULT false)`);
    await q.query(`CREATE INDEX defect_ref_inspection_idx ON ${s}.defect_ref (inspection_id)`);
    await q.query(`CREATE TABLE ${s}.investigation_campaign (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      wind_farm_id uuid NOT NULL,
      status integer NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 3),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX investigation_campaign_name_uq ON ${s}.investigation_campaign (lower(name))`);
    // The primary key on defect_id is the "a defect in one campaign only" rule's last word.
    await q.query(`CREATE TABLE ${s}.investigation_defect (
      defect_id uuid PRIMARY KEY,
      campaign_id uuid NOT NULL REFERENCES ${s}.investigation_campaign (id) ON DELETE CASCADE,
      added_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX investigation_defect_campaign_idx ON ${s}.investigation_defect (campaign_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE ${s}.investigation_defect`);
    await q.query(`DROP TABLE ${s}.investigation_campaign`);
    await q.query(`DROP TABLE ${s}.defect_ref`);
  }
}
