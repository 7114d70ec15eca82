import { ParkChangeLogMigration, type ParkChangeLog, type ParkChangeTables } from '@windward/service-kit';

/**
 * A park change log (service-kit `ParkChangeLog`) over every table the performance statistics and
 * the progress dashboard read, so that their answers are kept per park version (docs/delivery.md,
 * "Progress dashboard and statistics"): each writing statement logs the parks it touched, in the
 * writing transaction. What belongs to no park logs the all-zero id, which every key includes:
 * people's and teams' names, and the reports of a project without parks.
 */
const LOG: ParkChangeLog = { table: 'park_change', park: 'wind_farm_id' };
const EVERY_PARK = `'00000000-0000-0000-0000-000000000000'::uuid`;

export class DeliveryParkChange1764900000000 extends ParkChangeLogMigration {
  name = 'DeliveryParkChange1764900000000';
  protected readonly log = LOG;
  protected tables(s: string): ParkChangeTables {
    return {
      // A stage may be announced before its inspection is known; the inspection's arrival then logs the park.
      stage_progress: (rel) =>
        `SELECT i.wind_farm_id AS park FROM ${rel} x JOIN ${s}.inspection_ref i ON i.inspection_id = x.inspection_id`,
      stage_work: (rel) => `SELECT i.wind_farm_id AS park FROM ${rel} x JOIN ${s}.inspection_ref i ON i.inspection_id = x.inspection_id`,
      inspection_ref: (rel) => `SELECT wind_farm_id AS park FROM ${rel}`,
      project: (rel) => `SELECT unnest(wind_park_ids) AS park FROM ${rel}`,
      user_ref: (rel) => `SELECT ${EVERY_PARK} AS park FROM ${rel}`,
      organization_ref: (rel) => `SELECT ${EVERY_PARK} AS park FROM ${rel}`,
      turbine_ref: (rel) => `SELECT wind_farm_id AS park FROM ${rel}`,
      dpr: (rel) =>
        `SELECT unnest(CASE WHEN cardinality(p.wind_park_ids) = 0 THEN ARRAY[${EVERY_PARK}] ELSE p.wind_park_ids END) AS park
         FROM ${rel} x JOIN ${s}.project p ON p.id = x.project_id`,
    };
  }
}
