import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@windward/service-kit';

/** `defect.dps_rank`'s expression as migration 1763700000400 created it (the entity's DPS_RANK_SQL). */
const DPS_RANK = 'CASE dps_status WHEN 4 THEN 0 WHEN 2 THEN 1 WHEN 3 THEN 2 WHEN 1 THEN 3 ELSE 4 END';

/**
 * TypeORM keeps the expressions of generated columns in its own `typeorm_metadata` table
 * (PostgreSQL formats its copy differently) and reads it whenever it compares a table with the
 * entities (schema.test.ts). `defect.dps_rank` is generated since the first migration but no
 * migration recorded it, so the database itself lacks the row: create the table and record the
 * expression as TypeORM would have. Nothing else changes.
 */
export class InspectionTypeormMetadata1763700000470 implements MigrationInterface {
  name = 'InspectionTypeormMetadata1763700000470';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE IF NOT EXISTS ${s}.typeorm_metadata (
      "type" varchar NOT NULL, "database" varchar, "schema" varchar, "table" varchar, "name" varchar, "value" text)`);
    await q.query(
      `INSERT INTO ${s}.typeorm_metadata ("type", "database", "schema", "table", "name", "value")
       VALUES ('GENERATED_COLUMN', current_database(), $1, 'defect', 'dps_rank', $2)`,
      [s.replace(/"/g, ''), DPS_RANK],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DELETE FROM ${schemaOf(q)}.typeorm_metadata WHERE "type" = 'GENERATED_COLUMN' AND "table" = 'defect' AND "name" = 'dps_rank'`,
    );
  }
}
