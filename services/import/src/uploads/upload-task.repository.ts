import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ErrorCode } from '@windward/contracts';
import { SERVICE_CONFIG, type ServiceConfig, rowColumns } from '@windward/service-kit';

/** A refusal as the task keeps it: the catalogue code, its params and the offending entries. */
export interface StoredError {
  code: ErrorCode;
  params?: Record<string, string | number>;
  details?: unknown;
}

/** A task log item handed over at completion (SPEC §3). */
export interface UploadLog {
  logName: string;
  logType: string;
  logFileUri: string;
}

/** A row of `upload_task` (migration 1763700000800). */
export interface UploadTaskRow {
  id: string;
  wind_farm_id: string;
  turbine_id: string;
  turbine_name: string;
  /** node-postgres reads `date` as local midnight. */
  inspection_date: Date | string;
  campaign_id: string | null;
  package_type: number;
  component_type: number;
  drone_id: string | null;
  /** SPEC §4 upload file status 0..8. */
  status: number;
  progress: number;
  progress_message: string | null;
  errors: StoredError[];
  archive_name: string | null;
  /** bigint, as node-postgres reads it. */
  archive_size: string | null;
  image_count: number | null;
  manifest_key: string | null;
  verify_job_id: string | null;
  logs: UploadLog[];
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  uploaded_at: Date | null;
  verified_at: Date | null;
  completed_at: Date | null;
}
export const UPLOAD_TASK_ROW_COLUMNS = rowColumns<UploadTaskRow>()('upload_task', [
  'id', 'wind_farm_id', 'turbine_id', 'turbine_name', 'inspection_date', 'campaign_id', 'package_type', 'component_type', 'drone_id',
  'status', 'progress', 'progress_message', 'errors', 'archive_name', 'archive_size', 'image_count', 'manifest_key', 'verify_job_id',
  'logs', 'created_by', 'created_at', 'updated_at', 'uploaded_at', 'verified_at', 'completed_at'
]);

/** A task with its park's name and customer (the data scope). */
export interface UploadTaskWithPark extends UploadTaskRow {
  windfarm_name: string;
  customer_id: string;
}

/** A row of `park_ref`: a wind park as asset announced it. */
export interface ParkRefRow {
  wind_farm_id: string;
  name: string;
  customer_id: string;
  active: boolean;
}
export const PARK_REF_ROW_COLUMNS = rowColumns<ParkRefRow>()('park_ref', ['wind_farm_id', 'name', 'customer_id', 'active']);

/** A row of `turbine_ref`: a turbine as asset announced it. */
export interface TurbineRefRow {
  turbine_id: string;
  wind_farm_id: string;
  name: string;
  deleted: boolean;
}
export const TURBINE_REF_ROW_COLUMNS = rowColumns<TurbineRefRow>()('turbine_ref', ['turbine_id', 'wind_farm_id', 'name', 'deleted']);

export interface NewUploadTask {
  windFarmId: string;
  turbineId: string;
  turbineName: string;
  /** YYYY-MM-DD */
  inspectionDate: string;
  campaignId: string | null;
  packageType: number;
  componentType: number;
  droneId: string | null;
  status: number;
  createdBy: string;
}

/** Columns the list may sort by (no raw input reaches ORDER BY). */
export const UPLOAD_TASK_SORT = {
  createdAt: 'u.created_at',
  updatedAt: 'u.updated_at',
  inspectionDate: 'u.inspection_date',
  turbineName: 'lower(u.turbine_name)',
  status: 'u.status',
} as const;
export type UploadTaskSortField = keyof typeof UPLOAD_TASK_SORT;

export interface UploadTaskFilter {
  /** The caller's data scope (null = every customer / every park). */
  customerIds: string[] | null;
  parkIds: string[] | null;
  windFarmIds: string[];
  statuses: number[];
  /** Part of the turbine name (matched literally, case-insensitively). */
  turbineName?: string;
}

export interface UploadTaskPageRequest {
  sortField: UploadTaskSortField;
  descending: boolean;
  skip: number;
  take: number;
}

/** What a successfully received archive sets on the task. */
export interface ReceivedArchive {
  archiveName: string;
  archiveSize: number;
  imageCount: number;
}

/**
 * Import's persistence: upload tasks and the park/turbine read models, in hand-written SQL on
 * the service's schema. Methods that take an EntityManager run inside the caller's transaction.
 */
