import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ErrorCode, Locale, ReportFormat, ReportScope } from '@windward/contracts';
import { Sql, rowColumns } from '@windward/service-kit';
import type { ArchiveImageRef } from './report-data.repository.js';

/** Why a render failed, as the task keeps it. */
export interface TaskError {
  code: ErrorCode;
  detail?: string;
}

/** A row of `report_task` (migration 1763700000900). */
export interface ReportTaskRow {
  id: string;
  user_id: string;
  scope_type: ReportScope;
  scope_id: string;
  scope_name: string;
  format: ReportFormat;
  template_id: string | null;
  locale: Locale;
  wind_farm_ids: string[];
  turbine_ids: string[] | null;
  severities: number[] | null;
  /** Exactly these defects (Data Center export); null = the selection's defects. */
  defect_ids: string[] | null;
  /** An image archive's images of a search, with or without defects; null = the defects' photos only. */
  archive_images: ArchiveImageRef[] | null;
  defect_count: number;
  status: number;
  progress: number;
  step: string | null;
  error: TaskError | null;
  job_id: string | null;
  file_key: string | null;
  file_name: string | null;
  /** bigint, as node-postgres reads it. */
  file_size: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  expires_at: Date | null;
}
export const REPORT_TASK_ROW_COLUMNS = rowColumns<ReportTaskRow>()('report_task', [
  'id', 'user_id', 'scope_type', 'scope_id', 'scope_name', 'format', 'template_id', 'locale', 'wind_farm_ids', 'turbine_ids',
  'severities', 'defect_ids', 'archive_images', 'defect_count', 'status', 'progress', 'step', 'error', 'job_id', 'file_key', 'file_name',
  'file_size', 'created_at', 'started_at', 'finished_at', 'expires_at'
]);

export type NewTask = Pick<
  ReportTaskRow,
  | 'user_id'
  | 'scope_type'
  | 'scope_id'
  | 'scope_name'
  | 'format'
  | 'template_id'
  | 'locale'
  | 'wind_farm_ids'
  | 'turbine_ids'
  | 'severities'
  | 'defect_ids'
  | 'defect_count'
  | 'archive_images'
>;

/** A row of `report_download` (migration 1764170000200). */
export interface ReportDownloadRow {
  id: string;
  report_task_id: string;
  user_id: string;
  user_name: string;
  file_name: string;
  format: ReportFormat;
  scope_name: string;
  file_size: string | null;
  downloaded_at: Date;
}
export const REPORT_DOWNLOAD_ROW_COLUMNS = rowColumns<ReportDownloadRow>()('report_download', [
  'id', 'report_task_id', 'user_id', 'user_name', 'file_name', 'format', 'scope_name', 'file_size', 'downloaded_at'
]);

export const DOWNLOAD_SORT = { downloadedAt: 'downloaded_at', fileName: 'lower(file_name)' } as const;

export const TASK_SORT = { createdAt: 'created_at', status: 'status', scopeName: 'lower(scope_name)' } as const;

/** Report tasks (the download queue) and their downloads: queued, claimed, rendered, failed, expired. */
@Injectable()
export class ReportTaskRepository {
  constructor(
    readonly ds: DataSource,
    private readonly sql: Sql,
  ) {}

