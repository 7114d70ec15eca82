import { ParkChangeTriggersMigration, type ParkChangeLog, type ParkChangeTables } from '@windward/service-kit';

/**
 * The progress dashboard also reads the turbine copies (turbines planned) and the reports (approved
 * DPR totals): their writes log parks in the same change log (migration 1764900000000), so a
 * project's dashboard figures are kept per version of its parks. A report of a project without
 * parks logs the all-zero pseudo-park, which every key includes.
 */
const LOG: ParkChangeLog = { table: 'park_change', park: 'wind_farm_id' };
const EVERY_PARK = `'00000000-0000-0000-0000-000000000000'::uuid`;

export class DeliveryParkChangeDashboard1764900000100 extends ParkChangeTriggersMigration {
  name = 'DeliveryParkChangeDashboard1764900000100';
  protected readonly log = LOG;
  protected tables(s: string): ParkChangeTables {
    return {
      turbine_ref: (rel) => `SELECT wind_farm_id AS park FROM ${rel}`,
      dpr: (rel) =>
        `SELECT unnest(CASE WHEN cardinality(p.wind_park_ids) = 0 THEN ARRAY[${EVERY_PARK}] ELSE p.wind_park_ids END) AS park
         FROM ${rel} x JOIN ${s}.project p ON p.id = x.project_id`,
    };
  }
}
