import type { OnApplicationBootstrap } from '@nestjs/common';
import type { JobsService, ReportProgress } from './jobs.service.js';

/**
 * A background job handler (tiles, stitching, archive verification…): one pg-boss queue, its
 * retry policy and its run, registered when the service starts. Subclasses name the queue,
 * implement `run` and queue work with `send` after the row the job reads has committed. A
 * periodic job (housekeeping, compaction) also names its `cron`: pg-boss keeps one schedule per
 * queue across the service's instances, so one of them runs it each time — never a `setInterval`
 * in every process.
 */
export abstract class JobWorker<T extends object> implements OnApplicationBootstrap {
  /** The pg-boss queue (`<service>-<work>`). */
  protected abstract readonly queue: string;
  /** Retries cover crashes mid-run; failures a retry cannot fix are recorded by `run` itself. */
  protected readonly retryLimit: number = 2;
  /** Jobs of this queue run at once in one process (CPU-bound work: one per core). */
  protected readonly concurrency: number = 1;
  /** A cron schedule (`'23 * * * *'`: hourly, off the hour) when the job runs by itself. */
  protected readonly cron: string | null = null;

  protected constructor(protected readonly jobs: JobsService) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.register<T>(this.queue, (data, progress) => this.run(data, progress), { retryLimit: this.retryLimit, concurrency: this.concurrency });
    if (this.cron) await this.jobs.schedule(this.queue, this.cron);
  }

  abstract run(data: T, progress: ReportProgress): Promise<void>;

  /** Queues one job; the id lets the screens follow its progress. */
  protected send(data: T): Promise<string> {
    return this.jobs.send<T>(this.queue, data);
  }
}
