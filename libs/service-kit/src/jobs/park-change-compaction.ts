import { Injectable, type Type } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { compactParkChanges, type ParkChangeLog } from '../database/park-changes.js';
import { Sql } from '../database/sql.js';
import { JobWorker } from './job-worker.js';
import { JobsService } from './jobs.service.js';

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

/** A service's compaction worker: its queue (`<service>-<log>-compaction`) and its log; a provider of the module that reads the log. */
export function parkChangeCompaction(queue: string, log: ParkChangeLog): Type<ParkChangeCompactionWorker> {
  @Injectable()
  class Compaction extends ParkChangeCompactionWorker {
    protected readonly queue = queue;
    protected readonly log = log;

    constructor(jobs: JobsService, ds: DataSource, sql: Sql) {
      super(jobs, ds, sql);
    }
  }
  return Compaction;
}
