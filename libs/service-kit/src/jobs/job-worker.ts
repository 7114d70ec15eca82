import type { OnApplicationBootstrap } from '@nestjs/common';
import type { JobsService, ReportProgress } from './jobs.service.js';

/**
 * A background job handler (tiles, stitching, archive verification…): one pg-boss queue, its
 * retry policy and its run, registered when the service starts. Subclasses name the queue,
 * implement `run` and queue work with `send` after the row the job reads has committed.
 */
export abstract class JobWorker<T extends object> implements OnApplicationBootstrap {
  /** The pg-boss queue (`<service>-<work>`). */
  protected abstract readonly queue: string;
  /** Retries cover crashes mid-run; failures a retry cannot fix are recorded by `run` itself. */
  protected readonly retryLimit: number = 2;
  /** Jobs of this queue run at once in one process (CPU-bound work: one per core). */
  protected readonly concurrency: number = 1;

  protected constructor(protected readonly jobs: JobsService) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.register<T>(this.queue, (data, progress) => this.run(data, progress), { retryLimit: this.retryLimit, concurrency: this.concurrency });
  }

  abstract run(data: T, progress: ReportProgress): Promise<void>;

  /** Queues one job; the id lets the screens follow its progress. */
  protected send(data: T): Promise<string> {
    return this.jobs.send<T>(this.queue, data);
  }
}
