import { rm } from 'node:fs/promises';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import {
  AppError,
  ComponentType,
  EventTypes,
  UPLOAD_FILE_STATUS_LABELS,
  UploadFileStatus as S,
  componentTypeOfPackage,
  errorText,
  type ErrorCode,
  type Locale,
  isUuid,
} from '@windward/contracts';
import {
  EventPublisher,
  FILE_STORE,
  JobsService,
  LOGGER,
  SERVICE_CONFIG,
  canSeeCustomer,
  canSeePark,
  fileStoreUri,
  listParam,
  parsePage,
  type AuthUser,
  type FileStore,
  type ServiceConfig,
} from '@windward/service-kit';
import { openZipFile, planArchive } from './archive.js';
import type { CompleteUploadDto, CreateUploadTaskDto } from './upload.dto.js';

export const VERIFY_QUEUE = 'import-verify';
/** An upload left "uploading" this long (the process died mid-request) may be started again. */
const STALE_UPLOAD = '6 hours';

export const uploadPrefix = (id: string) => `uploads/${id}`;
export const archiveKey = (id: string) => `${uploadPrefix(id)}/archive.zip`;
export const manifestKey = (id: string) => `${uploadPrefix(id)}/manifest.json`;

/** A refusal as the task keeps it: the catalogue code, its params and the offending entries. */
export interface StoredError {
  code: ErrorCode;
  params?: Record<string, string | number>;
  details?: unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = any;


const SORT: Record<string, string> = {
  createdAt: 'u.created_at',
  updatedAt: 'u.updated_at',
  inspectionDate: 'u.inspection_date',
  turbineName: 'lower(u.turbine_name)',
  status: 'u.status',
};

/** A `date` column as 'YYYY-MM-DD' (node-postgres reads it as local midnight, so local parts give the day back). */
export const day = (v: string | Date) =>
  v instanceof Date
    ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`
    : String(v).slice(0, 10);

function invalid(field: string, rule: string): never {
  throw new AppError('VALIDATION_FAILED', { details: [{ field, constraints: { rule } }] });
}

/** 'YYYY-MM-DD' of a date or timestamp text; refuses impossible dates. */
function toDay(v: string): string {
  const d = new Date(v.length === 10 ? `${v}T00:00:00Z` : v);
  if (!Number.isFinite(d.getTime())) invalid('inspectionDate', 'a date');
  const s = d.toISOString().slice(0, 10);
  if (v.length === 10 && s !== v) invalid('inspectionDate', 'a date');
  return s;
}

export function presentError(e: StoredError, locale: Locale) {
  return {
    code: e.code,
    message: errorText(e.code, locale, e.params),
    ...(e.params ? { params: e.params } : {}),
    ...(e.details ? { details: e.details } : {}),
  };
}

@Injectable()
export class UploadsService implements OnApplicationBootstrap {
  readonly s: string;
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
    private readonly jobs: JobsService,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(SERVICE_CONFIG) cfg: ServiceConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    this.s = `"${cfg.schema}"`;
  }

  async onApplicationBootstrap() {
    await this.jobs.ensureQueue(VERIFY_QUEUE, 2);
  }

  /** Upload task creation (SPEC §3): the park and its turbine must be known; publishes import.upload.created. */
  async create(user: AuthUser, dto: CreateUploadTaskDto, locale: Locale) {
    const packageType = dto.packageType ?? 1;
    const component = componentTypeOfPackage(packageType);
    // The archive layout (blade / path / chamber folders) describes blade photographs.
    if (component !== ComponentType.BLADE_EXTERNAL && component !== ComponentType.BLADE_INTERNAL)
      invalid('packageType', 'a blade package type');
    const date = toDay(dto.inspectionDate);
    const id = await this.ds
      .transaction(async (m) => {
        const [park] = await m.query(`SELECT * FROM ${this.s}.park_ref WHERE wind_farm_id = $1`, [dto.windfarmId]);
        if (!park || !canSeeCustomer(user, park.customer_id) || !canSeePark(user, park.wind_farm_id))
          throw new AppError('WIND_PARK_NOT_FOUND');
        const [turbine] = await m.query(
          `SELECT * FROM ${this.s}.turbine_ref WHERE wind_farm_id = $1 AND lower(name) = lower($2) AND NOT deleted ORDER BY name = $2 DESC LIMIT 1`,
          [park.wind_farm_id, dto.turbineName.trim()],
        );
        if (!turbine) throw new AppError('TURBINE_NOT_IN_WIND_PARK', { params: { turbineName: dto.turbineName.trim() } });
        const [same] = await m.query(
          `SELECT 1 FROM ${this.s}.upload_task WHERE turbine_id = $1 AND component_type = $2 AND inspection_date = $3`,
          [turbine.turbine_id, component, date],
        );
        if (same) throw new AppError(-10009);
        const [row] = await m.query(
          `INSERT INTO ${this.s}.upload_task (wind_farm_id, turbine_id, turbine_name, inspection_date, campaign_id, package_type, component_type, drone_id, status, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
          [
            park.wind_farm_id,
            turbine.turbine_id,
            turbine.name,
            date,
            dto.campaignId ?? null,
            packageType,
            component,
            dto.droneId?.trim() || null,
            S.WAITING_FOR_UPLOAD,
            user.userId,
          ],
        );
        await this.events.publish(
          m,
          EventTypes.ImportUploadCreated,
          row.id,
          {
            uploadTaskId: row.id,
            windfarmId: row.wind_farm_id,
            turbineName: row.turbine_name,
            inspectionDate: `${date}T00:00:00.000Z`,
            campaignId: row.campaign_id,
            packageType,
          },
          user.userId,
        );
        return row.id as string;
      })
      .catch((err) => {
        // Two requests racing for the same turbine and day: the index has the last word.
        const e = err instanceof QueryFailedError ? (err.driverError as { code?: string; constraint?: string }) : undefined;
        if (e?.code === '23505' && e.constraint === 'upload_task_same_day_uq') throw new AppError(-10009);
        throw err;
      });
    return this.get(user, id, locale);
  }

  async get(user: AuthUser, id: string, locale: Locale) {
    const row = await this.load(this.ds.manager, user, id);
    const job = row.verify_job_id ? await this.jobs.status(VERIFY_QUEUE, row.verify_job_id) : null;
    return { ...this.present(row, locale), verifyJob: job && { id: job.id, state: job.state, percent: job.percent, message: job.message } };
  }

  /** Upload tasks in the caller's data scope, paged and sorted on the server. */
  async list(user: AuthUser, q: Record<string, unknown>, locale: Locale) {
    const newestFirst = q.fieldToSort === undefined || q.fieldToSort === 'createdAt' || q.fieldToSort === 'updatedAt';
    const page = parsePage(q, Object.keys(SORT), { sortField: 'createdAt', descending: newestFirst, pageSize: 20 });
    const params: unknown[] = [];
    const where = [this.scopeSql(user, params)];
    const parks = listParam(q.windfarmId ?? q.windFarmId);
    if (parks.length) {
      if (!parks.every((p) => isUuid(p))) invalid('windfarmId', 'wind park ids');
      where.push(`u.wind_farm_id = ANY($${params.push(parks)}::uuid[])`);
    }
    const statuses = listParam(q.status).map(Number);
    if (statuses.length) {
      if (!statuses.every((n) => Number.isInteger(n) && n >= 0 && n <= 8)) invalid('status', 'upload file statuses 0..8');
      where.push(`u.status = ANY($${params.push(statuses)}::int[])`);
    }
    if (typeof q.turbineName === 'string' && q.turbineName.trim()) {
      where.push(`u.turbine_name ILIKE '%' || $${params.push(q.turbineName.trim().replace(/[\\%_]/g, (c) => `\\${c}`))} || '%'`);
    }
    const from = `FROM ${this.s}.upload_task u JOIN ${this.s}.park_ref p ON p.wind_farm_id = u.wind_farm_id WHERE ${where.join(' AND ')}`;
    const dir = page.descending ? 'DESC' : 'ASC';
    const rows = await this.ds.query(
      `SELECT u.*, p.name AS windfarm_name, p.customer_id ${from} ORDER BY ${SORT[page.sortField]} ${dir}, u.id ${dir} LIMIT ${page.take} OFFSET ${page.skip}`,
      params,
    );
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n ${from}`, params);
    return { results: rows.map((r: Row) => this.present(r, locale)), totalCount: n };
  }

  /**
   * Marks the task "uploading" before any byte is read, so two archives cannot race. Allowed while
   * it waits for its archive, after a failed verification, or when an upload died mid-request.
   * Returns the status to go back to if the archive is refused.
   */
  async beginArchive(user: AuthUser, id: string): Promise<number> {
    return this.ds.transaction(async (m) => {
      const row = await this.load(m, user, id, true);
      const stale =
        row.status === S.UPLOADING &&
        (await m.query(`SELECT now() - $1::timestamptz > interval '${STALE_UPLOAD}' AS stale`, [row.updated_at]))[0].stale;
      if (row.status !== S.WAITING_FOR_UPLOAD && row.status !== S.FAILED && !stale) {
        throw new AppError('ILLEGAL_TRANSITION', { details: { status: row.status, allowed: [S.WAITING_FOR_UPLOAD, S.FAILED] } });
      }
      const previous = stale ? S.WAITING_FOR_UPLOAD : row.status;
      await m.query(`UPDATE ${this.s}.upload_task SET status = $2, updated_at = now() WHERE id = $1`, [row.id, S.UPLOADING]);
      return previous;
    });
  }

  /** A refused or broken upload leaves the task as it was. */
  async abortArchive(id: string, previous: number): Promise<void> {
    await this.ds.query(`UPDATE ${this.s}.upload_task SET status = $2 WHERE id = $1 AND status = $3`, [id, previous, S.UPLOADING]);
  }

  /**
   * The archive as multer wrote it to a temp file: its directory is checked (paths, sizes, layout,
   * duplicates) before it enters the store; then it is "uploaded" and the verification job
   * (content of every photo) is queued. Any refusal removes the file and restores the task.
   */
  async receiveArchive(user: AuthUser, id: string, file: Express.Multer.File | undefined, previous: number, locale: Locale) {
    let stored = false;
    try {
      if (!file) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'file', constraints: { required: 'a ZIP archive' } }] });
      if (!file.originalname.toLowerCase().endsWith('.zip')) throw new AppError('FILE_TYPE_NOT_ALLOWED', { params: { allowed: '.zip' } });
      const zip = await openZipFile(file.path);
      const plan = await planArchive(zip).finally(() => zip.close());
      await this.store.putFile(archiveKey(id), file.path);
      stored = true;
      const [[row]] = await this.ds.query(
        `UPDATE ${this.s}.upload_task SET status = $2, progress = 0, progress_message = NULL, errors = '[]', archive_name = $3, archive_size = $4,
           image_count = $5, manifest_key = NULL, uploaded_at = now(), verified_at = NULL, updated_at = now()
         WHERE id = $1 AND status = $6 RETURNING id`,
        [id, S.UPLOADED, file.originalname.slice(0, 255), file.size, plan.images.length, S.UPLOADING],
      );
      if (!row) throw new AppError('ILLEGAL_TRANSITION');
    } catch (err) {
      if (stored) await this.store.removePrefix(uploadPrefix(id));
      await this.abortArchive(id, previous);
      throw err;
    } finally {
      if (file?.path) await rm(file.path, { force: true });
    }
    try {
      const jobId = await this.jobs.send(VERIFY_QUEUE, { uploadTaskId: id });
      await this.ds.query(`UPDATE ${this.s}.upload_task SET verify_job_id = $2 WHERE id = $1`, [id, jobId]);
    } catch (err) {
      this.log.error({ err, uploadTaskId: id }, 'verification job not queued');
      await this.fail(id, S.UPLOADED, { code: 'INTERNAL_ERROR' });
      throw err;
    }
    return this.get(user, id, locale);
  }

  /** Ends a verification (or a queued one) as failed: nothing of the upload stays in the store. */
  async fail(id: string, fromStatus: number, error: StoredError): Promise<void> {
    await this.store.removePrefix(uploadPrefix(id));
    await this.ds.query(
      `UPDATE ${this.s}.upload_task SET status = $2, progress = 100, progress_message = NULL, errors = $3, manifest_key = NULL, image_count = NULL, updated_at = now()
       WHERE id = $1 AND status = $4`,
      [id, S.FAILED, JSON.stringify([error]), fromStatus],
    );
  }

  /** Completing an upload (SPEC §3): only a verified one; publishes import.upload.completed with the manifest's URI. */
  async complete(user: AuthUser, id: string, dto: CompleteUploadDto, locale: Locale) {
    await this.ds.transaction(async (m) => {
      const row = await this.load(m, user, id, true);
      if (row.status === S.ALL_DATA_UPLOADED) throw new AppError('ILLEGAL_TRANSITION', { details: { status: row.status } });
      if (row.status !== S.VERIFY_SUCCESS || !row.manifest_key)
        throw new AppError('UPLOAD_NOT_VERIFIED', { details: { status: row.status } });
      const droneId = dto.droneId?.trim() || row.drone_id || null;
      const logs = (dto.logs ?? []).map((l) => ({ logName: l.logName.trim(), logType: l.logType, logFileUri: l.logFileUri.trim() }));
      await m.query(
        `UPDATE ${this.s}.upload_task SET status = $2, drone_id = $3, logs = $4, completed_at = now(), updated_at = now() WHERE id = $1`,
        [row.id, S.ALL_DATA_UPLOADED, droneId, JSON.stringify(logs)],
      );
      await this.events.publish(
        m,
        EventTypes.ImportUploadCompleted,
        row.id,
        {
          uploadTaskId: row.id,
          uploadFileUri: fileStoreUri(row.manifest_key),
          droneId,
          logs,
          windfarmId: row.wind_farm_id,
          turbineId: row.turbine_id,
          turbineName: row.turbine_name,
          inspectionDate: `${day(row.inspection_date)}T00:00:00.000Z`,
          packageType: row.package_type,
          campaignId: row.campaign_id,
        },
        user.userId,
      );
    });
    return this.get(user, id, locale);
  }

  /** The task of a path id, or the same 404 for unknown and out-of-scope ids. */
  private async load(m: EntityManager, user: AuthUser, id: string, lock = false): Promise<Row> {
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const [row] = await m.query(
      `SELECT u.*, p.name AS windfarm_name, p.customer_id FROM ${this.s}.upload_task u JOIN ${this.s}.park_ref p ON p.wind_farm_id = u.wind_farm_id
       WHERE u.id = $1 ${lock ? 'FOR UPDATE OF u' : ''}`,
      [id],
    );
    if (!row || !canSeeCustomer(user, row.customer_id) || !canSeePark(user, row.wind_farm_id)) throw new AppError('NOT_FOUND');
    return row;
  }

  private scopeSql(user: AuthUser, params: unknown[]): string {
    const parts: string[] = [];
    if (user.customerIds !== null) parts.push(`p.customer_id = ANY($${params.push(user.customerIds.filter(isUuid))}::uuid[])`);
    if (user.parkIds !== null) parts.push(`u.wind_farm_id = ANY($${params.push(user.parkIds.filter(isUuid))}::uuid[])`);
    return parts.length ? parts.join(' AND ') : 'TRUE';
  }

  present(r: Row, locale: Locale) {
    return {
      uploadTaskId: r.id,
      windfarmId: r.wind_farm_id,
      windfarmName: r.windfarm_name,
      customerId: r.customer_id,
      turbineId: r.turbine_id,
      turbineName: r.turbine_name,
      inspectionDate: day(r.inspection_date),
      campaignId: r.campaign_id,
      packageType: r.package_type,
      componentType: r.component_type,
      droneId: r.drone_id,
      status: r.status,
      statusName: UPLOAD_FILE_STATUS_LABELS[locale][r.status as keyof (typeof UPLOAD_FILE_STATUS_LABELS)['en_us']],
      progress: r.progress,
      progressMessage: r.progress_message,
      errors: (r.errors as StoredError[]).map((e) => presentError(e, locale)),
      archiveName: r.archive_name,
      archiveSize: r.archive_size === null ? null : Number(r.archive_size),
      imageCount: r.image_count,
      uploadFileUri: r.manifest_key ? fileStoreUri(r.manifest_key) : null,
      logs: r.logs,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      uploadedAt: r.uploaded_at,
      verifiedAt: r.verified_at,
      completedAt: r.completed_at,
    };
  }
}
