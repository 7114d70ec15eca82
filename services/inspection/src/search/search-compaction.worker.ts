import { Injectable } from '@nestjs/common';
import { JobWorker, JobsService } from '@windward/service-kit';
import { SearchRepository } from './search.repository.js';

export const SEARCH_COMPACTION_QUEUE = 'inspection-search-compaction';

/** Hourly, off the hour: `search_change` rows become one row per park (their summed weight). */
@Injectable()
export class SearchCompactionWorker extends JobWorker<object> {
  protected readonly queue = SEARCH_COMPACTION_QUEUE;
  protected override readonly cron = '41 * * * *';

  constructor(
    jobs: JobsService,
    private readonly search: SearchRepository,
  ) {
    super(jobs);
  }

  async run(): Promise<void> {
    await this.search.compactChanges();
  }
}
