import type { ParkChangeLog } from '@windward/service-kit';

/**
 * Delivery's park change log: every table the performance statistics and the progress dashboard
 * read logs the parks a statement wrote (migration 1764900000000), so their
 * answers are kept per park version (docs/delivery.md).
 */
export const PARK_CHANGES: ParkChangeLog = { table: 'park_change', park: 'wind_farm_id' };

/**
 * What writes that belong to no park log (people's and teams' names, a parkless project's reports):
 * every kept answer's key includes it.
 */
export const EVERY_PARK = '00000000-0000-0000-0000-000000000000';
