import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import {
  AppError,
  ComponentType,
  EventTypes,
  IMPORT_FILE_MAX_BYTES,
  PackageType,
  UPLOAD_FILE_STATUS_LABELS,
  UPLOAD_PROGRESS_LABELS,
  UPLOAD_QUEUE_LIMIT,
  UPLOAD_TASK_STATUS_LABELS,
  UploadFileStatus as S,
  UploadProgress as P,
  UploadTaskStatus as T,
  errorText,
  fileExtension,
  isUuid,
  sheetImageId,
  type Locale,
  type SheetAppliedPayload,
} from '@windward/contracts';
import { EventPublisher, FILE_STORE, LOGGER, type FileStore, canSeeCustomer, canSeePark, parsePage, type AuthUser } from '@windward/service-kit';
import { SHEET_IMPORT_SORT, SheetImportRepository, type SheetImportRow } from './sheet-import.repository.js';
import type { CreateSheetImportDto, SheetImportListQuery } from './sheet-import.dto.js';
import type { SheetImportPage, SheetImportView } from './sheet-import.view.js';
import { SheetLive } from './sheet-live.js';
import { checkSheetImages, type ReceivedImages } from './sheet-images.js';
import { errorReportWorkbook } from './workbooks.js';
import { WorkbookUnreadable, verifyWorkbook } from './workbook-verify.js';
import { ColumnMappingsService } from '../mappings/column-mappings.service.js';

/** Imports in data processing at the same time across parks (our choice; one per park is the spec's -2003). */
const processingSlots = () => Number(process.env.IMPORT_PROCESSING_SLOTS ?? 2);
/** How often waiting imports are looked at besides the moments that free a slot (a restart, a lost wake-up). */
const DISPATCH_EVERY_MS = 5000;

/** Package type announced for a component type (a spreadsheet import carries no flight package). */
const PACKAGE_OF: Record<number, number> = {
  [ComponentType.BLADE_EXTERNAL]: PackageType.BLADE_AUTO,
  [ComponentType.BLADE_INTERNAL]: PackageType.BLADE_INNER,
};