  /**
   * Inserts a task unless the user's download list is full: the per-user advisory lock makes two
   * simultaneous requests count one after the other. Null = full.
   */
  async insertIfRoom(t: NewTask, limit: number): Promise<ReportTaskRow | null> {
    return this.ds.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('report_task:' || $1))`, [t.user_id]);
      const [{ n }] = (await m.query(`SELECT count(*)::int AS n FROM ${this.sql.s}.report_task WHERE user_id = $1 AND status IN (0, 1)`, [
        t.user_id,
      ])) as {
        n: number;
      }[];
      if (n >= limit) return null;
      const rows: ReportTaskRow[] = await m.query(
        `INSERT INTO ${this.sql.s}.report_task (user_id, scope_type, scope_id, scope_name, format, template_id, locale, wind_farm_ids, turbine_ids, severities, defect_count, defect_ids, archive_images)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb) RETURNING *`,
        [
          t.user_id,
          t.scope_type,
          t.scope_id,
          t.scope_name,
          t.format,
          t.template_id,
          t.locale,
          t.wind_farm_ids,
          t.turbine_ids,
          t.severities,
          t.defect_count,
          t.defect_ids,
          t.archive_images ? JSON.stringify(t.archive_images) : null,
        ],
      );
      return rows[0]!;
    });
  }

  async find(id: string, m: EntityManager = this.ds.manager): Promise<ReportTaskRow | null> {
    return ((await m.query(`SELECT * FROM ${this.sql.s}.report_task WHERE id = $1`, [id])) as ReportTaskRow[])[0] ?? null;
  }

  async page(userId: string, opts: { statuses?: number[]; sort: keyof typeof TASK_SORT; descending: boolean; skip: number; take: number }) {
    const rows: (ReportTaskRow & { total: string })[] = await this.ds.query(
      `SELECT *, count(*) OVER () AS total FROM ${this.sql.s}.report_task
       WHERE user_id = $1 AND ($4::smallint[] IS NULL OR status = ANY ($4::smallint[]))
       ORDER BY ${TASK_SORT[opts.sort]} ${opts.descending ? 'DESC' : 'ASC'}, id LIMIT $2 OFFSET $3`,
      [userId, opts.take, opts.skip, opts.statuses?.length ? opts.statuses : null],
    );
    return { rows, totalCount: rows.length ? Number(rows[0]!.total) : 0 };
  }

  /** Records a successful download of a task's file. */
  async logDownload(t: ReportTaskRow, user: { userId: string; userName: string }): Promise<void> {
    await this.ds.query(
      `INSERT INTO ${this.sql.s}.report_download (report_task_id, user_id, user_name, file_name, format, scope_name, file_size)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [t.id, user.userId, user.userName, t.file_name ?? `report.${t.format}`, t.format, t.scope_name, t.file_size],
    );
  }

  async downloads(userId: string, opts: { sort: keyof typeof DOWNLOAD_SORT; descending: boolean; skip: number; take: number }) {
    const rows: (ReportDownloadRow & { total: string })[] = await this.ds.query(
      `SELECT *, count(*) OVER () AS total FROM ${this.sql.s}.report_download WHERE user_id = $1
       ORDER BY ${DOWNLOAD_SORT[opts.sort]} ${opts.descending ? 'DESC' : 'ASC'}, id LIMIT $2 OFFSET $3`,
      [userId, opts.take, opts.skip],
    );
    return { rows, totalCount: rows.length ? Number(rows[0]!.total) : 0 };
  }

  async setJob(id: string, jobId: string): Promise<void> {
    await this.ds.query(`UPDATE ${this.sql.s}.report_task SET job_id = $2 WHERE id = $1`, [id, jobId]);
  }

  /** Claims a queued task for rendering (a retried job may find it already rendering). */
  async claim(id: string): Promise<ReportTaskRow | null> {
    const rows: [ReportTaskRow[], number] = await this.ds.query(
      `UPDATE ${this.sql.s}.report_task SET status = 1, progress = 1, step = 'loading', started_at = now(), error = NULL
       WHERE id = $1 AND status IN (0, 1) RETURNING *`,
      [id],
    );
    return rows[0][0] ?? null;
  }

  async progress(id: string, percent: number, step: string): Promise<void> {
    await this.ds.query(`UPDATE ${this.sql.s}.report_task SET progress = $2, step = $3 WHERE id = $1 AND status = 1`, [
      id,
      Math.round(percent),
      step,
    ]);
  }

  async done(m: EntityManager, id: string, file: { key: string; name: string; size: number }, retentionDays: number): Promise<void> {
    await m.query(
      `UPDATE ${this.sql.s}.report_task SET status = 2, progress = 100, step = 'done', file_key = $2, file_name = $3, file_size = $4,
         finished_at = now(), expires_at = now() + make_interval(days => $5) WHERE id = $1`,
      [id, file.key, file.name, file.size, retentionDays],
    );
  }

  async failed(id: string, error: TaskError): Promise<void> {
    await this.ds.query(`UPDATE ${this.sql.s}.report_task SET status = 3, step = 'failed', error = $2, finished_at = now() WHERE id = $1`, [
      id,
      JSON.stringify(error),
    ]);
  }

  /** A failed task back in the queue (the caller's list must have room: same lock as insertIfRoom). */
  async requeue(id: string, userId: string, limit: number): Promise<'ok' | 'full' | 'not-failed'> {
    return this.ds.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('report_task:' || $1))`, [userId]);
      const [{ n }] = (await m.query(`SELECT count(*)::int AS n FROM ${this.sql.s}.report_task WHERE user_id = $1 AND status IN (0, 1)`, [
        userId,
      ])) as {
        n: number;
      }[];
      if (n >= limit) return 'full';
      const r: [unknown[], number] = await m.query(
        `UPDATE ${this.sql.s}.report_task SET status = 0, progress = 0, step = NULL, error = NULL, started_at = NULL, finished_at = NULL
         WHERE id = $1 AND status = 3`,
        [id],
      );
      return r[1] ? 'ok' : 'not-failed';
    });
  }

  async remove(id: string): Promise<void> {
    await this.ds.query(`DELETE FROM ${this.sql.s}.report_task WHERE id = $1`, [id]);
  }

  /** Finished tasks whose file is past its retention. */
  async expired(limit: number): Promise<{ id: string; file_key: string | null }[]> {
    return this.ds.query(
      `SELECT id, file_key FROM ${this.sql.s}.report_task WHERE status = 2 AND expires_at < now() ORDER BY expires_at LIMIT $1`,
      [limit],
    );
  }

  async markExpired(id: string): Promise<void> {
    await this.ds.query(`UPDATE ${this.sql.s}.report_task SET status = 4, file_key = NULL, file_size = NULL WHERE id = $1 AND status = 2`, [
      id,
    ]);
  }
}
