import PgBoss from 'pg-boss';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';

export type ReportProgress = (percent: number, message?: string) => Promise<void>;
export type JobHandler<T> = (data: T, progress: ReportProgress, jobId: string) => Promise<void>;

export interface JobStatus {
  id: string;
  state: string;
  percent: number;
  message: string | null;
}

/**
 * Long work (tiles, reports, imports) runs as pg-boss jobs, not in request handlers:
 * retries, cancellation, and progress kept in the service's `job_progress` table so screens
 * can show it. pg-boss lives in its own schema `<service schema>_jobs`.
 */
/**
 * How often an idle worker asks PostgreSQL for work. A job sent by this process wakes its
 * workers at once (send → notifyWorker), so the poll only serves jobs sent by another instance,
 * retries and cron schedules; asking every 0.5 s cost a whole platform about 0.1 core at rest.
 */
const POLL_SECONDS = Number(process.env.JOB_POLL_SECONDS ?? 5);

export class JobsService {
  private readonly boss: PgBoss;
  private started = false;
  /** This process's workers per queue, woken when this process sends to the queue. */
  private readonly workers = new Map<string, string[]>();

  constructor(
    url: string,
    private readonly schema: string,
    private readonly ds: DataSource,
    private readonly log: Logger,
  ) {
    this.boss = new PgBoss({ connectionString: url, schema: `${schema}_jobs`, max: 2 });
    this.boss.on('error', (err: Error) => this.log.error({ err }, 'job queue error'));
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    this.started = true;
  }

  /**
   * Runs `handler` for the queue's jobs; `concurrency` jobs at once in this process (one pg-boss
   * worker each: a job that finishes takes the next without waiting for its neighbour).
   */
  async register<T extends object>(queue: string, handler: JobHandler<T>, opts: { retryLimit?: number; concurrency?: number } = {}): Promise<void> {
    await this.ensureQueue(queue, opts.retryLimit);
    for (let i = 0; i < Math.max(1, opts.concurrency ?? 1); i++) {
      let workerId: string | null = null;
      workerId = await this.boss.work<T>(queue, { pollingIntervalSeconds: POLL_SECONDS }, async (jobs: PgBoss.Job<T>[]) => {
        for (const job of jobs) {
          await handler(job.data, (p, m) => this.setProgress(job.id, queue, p, m), job.id);
          await this.setProgress(job.id, queue, 100, null);
        }
        // pg-boss fetches once per polling interval; a queue that just gave work is asked again at
        // once, so a backlog (300 photos to tile) drains at the handler's pace, not one job per 0.5 s.
        if (workerId) this.boss.notifyWorker(workerId);
      });
      this.workers.set(queue, [...(this.workers.get(queue) ?? []), workerId]);
    }
  }

  /** Creates the queue once; retries back off exponentially. */
  async ensureQueue(queue: string, retryLimit = 2): Promise<void> {
    await this.start();
    if (!(await this.boss.getQueue(queue))) await this.boss.createQueue(queue, { name: queue, retryLimit, retryBackoff: true, retryDelay: 1 });
  }

  /** Runs `queue` on a cron schedule (pg-boss keeps one schedule per queue across instances). */
  async schedule(queue: string, cron: string): Promise<void> {
    await this.ensureQueue(queue);
    await this.boss.schedule(queue, cron, {});
  }

  async send<T extends object>(queue: string, data: T): Promise<string> {
    await this.ensureQueue(queue);
    const id = await this.boss.send(queue, data);
    if (!id) throw new Error(`job not accepted by queue ${queue}`);
    await this.setProgress(id, queue, 0, null);
    for (const workerId of this.workers.get(queue) ?? []) this.boss.notifyWorker(workerId);
    return id;
  }

  /**
   * Progress is read before the state: a handler only reports progress once its job is active, so
   * the state read second is never older than the progress (read the other way round, a job taken
   * and advanced between the two reads showed as 'created' at 50 %). A completed job is at 100 %
   * even if its last progress write came after our read.
   */
  async status(queue: string, id: string): Promise<JobStatus | null> {
    const [p] = await this.ds.query(`SELECT percent, message FROM "${this.schema}".job_progress WHERE job_id = $1`, [id]);
    const job = await this.boss.getJobById(queue, id);
    if (!job) return null;
    const completed = job.state === 'completed';
    return { id, state: job.state, percent: completed ? 100 : (p?.percent ?? 0), message: completed ? null : (p?.message ?? null) };
  }

  async cancel(queue: string, id: string): Promise<void> {
    await this.boss.cancel(queue, id);
  }

  private async setProgress(id: string, queue: string, percent: number, message: string | null = null) {
    await this.ds.query(
      `INSERT INTO "${this.schema}".job_progress (job_id, queue, percent, message) VALUES ($1, $2, $3, $4)
       ON CONFLICT (job_id) DO UPDATE SET percent = EXCLUDED.percent, message = EXCLUDED.message, updated_at = now()`,
      [id, queue, Math.max(0, Math.min(100, Math.round(percent))), message],
    );
  }

  async stop(): Promise<void> {
    if (this.started) await this.boss.stop({ graceful: true, timeout: 5000 });
    this.started = false;
  }
}