@Injectable()
export class UploadTaskRepository {
  /** The service's schema, quoted. */
  readonly s: string;

  constructor(
    private readonly ds: DataSource,
    @Inject(SERVICE_CONFIG) cfg: ServiceConfig,
  ) {
    this.s = `"${cfg.schema}"`;
  }

  async findPark(m: EntityManager, windFarmId: string): Promise<ParkRefRow | undefined> {
    const rows: ParkRefRow[] = await m.query(`SELECT * FROM ${this.s}.park_ref WHERE wind_farm_id = $1`, [windFarmId]);
    return rows[0];
  }

  /** A turbine of the park by name, case-insensitively (an exact match first); deleted ones are not found. */
  async findTurbine(m: EntityManager, windFarmId: string, name: string): Promise<TurbineRefRow | undefined> {
    const rows: TurbineRefRow[] = await m.query(
      `SELECT * FROM ${this.s}.turbine_ref WHERE wind_farm_id = $1 AND lower(name) = lower($2) AND NOT deleted ORDER BY name = $2 DESC LIMIT 1`,
      [windFarmId, name],
    );
    return rows[0];
  }

  /** Whether the turbine already has an upload of this component on this day. */
  async existsSameDay(m: EntityManager, turbineId: string, componentType: number, inspectionDate: string): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `SELECT 1 FROM ${this.s}.upload_task WHERE turbine_id = $1 AND component_type = $2 AND inspection_date = $3`,
      [turbineId, componentType, inspectionDate],
    );
    return rows.length > 0;
  }

  async insert(m: EntityManager, t: NewUploadTask): Promise<UploadTaskRow> {
    const rows: UploadTaskRow[] = await m.query(
      `INSERT INTO ${this.s}.upload_task (wind_farm_id, turbine_id, turbine_name, inspection_date, campaign_id, package_type, component_type, drone_id, status, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
      [
        t.windFarmId,
        t.turbineId,
        t.turbineName,
        t.inspectionDate,
        t.campaignId,
        t.packageType,
        t.componentType,
        t.droneId,
        t.status,
        t.createdBy,
      ],
    );
    return rows[0]!;
  }

  /** The task with its park (`FOR UPDATE` of the task when `lock`). */
  async findWithPark(m: EntityManager, id: string, lock = false): Promise<UploadTaskWithPark | undefined> {
    const rows: UploadTaskWithPark[] = await m.query(
      `SELECT u.*, p.name AS windfarm_name, p.customer_id FROM ${this.s}.upload_task u JOIN ${this.s}.park_ref p ON p.wind_farm_id = u.wind_farm_id
       WHERE u.id = $1 ${lock ? 'FOR UPDATE OF u' : ''}`,
      [id],
    );
    return rows[0];
  }

  /** A page of tasks matching the filter, and how many match. */
  async page(filter: UploadTaskFilter, page: UploadTaskPageRequest): Promise<{ rows: UploadTaskWithPark[]; totalCount: number }> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (filter.customerIds !== null) where.push(`p.customer_id = ANY($${params.push(filter.customerIds)}::uuid[])`);
    if (filter.parkIds !== null) where.push(`u.wind_farm_id = ANY($${params.push(filter.parkIds)}::uuid[])`);
    if (filter.windFarmIds.length) where.push(`u.wind_farm_id = ANY($${params.push(filter.windFarmIds)}::uuid[])`);
    if (filter.statuses.length) where.push(`u.status = ANY($${params.push(filter.statuses)}::int[])`);
    if (filter.turbineName) {
      where.push(`u.turbine_name ILIKE '%' || $${params.push(filter.turbineName.replace(/[\\%_]/g, (c) => `\\${c}`))} || '%'`);
    }
    const from = `FROM ${this.s}.upload_task u JOIN ${this.s}.park_ref p ON p.wind_farm_id = u.wind_farm_id WHERE ${where.length ? where.join(' AND ') : 'TRUE'}`;
    const dir = page.descending ? 'DESC' : 'ASC';
    const rows: UploadTaskWithPark[] = await this.ds.query(
      `SELECT u.*, p.name AS windfarm_name, p.customer_id ${from} ORDER BY ${UPLOAD_TASK_SORT[page.sortField]} ${dir}, u.id ${dir} LIMIT ${Math.trunc(page.take)} OFFSET ${Math.trunc(page.skip)}`,
      params,
    );
    const [count]: { n: number }[] = await this.ds.query(`SELECT count(*)::int AS n ${from}`, params);
    return { rows, totalCount: count!.n };
  }

  /** Whether a timestamp lies longer ago than `interval` (by the database's clock). */
  async olderThan(m: EntityManager, at: Date, interval: string): Promise<boolean> {
    const [row]: { stale: boolean }[] = await m.query(`SELECT now() - $1::timestamptz > $2::interval AS stale`, [at, interval]);
    return row!.stale;
  }

  async setStatus(m: EntityManager, id: string, status: number): Promise<void> {
    await m.query(`UPDATE ${this.s}.upload_task SET status = $2, updated_at = now() WHERE id = $1`, [id, status]);
  }

  /** Sets `status` only while the task is still in `from` (updated_at unchanged). */
  async restoreStatus(id: string, status: number, from: number): Promise<void> {
    await this.ds.query(`UPDATE ${this.s}.upload_task SET status = $2 WHERE id = $1 AND status = $3`, [id, status, from]);
  }

  /** The archive is in the store: `status`, fresh progress and the archive's facts; false when the task left `from`. */
  async markUploaded(id: string, status: number, from: number, a: ReceivedArchive): Promise<boolean> {
    const [rows]: [{ id: string }[], number] = await this.ds.query(
      `UPDATE ${this.s}.upload_task SET status = $2, progress = 0, progress_message = NULL, errors = '[]', archive_name = $3, archive_size = $4,
         image_count = $5, manifest_key = NULL, uploaded_at = now(), verified_at = NULL, updated_at = now()
       WHERE id = $1 AND status = $6 RETURNING id`,
      [id, status, a.archiveName, a.archiveSize, a.imageCount, from],
    );
    return rows.length > 0;
  }

  /** The verification job takes the task (`from` → `status`); undefined when it was decided already. */
  async startVerifying(id: string, status: number, from: number): Promise<UploadTaskRow | undefined> {
    const [rows]: [UploadTaskRow[], number] = await this.ds.query(
      `UPDATE ${this.s}.upload_task SET status = $2, progress = 0, progress_message = 'verifying', updated_at = now()
       WHERE id = $1 AND status IN ($3, $2) RETURNING *`,
      [id, status, from],
    );
    return rows[0];
  }

  /** Progress of the verification, while the task is still `status`. */
  async verifyProgress(id: string, status: number, percent: number, message: string): Promise<void> {
    await this.ds.query(`UPDATE ${this.s}.upload_task SET progress = $2, progress_message = $3 WHERE id = $1 AND status = $4`, [
      id,
      percent,
      message,
      status,
    ]);
  }

  /** Every photo checked: `status` (verified) with the manifest, if the task is still `from`. */
  async markVerified(id: string, status: number, from: number, imageCount: number, manifestKey: string): Promise<void> {
    await this.ds.query(
      `UPDATE ${this.s}.upload_task SET status = $2, progress = 100, progress_message = NULL, errors = '[]', image_count = $3, manifest_key = $4,
         verified_at = now(), updated_at = now() WHERE id = $1 AND status = $5`,
      [id, status, imageCount, manifestKey, from],
    );
  }

  async setVerifyJob(id: string, jobId: string): Promise<void> {
    await this.ds.query(`UPDATE ${this.s}.upload_task SET verify_job_id = $2 WHERE id = $1`, [id, jobId]);
  }

  /** Ends the task as `status` (failed) with its errors, if it is still in `from`. */
  async markFailed(id: string, status: number, from: number, errors: StoredError[]): Promise<void> {
    await this.ds.query(
      `UPDATE ${this.s}.upload_task SET status = $2, progress = 100, progress_message = NULL, errors = $3, manifest_key = NULL, image_count = NULL, updated_at = now()
       WHERE id = $1 AND status = $4`,
      [id, status, JSON.stringify(errors), from],
    );
  }

  async markCompleted(m: EntityManager, id: string, status: number, droneId: string | null, logs: UploadLog[]): Promise<void> {
    await m.query(
      `UPDATE ${this.s}.upload_task SET status = $2, drone_id = $3, logs = $4, completed_at = now(), updated_at = now() WHERE id = $1`,
      [id, status, droneId, JSON.stringify(logs)],
    );
  }
}
