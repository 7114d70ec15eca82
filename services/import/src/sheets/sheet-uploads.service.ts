import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import {
  AppError,
  IMPORT_FILE_MAX_BYTES,
  UploadFileStatus as S,
  UploadProgress as P,
  UploadTaskStatus as T,
  fileExtension,
  isUuid,
  sheetImageId,
  type Locale,
} from '@windward/contracts';
import { FILE_STORE, LOGGER, type FileStore, type AuthUser } from '@windward/service-kit';
import { SheetImportRepository, type SheetImportRow } from './sheet-import.repository.js';
import type { SheetImportView } from './sheet-import.view.js';
import { SheetImportsService } from './sheet-imports.service.js';
import { checkSheetImages, type ReceivedImages } from './sheet-images.js';
import { WorkbookUnreadable, verifyWorkbook } from './workbook-verify.js';
import { ColumnMappingsService } from '../mappings/column-mappings.service.js';

/**
 * The wizard's file steps: step 2's workbook (read, checked, every finding located) and step 3's
 * photos (one archive, many photos, or one at a time), each opened before multer reads the body.
 */
@Injectable()
export class SheetUploadsService {
  constructor(
    private readonly ds: DataSource,
    private readonly repo: SheetImportRepository,
    private readonly runs: SheetImportsService,
    private readonly mappings: ColumnMappingsService,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /**
   * Before multer reads the body: the run must wait for (or retry) its workbook, and a chosen
   * mapping must be one of the run's customer (else the same 404, the run unchanged). Marks it
   * uploading (progress 1).
   */
  async beginWorkbook(user: AuthUser, id: string, mappingId?: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const r = await this.runs.load(m, user, id, true);
      this.runs.assertOpen(r);
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
      const row = await this.runs.load(this.ds.manager, user, id);
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
    return this.runs.get(user, id, locale);
  }

  /** Before multer reads step 3's body: the run must be verified and not yet queued. */
  async beginImages(user: AuthUser, id: string): Promise<void> {
    const r = await this.runs.load(this.ds.manager, user, id);
    this.runs.assertOpen(r);
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
      const row = await this.runs.load(this.ds.manager, user, id);
      const result = await checkSheetImages(this.store, prefix, row.batch ?? [], received, locale).catch(async (err: unknown) => {
        await this.store.removePrefix(prefix);
        throw err;
      });
      if (result.findings.length) await this.store.removePrefix(prefix);
      const committed = await this.ds.transaction(async (m) => {
        const r = await this.runs.load(m, user, id, true);
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
    return this.runs.get(user, id, locale);
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
      const row = await this.runs.load(this.ds.manager, user, id);
      const result = await checkSheetImages(this.store, prefix, row.batch ?? [], received, locale, true);
      let dropped: string[] = [];
      const committed = await this.ds.transaction(async (m) => {
        // Under the row's lock: two files sent at once both land.
        const r = await this.runs.load(m, user, id, true);
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
    return this.runs.get(user, id, locale);
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
