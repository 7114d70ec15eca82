import type { DataSource } from 'typeorm';
import { parkVersions as versions, type ParkChangeLog } from '@windward/service-kit';
import { schemaName } from './columns.js';

/**
 * Inspection's park change log (service-kit `ParkChangeLog`): a row per park and writing statement
 * on defects, images, inspections, repair marks (migration 1764600000000, for the search's counts),
 * turbine references and growth decisions (1764700000000). Everything the Data Center reads of a
 * park is kept per park version.
 */
export const PARK_CHANGES: ParkChangeLog = { table: 'search_change', park: 'wind_park_id' };

/** Each park's version (service-kit `parkVersions`). */
export function parkVersions(ds: DataSource, parkIds: string[]): Promise<Map<string, string>> {
  return versions(ds, schemaName(ds), PARK_CHANGES, parkIds);
}

/** One park's version. */
export async function parkVersion(ds: DataSource, parkId: string): Promise<string> {
  return (await parkVersions(ds, [parkId])).get(parkId)!;
}
