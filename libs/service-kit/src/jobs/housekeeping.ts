import type { DataSource } from 'typeorm';
import type { ReportProgress } from './jobs.service.js';

export const HOUSEKEEPING_QUEUE = 'kit.housekeeping';
/** 03:17 every night, off the hour to avoid piling onto other schedules. */
export const HOUSEKEEPING_CRON = '17 3 * * *';

export const MS_PER_DAY = 86_400_000;

/**
 * Trims the kit's own tables so they do not grow forever: handled-event ids older than the
 * retention plus one day (the bus keeps an event at most `retentionDays`: Kafka topics are
 * created with that `retention.ms`, so any copy still deliverable is younger than the id we
 * remember), replayed dead letters, and progress of long-finished jobs.
 */
export async function runHousekeeping(ds: DataSource, schema: string, retentionDays: number, progress: ReportProgress) {
  const s = `"${schema}"`;
  const handled = await ds.query(`DELETE FROM ${s}.handled_event WHERE handled_at < now() - make_interval(days => $1)`, [retentionDays + 1]);
  await progress(40, 'handled events trimmed');
  const dead = await ds.query(`DELETE FROM ${s}.dead_letter WHERE coalesce(replayed_at, set_aside_at) < now() - make_interval(days => $1)`, [retentionDays]);
  await progress(70, 'replayed dead letters trimmed');
  const jobs = await ds.query(`DELETE FROM ${s}.job_progress WHERE percent = 100 AND updated_at < now() - make_interval(days => $1)`, [retentionDays]);
  return { handledEvents: handled[1] as number, deadLetters: dead[1] as number, jobProgress: jobs[1] as number };
}
