import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobsService, ParkChangeCompactionWorker, Sql } from '@windward/service-kit';
import { PARK_CHANGES } from './statistics.repository.js';

/** Hourly, off the hour: `park_change` rows become one row per park (their summed weight). */
@Injectable()
export class ParkChangeCompaction extends ParkChangeCompactionWorker {
  protected readonly queue = 'delivery-park-change-compaction';
  protected readonly log = PARK_CHANGES;

  constructor(jobs: JobsService, ds: DataSource, sql: Sql) {
    super(jobs, ds, sql);
  }
}
