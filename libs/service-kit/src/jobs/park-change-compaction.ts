import type { DataSource } from 'typeorm';
import { compactParkChanges, type ParkChangeLog } from '../database/park-changes.js';
import type { Sql } from '../database/sql.js';
import { JobWorker } from './job-worker.js';
import type { JobsService } from './jobs.service.js';

/**
 * Hourly, off the hour: a service's park change log (`ParkChangeLog`) becomes one row per park
 * (their summed weight), so reading a park's version stays one short index scan. A service names
 * its queue and log, and provides its data source and schema (`Sql`).
 */
export abstract class ParkChangeCompactionWorker extends JobWorker<object> {
  protected abstract readonly log: ParkChangeLog;
  protected override readonly cron = '41 * * * *';

  protected constructor(
    jobs: JobsService,
    private readonly ds: DataSource,
    private readonly sql: Sql,
  ) {
    super(jobs);
  }

  /** Answers how many rows went. */
  async compact(): Promise<number> {
    return compactParkChanges(this.ds, this.sql.s, this.log);
  }

  async run(): Promise<void> {
    await this.compact();
  }
}
