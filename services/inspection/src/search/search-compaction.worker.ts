import { parkChangeCompaction } from '@windward/service-kit';
import { PARK_CHANGES } from '../common/park-version.js';

export const SEARCH_COMPACTION_QUEUE = 'inspection-search-compaction';

/** Hourly, off the hour: `search_change` rows become one row per park (their summed weight). */
export const SearchCompactionWorker = parkChangeCompaction(SEARCH_COMPACTION_QUEUE, PARK_CHANGES);