@Injectable()
export class SheetImportsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ds: DataSource,
    private readonly repo: SheetImportRepository,
    private readonly events: EventPublisher,
    private readonly live: SheetLive,
    private readonly mappings: ColumnMappingsService,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  onApplicationBootstrap() {
    // A finished import frees its park and a slot: look at the queue at once.
    this.live.onChange((rows) => {
      if (rows.some((r) => r.status === S.ALL_DATA_UPLOADED || r.status === S.FAILED || r.task_status === T.CANCELLED))
        void this.dispatch().catch((err) => this.log.warn({ err }, 'sheet import dispatch failed'));
    });
    this.timer = setInterval(() => void this.dispatch().catch((err) => this.log.warn({ err }, 'sheet import dispatch failed')), DISPATCH_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
  }

  /** Step 1 done: a new wizard run for a park the caller may see (earlier unstarted runs of the caller are closed). */
  async create(user: AuthUser, dto: CreateSheetImportDto, locale: Locale): Promise<SheetImportView> {
    if (!(dto.componentType in PACKAGE_OF))
      throw new AppError('VALIDATION_FAILED', { details: [{ field: 'componentType', constraints: { rule: 'a blade component type' } }] });
    const id = await this.ds.transaction(async (m) => {
      const park = await this.repo.park(m, dto.windfarmId);
      if (!park || !canSeeCustomer(user, park.customer_id) || !canSeePark(user, park.wind_farm_id)) throw new AppError('WIND_PARK_NOT_FOUND');
      // The customer of step 1: one import knows (through a park), then the park's owner.
      if (dto.customerId && (!canSeeCustomer(user, dto.customerId) || !(await this.repo.customerKnown(m, dto.customerId)))) throw new AppError(-10007);
      if (dto.customerId && dto.customerId !== park.customer_id) throw new AppError(-10008);
      // A customer keeps one defect template, named by the customer's id: the run's is its park's customer's.
      if (dto.defectTemplateId && dto.defectTemplateId !== park.customer_id) throw new AppError(-10017);
      await this.repo.dismissOpen(m, user.userId);
      return this.repo.insert(m, {
        windFarmId: park.wind_farm_id,
        customerId: park.customer_id,
        projectId: dto.projectId ?? null,
        componentType: dto.componentType,
        defectTemplateId: dto.defectTemplateId ?? null,
        userId: user.userId,
      });
    });
    return this.get(user, id, locale);
  }

  async get(user: AuthUser, id: string, locale: Locale): Promise<SheetImportView> {
    return this.present(await this.load(this.ds.manager, user, id), locale);
  }

  /** The caller's open wizard run (the console resumes it), or null. */
  async current(user: AuthUser, locale: Locale): Promise<SheetImportView | null> {
    const row = await this.repo.current(user.userId);
    return row ? this.present(row, locale) : null;
  }

  async list(user: AuthUser, q: SheetImportListQuery, locale: Locale): Promise<SheetImportPage> {
    const page = parsePage(q, Object.keys(SHEET_IMPORT_SORT), { sortField: 'createdAt', descending: true, pageSize: 20 });
    const { rows, totalCount } = await this.repo.page(
      {
        customerIds: user.customerIds === null ? null : user.customerIds.filter(isUuid),
        parkIds: user.parkIds === null ? null : user.parkIds.filter(isUuid),
        windFarmIds: q.windfarmId ?? [],
        taskStatuses: q.taskStatus ?? [],
      },
      { sortField: page.sortField as keyof typeof SHEET_IMPORT_SORT, descending: page.descending, skip: page.skip, take: page.take },
    );
    return { results: rows.map((r) => this.present(r, locale)), totalCount };
  }

  /**
   * Before multer reads the body: the run must wait for (or retry) its workbook, and a chosen
   * mapping must be one of the run's customer (else the same 404, the run unchanged). Marks it
   * uploading (progress 1).
   */
  async beginWorkbook(user: AuthUser, id: string, mappingId?: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const r = await this.load(m, user, id, true);
      this.assertOpen(r);
      if (r.status === S.WAREHOUSING || r.status === S.ALL_DATA_UPLOADED || (r.status === S.VERIFY_SUCCESS && r.queued_at))
        throw new AppError('ILLEGAL_TRANSITION', { details: { status: r.status } });
      if (mappingId) await this.mappings.forRun(m, user, mappingId, r.customer_id);
      await this.repo.update(m, id, { status: S.UPLOADING, progress_code: P.UPLOADING, step: 2 });
    });
  }

  /** A refused upload (size, multipart) fails the run's check; a new workbook may follow. */
  async refuseWorkbook(id: string, error: AppError): Promise<void> {
    await this.repo.update(this.ds.manager, id, {
      status: S.FAILED,
      progress_code: null,
      findings: [],
      batch: null,
      summary: null,
      error: { code: error.code, ...(error.params ? { params: error.params } : {}) },
    });
  }

  /**
   * The workbook as multer wrote it (≤ 10 MB, checked before any parsing): .xlsx only (legacy .xls
   * refused with its own message, anything else -10001), then read and checked; every finding is
   * kept (sheet, row, column, value). Verified: step 3 (images); otherwise status 8 with the findings.
   */
  async receiveWorkbook(user: AuthUser, id: string, file: Express.Multer.File | undefined, locale: Locale, mappingId?: string): Promise<SheetImportView> {
    try {
      if (!file) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'file', constraints: { required: 'an .xlsx workbook' } }] });
      const ext = fileExtension(file.originalname);
      if (ext === '.xls') throw new AppError('SPREADSHEET_XLS_NOT_SUPPORTED');
      if (ext !== '.xlsx') throw new AppError(-10001);
      if (file.size > IMPORT_FILE_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', { params: { maxMb: IMPORT_FILE_MAX_BYTES / 1024 / 1024 } });
      const row = await this.load(this.ds.manager, user, id);
      // Another vendor's workbook is read through the customer's saved mapping (issue #20 item 7).
      const mapping = mappingId ? await this.mappings.forRun(this.ds.manager, user, mappingId, row.customer_id) : null;
      await this.repo.update(this.ds.manager, id, {
        status: S.VERIFYING,
        progress_code: P.VERIFYING,
        file_name: file.originalname.slice(0, 200),
        file_size: file.size,
        mapping_id: mapping?.row.id ?? null,
        mapping_name: mapping?.row.name ?? null,
      });
      const [park, turbines, existingDays, projects, template] = await Promise.all([
        this.repo.park(this.ds.manager, row.wind_farm_id),
        this.repo.turbines(row.wind_farm_id),
        this.repo.knownDays(row.wind_farm_id, row.component_type, id),
        this.repo.projects(row.wind_farm_id),
        row.customer_id ? this.repo.defectTemplate(row.customer_id) : undefined,
      ]);
      const range = (p: (typeof projects)[number]) => ({ name: p.name, start: p.start_date, end: p.end_date, defectTemplateId: p.defect_template_id });
      const chosen = projects.find((p) => p.project_id === row.project_id);
      let result;
      try {
        result = await verifyWorkbook(file.path, {
          parkName: park?.name ?? '',
          turbines: new Map(turbines.map((t) => [t.name.trim().toLowerCase(), { id: t.turbine_id, name: t.name, blades: t.blades }])),
          // The run's template: step 1's, else its customer's (what inspection holds defects to).
          defectTemplateId: row.defect_template_id ?? row.customer_id,
          template: template ? { types: template.types, severityLevels: template.severities.map((x) => x.level).filter((l): l is number => l !== null) } : null,
          existingDays,
          mapping: mapping?.resolved ?? null,
          projects: { chosen: chosen ? range(chosen) : null, ofPark: projects.map(range) },
        });
      } catch (err) {
        this.log.info({ err, sheetImportId: id }, 'workbook unreadable');
        const reason = err instanceof WorkbookUnreadable ? err.reason : 'the file is not a readable .xlsx workbook';
        throw new AppError(-10001, { details: { reason } });
      }
      const ok = result.inspections !== null && result.inspections.length > 0;
      await this.repo.update(this.ds.manager, id, {
        status: ok ? S.VERIFY_SUCCESS : S.FAILED,
        progress_code: ok ? P.VERIFIED : null,
        step: ok ? 3 : 2,
        findings: result.findings,
        summary: result.summary,
        batch: ok ? result.inspections : null,
        error: ok ? null : { code: result.findings.length ? -10006 : -10025 },
      });
    } catch (err) {
      if (err instanceof AppError && isUuid(id)) {
        const exists = await this.repo.find(this.ds.manager, id);
        if (exists) await this.refuseWorkbook(id, err);
      }
      throw err;
    } finally {
      if (file?.path) await rm(file.path, { force: true });
    }
    return this.get(user, id, locale);
  }

  /** Before multer reads step 3's body: the run must be verified and not yet queued. */
  async beginImages(user: AuthUser, id: string): Promise<void> {
    const r = await this.load(this.ds.manager, user, id);
    this.assertOpen(r);
    if (r.status !== S.VERIFY_SUCCESS || r.queued_at) throw new AppError('ILLEGAL_TRANSITION', { details: { status: r.status } });
  }

  /**
   * Step 3: the photos of the run (one archive or many photos), matched to the Defects sheet's
   * image ids; every mismatch is a located finding, all at once, and nothing is kept then. When
   * everything matches, the batch carries each defect's photo (shared store) and earlier photos
   * of the run are dropped. The run stays verified at step 3 either way.
   */
  async receiveImages(user: AuthUser, id: string, received: ReceivedImages | null, locale: Locale): Promise<SheetImportView> {
    const files = received ? ('archive' in received ? [received.archive] : received.photos) : [];
    const prefix = `${sheetImportPrefix(id)}/${randomUUID()}`;
    try {
      if (!received || !files.length)
        throw new AppError('VALIDATION_FAILED', { details: [{ field: 'file', constraints: { required: 'an archive or photos' } }] });
      const row = await this.load(this.ds.manager, user, id);
      const result = await checkSheetImages(this.store, prefix, row.batch ?? [], received, locale).catch(async (err: unknown) => {
        await this.store.removePrefix(prefix);
        throw err;
      });
      if (result.findings.length) await this.store.removePrefix(prefix);
      const committed = await this.ds.transaction(async (m) => {
        const r = await this.load(m, user, id, true);
        if (r.status !== S.VERIFY_SUCCESS || r.queued_at || r.task_status !== T.PROCESSING) return false;
        await this.repo.update(
          m,
          id,
          result.batch
            ? { batch: result.batch, findings: [], error: null, progress_code: P.IMAGE_UPLOADED }
            : { findings: result.findings.slice(0, 2000), batch: stripImages(r.batch), error: { code: result.findings[0]!.code } },
        );
        return result.batch !== null;
      });
      if (!committed) await this.store.removePrefix(prefix);
      // The photos of an earlier attempt of this run are replaced (or dropped after a refusal).
      for (const old of imagePrefixes(row.batch)) if (old !== prefix) await this.store.removePrefix(old);
    } finally {
      await Promise.all(files.map((f) => rm(f.path, { force: true })));
    }
    return this.get(user, id, locale);
  }

  /**
   * Step 3 one file at a time (the console's queue with pause, resume and retry of failed files):
   * photos added to the ones already matched. Every good photo is kept and matched at once, every
   * bad one is a finding of this request (it may be sent again alone); a photo for an id already
   * matched replaces it. Ids still without a photo are no finding here: processing refuses them
   * (-11001). Loose photos only (an archive is sent whole).
   */
  async addImages(user: AuthUser, id: string, received: ReceivedImages | null, locale: Locale): Promise<SheetImportView> {
    const files = received ? ('archive' in received ? [received.archive] : received.photos) : [];
    const prefix = `${sheetImportPrefix(id)}/${randomUUID()}`;
    try {
      if (!received || !files.length || 'archive' in received)
        throw new AppError('VALIDATION_FAILED', { details: [{ field: 'files', constraints: { rule: 'photos (an archive is sent whole, without append)' } }] });
      const row = await this.load(this.ds.manager, user, id);
      const result = await checkSheetImages(this.store, prefix, row.batch ?? [], received, locale, true);
      let dropped: string[] = [];
      const committed = await this.ds.transaction(async (m) => {
        // Under the row's lock: two files sent at once both land.
        const r = await this.load(m, user, id, true);
        if (r.status !== S.VERIFY_SUCCESS || r.queued_at || r.task_status !== T.PROCESSING) return false;
        const batch = (r.batch ?? []).map((i) => ({
          ...i,
          defects: i.defects.map((d) => {
            const image = d.imageId ? result.stored.get(sheetImageId(d.imageId)) : undefined;
            return image ? { ...d, image } : d;
          }),
        }));
        const kept = new Set(imagePrefixes(batch));
        dropped = imagePrefixes(r.batch).filter((p) => !kept.has(p));
        const complete = batch.every((i) => i.defects.every((d) => d.image));
        await this.repo.update(m, id, {
          batch,
          findings: result.findings.slice(0, 2000),
          error: result.findings.length ? { code: result.findings[0]!.code } : null,
          progress_code: complete ? P.IMAGE_UPLOADED : P.VERIFIED,
        });
        return true;
      });
      if (!committed) throw new AppError('ILLEGAL_TRANSITION');
      if (!result.stored.size) await this.store.removePrefix(prefix);
      // Photos replaced by this request's.
      for (const p of dropped) await this.store.removePrefix(p).catch((err: unknown) => this.log.warn({ err, prefix: p }, 'replaced sheet photos not removed'));
    } catch (err) {
      await this.store.removePrefix(prefix);
      throw err;
    } finally {
      await Promise.all(files.map((f) => rm(f.path, { force: true })));
    }
    return this.get(user, id, locale);
  }

  /** The findings of the last check as a workbook in the reader's language. */
  async errorReport(user: AuthUser, id: string, locale: Locale): Promise<Buffer> {
    const row = await this.load(this.ds.manager, user, id);
    return errorReportWorkbook(row.findings, locale);
  }

  /**
   * Step 3 → 4: a verified run enters the processing queue. One import per park in processing or
   * waiting (-2003), at most 10 waiting overall (-2004); then the queue is looked at at once.
   */
  async process(user: AuthUser, id: string, locale: Locale): Promise<SheetImportView> {
    await this.ds.transaction(async (m) => {
      // One writer of the queue at a time, so the two counts below cannot race.
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('import.sheet.queue'))`);
      const row = await this.load(m, user, id, true);
      this.assertOpen(row);
      if (row.status !== S.VERIFY_SUCCESS || row.queued_at) throw new AppError('ILLEGAL_TRANSITION', { details: { status: row.status } });
      const missing = (row.batch ?? []).flatMap((i) => i.defects).filter((d) => !d.image);
      if (missing.length) throw new AppError(-11001, { params: { entries: missing.slice(0, 5).map((d) => d.imageId ?? d.defectNo).join(', ') } });
      if ((await this.repo.busyInPark(m, row.wind_farm_id, row.id)) > 0) throw new AppError(-2003);
      if ((await this.repo.countWaiting(m)) >= UPLOAD_QUEUE_LIMIT) throw new AppError(-2004);
      // Every defect's photo is in (step 3), or there are none: images uploaded (progress 6).
      await this.repo.update(m, id, { queued_at: new Date(), step: 4, progress_code: P.IMAGE_UPLOADED });
    });
    await this.dispatch();
    return this.get(user, id, locale);
  }

  /** Cancels a run that is not in processing or finished. */
  async cancel(user: AuthUser, id: string, locale: Locale): Promise<SheetImportView> {
    await this.ds.transaction(async (m) => {
      const row = await this.load(m, user, id, true);
      this.assertOpen(row);
      if (row.status === S.WAREHOUSING) throw new AppError('ILLEGAL_TRANSITION', { details: { status: row.status } });
      await this.repo.update(m, id, { task_status: T.CANCELLED, queued_at: null, dismissed: true, finished_at: new Date() });
    });
    return this.get(user, id, locale);
  }

  /** Closes a finished (or failed) run: the wizard starts afresh next time. */
  async dismiss(user: AuthUser, id: string, locale: Locale): Promise<SheetImportView> {
    await this.ds.transaction(async (m) => {
      const row = await this.load(m, user, id, true);
      if (row.status === S.WAREHOUSING || (row.task_status === T.PROCESSING && row.queued_at))
        throw new AppError('ILLEGAL_TRANSITION', { details: { status: row.status } });
      await this.repo.update(m, id, {
        dismissed: true,
        ...(row.task_status === T.PROCESSING ? { task_status: T.CANCELLED, finished_at: new Date() } : {}),
      });
    });
    return this.get(user, id, locale);
  }

  /**
   * Moves waiting imports into processing while slots are free: each becomes "warehousing"
   * (progress 7) and its whole batch leaves in one import.sheet.committed, in the same transaction.
   */
  async dispatch(): Promise<void> {
    for (;;) {
      const started = await this.ds.transaction(async (m) => {
        await m.query(`SELECT pg_advisory_xact_lock(hashtext('import.sheet.queue'))`);
        if ((await this.repo.countProcessing(m)) >= processingSlots()) return null;
        const row = await this.repo.nextWaiting(m);
        if (!row) return null;
        await this.repo.update(m, row.id, { status: S.WAREHOUSING, progress_code: P.IMPORTING, queued_at: null });
        await this.events.publish(
          m,
          EventTypes.ImportSheetCommitted,
          row.id,
          {
            sheetImportId: row.id,
            windfarmId: row.wind_farm_id,
            customerId: row.customer_id,
            projectId: row.project_id,
            componentType: row.component_type,
            packageType: PACKAGE_OF[row.component_type] ?? PackageType.BLADE_AUTO,
            defectTemplateId: row.defect_template_id,
            userId: row.created_by,
            inspections: row.batch ?? [],
          },
          row.created_by,
        );
        return row.id;
      });
      if (!started) return;
    }
  }

  /** inspection.sheet.applied: the batch landed completely (7, imported) or not at all (8, -12001 with the reason). */
  async applied(m: EntityManager, p: SheetAppliedPayload): Promise<void> {
    const row = await this.repo.find(m, p.sheetImportId, true);
    if (!row || row.status !== S.WAREHOUSING) {
      this.log.warn({ sheetImportId: p.sheetImportId }, 'sheet import result for an import not in processing; ignored');
      return;
    }
    await this.repo.update(
      m,
      row.id,
      p.ok
        ? { status: S.ALL_DATA_UPLOADED, task_status: T.SUCCEEDED, progress_code: P.IMPORTED, step: 5, inspections: p.inspections, finished_at: new Date() }
        : {
            status: S.FAILED,
            task_status: T.FAILED,
            progress_code: null,
            step: 5,
            finished_at: new Date(),
            error: {
              code: -12001,
              details: {
                reason: p.error ? errorText(p.error.code as never, 'en_us', p.error.params) : 'unknown',
                cause: p.error ?? null,
              },
            },
          },
    );
  }

  private assertOpen(r: SheetImportRow) {
    if (r.task_status !== T.PROCESSING || r.dismissed) throw new AppError('ILLEGAL_TRANSITION', { details: { taskStatus: r.task_status } });
  }

  /** The run of a path id, or the same 404 for unknown and out-of-scope ids. */
  private async load(m: EntityManager, user: AuthUser, id: string, lock = false): Promise<SheetImportRow> {
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const row = await this.repo.find(m, id, lock);
    if (!row || !canSeeCustomer(user, row.customer_id) || !canSeePark(user, row.wind_farm_id)) throw new AppError('NOT_FOUND');
    return row;
  }

  present(r: SheetImportRow, locale: Locale): SheetImportView {
    return presentSheetImport(r, locale);
  }
}

/** Where a run's photos live in the shared store (each attempt of step 3 in its own folder below). */
export const sheetImportPrefix = (id: string) => `sheet-imports/${id}`;

/** The batch without step 3's photos (after a refused attempt). */
function stripImages(batch: SheetImportRow['batch']): SheetImportRow['batch'] {
  return batch && batch.map((i) => ({ ...i, defects: i.defects.map((d) => ({ ...d, image: null })) }));
}

/** The store folders of the photos a batch refers to. */
function imagePrefixes(batch: SheetImportRow['batch']): string[] {
  const out = new Set<string>();
  for (const i of batch ?? []) for (const d of i.defects) if (d.image) out.add(d.image.fileKey.slice(0, d.image.fileKey.lastIndexOf('/')));
  return [...out];
}

/** Distinct image ids the batch's defect rows name, and how many of them have their photo. */
function imageCounts(batch: SheetImportRow['batch']): { imagesNeeded: number; imagesUploaded: number } {
  const needed = new Set<string>();
  const uploaded = new Set<string>();
  for (const i of batch ?? [])
    for (const d of i.defects) {
      if (d.imageId) needed.add(sheetImageId(d.imageId));
      if (d.image) uploaded.add(d.image.fileKey);
    }
  return { imagesNeeded: needed.size, imagesUploaded: uploaded.size };
}

export function presentSheetImport(r: SheetImportRow, locale: Locale): SheetImportView {
  const fileLabels = UPLOAD_FILE_STATUS_LABELS[locale] as Record<number, string>;
  const progressLabels = UPLOAD_PROGRESS_LABELS[locale] as Record<number, string>;
  return {
    sheetImportId: r.id,
    windfarmId: r.wind_farm_id,
    windfarmName: r.windfarm_name,
    customerId: r.customer_id,
    projectId: r.project_id,
    componentType: r.component_type,
    defectTemplateId: r.defect_template_id,
    mappingId: r.mapping_id,
    mappingName: r.mapping_name,
    step: r.step,
    status: r.status,
    statusName: fileLabels[r.status] ?? String(r.status),
    taskStatus: r.task_status,
    taskStatusName: UPLOAD_TASK_STATUS_LABELS[locale][r.task_status],
    progressCode: r.progress_code,
    progressName: r.progress_code ? (progressLabels[r.progress_code] ?? null) : null,
    queued: r.queued_at !== null,
    fileName: r.file_name,
    fileSize: r.file_size === null ? null : Number(r.file_size),
    ...imageCounts(r.batch),
    summary: r.summary,
    findings: r.findings.map((f) => ({
      code: f.code,
      sheet: f.sheet,
      row: f.row,
      column: f.column,
      value: f.value,
      message: errorText(f.code as never, locale, f.params),
    })),
    error: r.error && {
      code: r.error.code,
      message: errorText(r.error.code, locale, r.error.params),
      ...(r.error.details ? { details: r.error.details } : {}),
    },
    inspections: r.inspections,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    finishedAt: r.finished_at,
  };
}
