import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ErrorCode, UploadCompletedPayload } from '@windward/contracts';
import { schemaName } from '../common/columns.js';

/** pending: job queued; stored: inspection and image rows committed, tile jobs not yet all queued; done; failed. */
export type IngestStatus = 'pending' | 'stored' | 'done' | 'failed';

/** Why an upload was not taken in (kept in `upload_ingest.error`). */
export interface IngestError {
  code: ErrorCode;
  params?: Record<string, string | number>;
  details?: unknown;
}

/** One `upload_ingest` row (hand-written SQL, no entity), with the customer of the upload's park. */
export interface UploadIngestRow {
  upload_task_id: string;
  payload: UploadCompletedPayload;
  status: IngestStatus;
  inspection_id: string | null;
  image_count: number | null;
  error: IngestError | null;
  job_id: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export interface UploadIngestWithCustomer extends UploadIngestRow {
  /** null when the park is unknown here. */
  customer_id: string | null;
}

/**
 * The `upload_ingest` table (one row per drone upload: the redelivery guard and how its ingest
 * ended). Methods that take a manager run in the caller's transaction.
 */
@Injectable()
export class IngestRepository {
  constructor(private readonly ds: DataSource) {}

  private get s() {
    return schemaName(this.ds);
  }

  /** Records an upload once; false when it was already recorded. */
  async insertOnce(m: EntityManager, p: UploadCompletedPayload): Promise<boolean> {
    const inserted: { upload_task_id: string }[] = await m.query(
      `INSERT INTO ${this.s}.upload_ingest (upload_task_id, payload) VALUES ($1, $2) ON CONFLICT (upload_task_id) DO NOTHING RETURNING upload_task_id`,
      [p.uploadTaskId, JSON.stringify(p)],
    );
    return inserted.length > 0;
  }

  async setJob(m: EntityManager, uploadTaskId: string, jobId: string): Promise<void> {
    await m.query(`UPDATE ${this.s}.upload_ingest SET job_id = $2 WHERE upload_task_id = $1`, [uploadTaskId, jobId]);
  }

  async find(uploadTaskId: string): Promise<UploadIngestRow | undefined> {
    const rows: UploadIngestRow[] = await this.ds.query(`SELECT * FROM ${this.s}.upload_ingest WHERE upload_task_id = $1`, [uploadTaskId]);
    return rows[0];
  }

  /** The row with the customer of the park named in its payload (for the scope check). */
  async findWithCustomer(uploadTaskId: string): Promise<UploadIngestWithCustomer | undefined> {
    const rows: UploadIngestWithCustomer[] = await this.ds.query(
      `SELECT g.*, p.customer_id FROM ${this.s}.upload_ingest g LEFT JOIN ${this.s}.park_ref p ON p.wind_park_id = (g.payload->>'windfarmId')::uuid
       WHERE g.upload_task_id = $1`,
      [uploadTaskId],
    );
    return rows[0];
  }

  /** The status under a row lock (the claim of one run). */
  async lockStatus(m: EntityManager, uploadTaskId: string): Promise<IngestStatus | undefined> {
    const rows: { status: IngestStatus }[] = await m.query(`SELECT status FROM ${this.s}.upload_ingest WHERE upload_task_id = $1 FOR UPDATE`, [
      uploadTaskId,
    ]);
    return rows[0]?.status;
  }

  async markStored(m: EntityManager, uploadTaskId: string, inspectionId: string, imageCount: number): Promise<void> {
    await m.query(`UPDATE ${this.s}.upload_ingest SET status = 'stored', inspection_id = $2, image_count = $3 WHERE upload_task_id = $1`, [
      uploadTaskId,
      inspectionId,
      imageCount,
    ]);
  }

  /** A pending upload that cannot become an inspection: recorded with its error. */
  async markFailed(uploadTaskId: string, error: IngestError): Promise<void> {
    await this.ds.query(
      `UPDATE ${this.s}.upload_ingest SET status = 'failed', error = $2, finished_at = now() WHERE upload_task_id = $1 AND status = 'pending'`,
      [uploadTaskId, JSON.stringify(error)],
    );
  }

  async markDone(uploadTaskId: string): Promise<void> {
    await this.ds.query(`UPDATE ${this.s}.upload_ingest SET status = 'done', finished_at = now() WHERE upload_task_id = $1 AND status = 'stored'`, [
      uploadTaskId,
    ]);
  }

  /** Images of the ingest's inspection without a tile job yet. */
  async imagesWithoutTileJob(uploadTaskId: string): Promise<string[]> {
    const rows: { id: string }[] = await this.ds.query(
      `SELECT m.id FROM ${this.s}.image m JOIN ${this.s}.upload_ingest g ON g.inspection_id = m.inspection_id
       WHERE g.upload_task_id = $1 AND m.tile_job_id IS NULL ORDER BY m.created_at, m.id`,
      [uploadTaskId],
    );
    return rows.map((r) => r.id);
  }

  /** A live turbine of the park by name (case-insensitive). */
  async turbineIdByName(m: EntityManager, windParkId: string, name: string): Promise<string | undefined> {
    const rows: { turbine_id: string }[] = await m.query(
      `SELECT turbine_id FROM ${this.s}.turbine_ref WHERE wind_park_id = $1 AND lower(name) = lower($2) AND NOT deleted LIMIT 1`,
      [windParkId, name],
    );
    return rows[0]?.turbine_id;
  }
}
