import { Inject, Injectable } from '@nestjs/common';
import { FILE_STORE, JobWorker, JobsService, type FileStore, type ReportProgress } from '@windward/service-kit';
import { ReportTaskRepository } from './task.repository.js';

export const EXPIRY_QUEUE = 'report-expire';
/** Hourly, off the hour. */
const EXPIRY_CRON = '23 * * * *';

/** Housekeeping: finished report files past their retention (REPORT_RETENTION_DAYS) leave the store; the task says "expired". */
@Injectable()
export class ExpiryWorker extends JobWorker<object> {
  protected readonly queue = EXPIRY_QUEUE;
  protected override readonly cron = EXPIRY_CRON;

  constructor(
    jobs: JobsService,
    private readonly tasks: ReportTaskRepository,
    @Inject(FILE_STORE) private readonly store: FileStore,
  ) {
    super(jobs);
  }

  async run(_data: object, progress: ReportProgress): Promise<void> {
    await this.expireNow(progress);
  }

  /** Removes every expired file (in batches); returns how many. */
  async expireNow(progress?: ReportProgress): Promise<number> {
    let n = 0;
    for (;;) {
      const batch = await this.tasks.expired(100);
      if (!batch.length) return n;
      for (const t of batch) {
        await this.store.removePrefix(t.id);
        await this.tasks.markExpired(t.id);
        n++;
      }
      await progress?.(50, `${n} files removed`);
    }
  }
}
