import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import {
  AppError,
  ComponentType,
  EventTypes,
  UPLOAD_FILE_STATUS_LABELS,
  UploadFileStatus as S,
  componentTypeOfPackage,
  errorText,
  type Locale,
  isUuid,
} from '@windward/contracts';
import {
  EventPublisher,
  FILE_STORE,
  JobsService,
  LOGGER,
  canSeeCustomer,
  canSeePark,
  fileStoreUri,
  parsePage,
  uniqueAsConflict,
  type AuthUser,
  type FileStore,
} from '@windward/service-kit';
import { archiveFormatOf, ARCHIVE_NAMES, openZipFile, planArchive, planEntries, type ArchiveFormat } from './archive.js';
import { listTarGz } from './tar-gz.js';
import type { CompleteUploadDto, CreateUploadTaskDto, UploadTaskListQuery } from './upload.dto.js';
import type { UploadErrorView, UploadTaskPage, UploadTaskSummaryView, UploadTaskView } from './upload.view.js';
import { UPLOAD_TASK_SORT, UploadTaskRepository, type StoredError, type UploadTaskWithPark } from './upload-task.repository.js';

export type { StoredError };

export const VERIFY_QUEUE = 'import-verify';
/** An upload left "uploading" this long (the process died mid-request) may be started again. */
const STALE_UPLOAD = '6 hours';

export const uploadPrefix = (id: string) => `uploads/${id}`;
export const archiveKey = (id: string, format: ArchiveFormat = 'zip') => `${uploadPrefix(id)}/archive.${format}`;
export const manifestKey = (id: string) => `${uploadPrefix(id)}/manifest.json`;

const SORTABLE = Object.keys(UPLOAD_TASK_SORT) as (keyof typeof UPLOAD_TASK_SORT)[];

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

export function presentError(e: StoredError, locale: Locale): UploadErrorView {
  return {
    code: e.code,
    message: errorText(e.code, locale, e.params),
    ...(e.params ? { params: e.params } : {}),
    ...(e.details ? { details: e.details } : {}),
  };
}

/** An archive received into a local temp file (multer's upload or a finished resumable upload). */
export interface ReceivedFile {
  path: string;
  originalname: string;
  size: number;
}

/** Checks an archive's directory where it was received (nothing unpacked); the number of photos it holds. */
async function planLocalArchive(localPath: string, format: ArchiveFormat, size: number): Promise<number> {
  if (format === 'zip') {
    const zip = await openZipFile(localPath);
    return (await planArchive(zip).finally(() => zip.close())).images.length;
  }
  return planEntries(await listTarGz(createReadStream(localPath), size), size).images.length;
}

