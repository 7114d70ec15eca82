import { parkChangeCompaction } from '@windward/service-kit';
import { PARK_CHANGES } from '../refs/park-changes.js';

/** Hourly, off the hour: `park_change` rows become one row per park (their summed weight). */
export const ParkChangeCompaction = parkChangeCompaction('delivery-park-change-compaction', PARK_CHANGES);
