import { ParkChangeLogMigration, type ParkChangeLog, type ParkChangeTables } from '@windward/service-kit';

/**
 * A park change log (service-kit `ParkChangeLog`) over every table the O&M overview reads, so that
 * a customer's overview is kept per version of its parks (docs/data-center.md, "Kept answers"):
 * each writing statement logs the parks it touched, in the writing transaction.
 */
const LOG: ParkChangeLog = { table: 'park_change', park: 'wind_farm_id' };

export class RepairParkChange1764710000000 extends ParkChangeLogMigration {
  name = 'RepairParkChange1764710000000';
  protected readonly log = LOG;
  protected tables(s: string): ParkChangeTables {
    return {
      park_ref: (rel) => `SELECT wind_farm_id AS park FROM ${rel}`,
      turbine_ref: (rel) => `SELECT wind_farm_id AS park FROM ${rel}`,
      inspection_ref: (rel) => `SELECT wind_farm_id AS park FROM ${rel}`,
      // A defect may arrive before its park is known; its inspection's arrival then logs the park.
      defect_ref: (rel) =>
        `SELECT coalesce(x.wind_farm_id, i.wind_farm_id) AS park FROM ${rel} x LEFT JOIN ${s}.inspection_ref i ON i.inspection_id = x.inspection_id`,
      repair_campaign: (rel) => `SELECT wind_farm_id AS park FROM ${rel}`,
      repair_campaign_defect: (rel) => `SELECT c.wind_farm_id AS park FROM ${rel} x JOIN ${s}.repair_campaign c ON c.id = x.campaign_id`,
    };
  }
}
