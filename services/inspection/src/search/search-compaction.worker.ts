import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobsService, ParkChangeCompactionWorker, Sql } from '@windward/service-kit';
import { PARK_CHANGES } from '../common/park-version.js';

export const SEARCH_COMPACTION_QUEUE = 'inspection-search-compaction';

/** Hourly, off the hour: `search_change` rows become one row per park (their summed weight). */
@Injectable()
export class SearchCompactionWorker extends ParkChangeCompactionWorker {
  protected readonly queue = SEARCH_COMPACTION_QUEUE;
  protected readonly log = PARK_CHANGES;

  constructor(jobs: JobsService, ds: DataSource, sql: Sql) {
    super(jobs, ds, sql);
  }
}
