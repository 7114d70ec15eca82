import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createLicenceRefTable, schemaOf } from '@windward/service-kit';

/** The platform licence as identity announces it (docs/licence.md): its turbine quota is enforced here. */
export class AssetLicence1764160000000 implements MigrationInterface {
  name = 'AssetLicence1764160000000';

  async up(q: QueryRunner): Promise<void> {
    await createLicenceRefTable(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${schemaOf(q)}.licence_ref`);
  }
}
