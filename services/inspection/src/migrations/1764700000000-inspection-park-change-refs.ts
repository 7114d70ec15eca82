import { ParkChangeTriggersMigration, type ParkChangeLog, type ParkChangeTables } from '@windward/service-kit';

/**
 * A park's `search_change` weights (migration 1764600000000) become the version of everything the
 * Data Center's park-wide answers read, so that those answers can be kept per park version
 * (docs/data-center.md, "Kept answers"): the health care also reads the turbine references (a
 * turbine renamed, moved to another park or deleted), and the defect growth the engineers'
 * decisions. Both tables now log the parks each writing statement touched too, in the writing
 * transaction, like defects, images, inspections and repair marks.
 */
const LOG: ParkChangeLog = { table: 'search_change', park: 'wind_park_id' };

export class InspectionParkChangeRefs1764700000000 extends ParkChangeTriggersMigration {
  name = 'InspectionParkChangeRefs1764700000000';
  protected readonly log = LOG;
  protected tables(s: string): ParkChangeTables {
    return {
      turbine_ref: (rel) => `SELECT wind_park_id AS park FROM ${rel}`,
      growth_decision: (rel) => `SELECT d.wind_park_id AS park FROM ${rel} x JOIN ${s}.defect d ON d.id = x.defect_id`,
    };
  }
}
