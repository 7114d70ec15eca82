import type { MigrationInterface, QueryRunner } from 'typeorm';
import { addParkChangeTriggers, dropParkChangeTriggers, schemaOf, type ParkChangeLog, type ParkChangeTables } from '@windward/service-kit';

/**
 * A park's `search_change` weights (migration 1764600000000) become the version of everything the
 * Data Center's park-wide answers read, so that those answers can be kept per park version
 * (docs/data-center.md, "Kept answers"): the health care also reads the turbine references (a
 * turbine renamed, moved to another park or deleted), and the defect growth the engineers'
 * decisions. Both tables now log the parks each writing statement touched too, in the writing
 * transaction, like defects, images, inspections and repair marks.
 */
const LOG: ParkChangeLog = { table: 'search_change', park: 'wind_park_id' };
const tables = (s: string): ParkChangeTables => ({
  turbine_ref: (rel) => `SELECT wind_park_id AS park FROM ${rel}`,
  growth_decision: (rel) => `SELECT d.wind_park_id AS park FROM ${rel} x JOIN ${s}.defect d ON d.id = x.defect_id`,
});

export class InspectionParkChangeRefs1764700000000 implements MigrationInterface {
  name = 'InspectionParkChangeRefs1764700000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await addParkChangeTriggers(q, s, LOG, tables(s));
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await dropParkChangeTriggers(q, s, LOG, tables(s));
  }
}