@Injectable()
export class UploadsService implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    private readonly tasks: UploadTaskRepository,
    private readonly events: EventPublisher,
    private readonly jobs: JobsService,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.ensureQueue(VERIFY_QUEUE, 2);
  }

  /** Upload task creation (SPEC §3): the park and its turbine must be known; publishes import.upload.created. */
  async create(user: AuthUser, dto: CreateUploadTaskDto, locale: Locale): Promise<UploadTaskView> {
    const packageType = dto.packageType ?? 1;
    const component = componentTypeOfPackage(packageType);
    // The archive layout (blade / path / chamber folders) describes blade photographs.
    if (component !== ComponentType.BLADE_EXTERNAL && component !== ComponentType.BLADE_INTERNAL)
      invalid('packageType', 'a blade package type');
    const date = toDay(dto.inspectionDate);
    // Two requests racing for the same turbine and day: the unique index has the last word.
    const id = await uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          const park = await this.tasks.findPark(m, dto.windfarmId);
          if (!park || !canSeeCustomer(user, park.customer_id) || !canSeePark(user, park.wind_farm_id))
            throw new AppError('WIND_PARK_NOT_FOUND');
          const turbine = await this.tasks.findTurbine(m, park.wind_farm_id, dto.turbineName.trim());
          if (!turbine) throw new AppError('TURBINE_NOT_IN_WIND_PARK', { params: { turbineName: dto.turbineName.trim() } });
          if (await this.tasks.existsSameDay(m, turbine.turbine_id, component, date)) throw new AppError(-10009);
          const row = await this.tasks.insert(m, {
            windFarmId: park.wind_farm_id,
            turbineId: turbine.turbine_id,
            turbineName: turbine.name,
            inspectionDate: date,
            campaignId: dto.campaignId ?? null,
            packageType,
            componentType: component,
            droneId: dto.droneId?.trim() || null,
            status: S.WAITING_FOR_UPLOAD,
            createdBy: user.userId,
          });
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
          return row.id;
        }),
      { upload_task_same_day_uq: -10009 },
    );
    return this.get(user, id, locale);
  }

  async get(user: AuthUser, id: string, locale: Locale): Promise<UploadTaskView> {
    const row = await this.load(this.ds.manager, user, id);
    const job = row.verify_job_id ? await this.jobs.status(VERIFY_QUEUE, row.verify_job_id) : null;
    return { ...this.present(row, locale), verifyJob: job && { id: job.id, state: job.state, percent: job.percent, message: job.message } };
  }

  /** Upload tasks in the caller's data scope, paged and sorted on the server. */
  async list(user: AuthUser, q: UploadTaskListQuery, locale: Locale): Promise<UploadTaskPage> {
    const newestFirst = q.fieldToSort === undefined || q.fieldToSort === 'createdAt' || q.fieldToSort === 'updatedAt';
    const page = parsePage(q, SORTABLE, { sortField: 'createdAt', descending: newestFirst, pageSize: 20 });
    const { rows, totalCount } = await this.tasks.page(
      {
        customerIds: user.customerIds === null ? null : user.customerIds.filter(isUuid),
        parkIds: user.parkIds === null ? null : user.parkIds.filter(isUuid),
        windFarmIds: q.windfarmId ?? q.windFarmId ?? [],
        statuses: q.status ?? [],
        turbineName: q.turbineName?.trim() || undefined,
      },
      { sortField: page.sortField as keyof typeof UPLOAD_TASK_SORT, descending: page.descending, skip: page.skip, take: page.take },
    );
    return { results: rows.map((r) => this.present(r, locale)), totalCount };
  }

  /**
   * Marks the task "uploading" before any byte is read, so two archives cannot race. Allowed while
   * it waits for its archive, after a failed verification, or when an upload died mid-request.
   * Returns the status to go back to if the archive is refused.
   */
  async beginArchive(user: AuthUser, id: string): Promise<number> {
    return this.ds.transaction(async (m) => {
      const row = await this.load(m, user, id, true);
      const stale = row.status === S.UPLOADING && (await this.tasks.olderThan(m, row.updated_at, STALE_UPLOAD));
      if (row.status !== S.WAITING_FOR_UPLOAD && row.status !== S.FAILED && !stale) {
        throw new AppError('ILLEGAL_TRANSITION', { details: { status: row.status, allowed: [S.WAITING_FOR_UPLOAD, S.FAILED] } });
      }
      const previous = stale ? S.WAITING_FOR_UPLOAD : row.status;
      await this.tasks.setStatus(m, row.id, S.UPLOADING);
      return previous;
    });
  }

  /** A refused or broken upload leaves the task as it was. */
  async abortArchive(id: string, previous: number): Promise<void> {
    await this.tasks.restoreStatus(id, previous, S.UPLOADING);
  }

  /**
   * The archive as multer wrote it to a temp file: its directory is checked (paths, sizes, layout,
   * duplicates) before it enters the store; then it is "uploaded" and the verification job
   * (content of every photo) is queued. Any refusal removes the file and restores the task.
   */
  async receiveArchive(
    user: AuthUser,
    id: string,
    file: ReceivedFile | undefined,
    previous: number,
    locale: Locale,
  ): Promise<UploadTaskView> {
    let stored = false;
    try {
      if (!file) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'file', constraints: { required: 'an archive' } }] });
      const format = archiveFormatOf(file.originalname);
      if (!format) throw new AppError('FILE_TYPE_NOT_ALLOWED', { params: { allowed: ARCHIVE_NAMES } });
      const imageCount = await planLocalArchive(file.path, format, file.size);
      await this.store.putFile(archiveKey(id, format), file.path);
      stored = true;
      const uploaded = await this.tasks.markUploaded(id, S.UPLOADED, S.UPLOADING, {
        archiveName: file.originalname.slice(0, 255),
        archiveSize: file.size,
        imageCount,
      });
      if (!uploaded) throw new AppError('ILLEGAL_TRANSITION');
    } catch (err) {
      if (stored) await this.store.removePrefix(uploadPrefix(id));
      await this.abortArchive(id, previous);
      throw err;
    } finally {
      if (file?.path) await rm(file.path, { force: true });
    }
    try {
      const jobId = await this.jobs.send(VERIFY_QUEUE, { uploadTaskId: id });
      await this.tasks.setVerifyJob(id, jobId);
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
    await this.tasks.markFailed(id, S.FAILED, fromStatus, [error]);
  }

  /** Completing an upload (SPEC §3): only a verified one; publishes import.upload.completed with the manifest's URI. */
  async complete(user: AuthUser, id: string, dto: CompleteUploadDto, locale: Locale): Promise<UploadTaskView> {
    await this.ds.transaction(async (m) => {
      const row = await this.load(m, user, id, true);
      if (row.status === S.ALL_DATA_UPLOADED) throw new AppError('ILLEGAL_TRANSITION', { details: { status: row.status } });
      if (row.status !== S.VERIFY_SUCCESS || !row.manifest_key)
        throw new AppError('UPLOAD_NOT_VERIFIED', { details: { status: row.status } });
      const droneId = dto.droneId?.trim() || row.drone_id || null;
      const logs = (dto.logs ?? []).map((l) => ({ logName: l.logName.trim(), logType: l.logType, logFileUri: l.logFileUri.trim() }));
      await this.tasks.markCompleted(m, row.id, S.ALL_DATA_UPLOADED, droneId, logs);
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
  private async load(m: EntityManager, user: AuthUser, id: string, lock = false): Promise<UploadTaskWithPark> {
    // The archive interceptor passes the raw path id (it runs before the pipes).
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const row = await this.tasks.findWithPark(m, id, lock);
    if (!row || !canSeeCustomer(user, row.customer_id) || !canSeePark(user, row.wind_farm_id)) throw new AppError('NOT_FOUND');
    return row;
  }

  present(r: UploadTaskWithPark, locale: Locale): UploadTaskSummaryView {
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
      errors: r.errors.map((e) => presentError(e, locale)),
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
