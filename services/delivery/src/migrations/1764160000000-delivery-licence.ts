import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createLicenceRefTable, schemaOf } from '@windward/service-kit';

/** The platform licence as identity announces it (docs/licence.md): manual projects respect its turbine quota. */
export class DeliveryLicence1764160000000 implements MigrationInterface {
  name = 'DeliveryLicence1764160000000';

  async up(q: QueryRunner): Promise<void> {
    await createLicenceRefTable(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${schemaOf(q)}.licence_ref`);
  }
}
