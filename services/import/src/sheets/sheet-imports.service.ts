import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AppError,
  ComponentType,
  PackageType,
  UPLOAD_FILE_STATUS_LABELS,
  UPLOAD_PROGRESS_LABELS,
  UPLOAD_TASK_STATUS_LABELS,
  UploadFileStatus as S,
  UploadTaskStatus as T,
  errorText,
  isUuid,
  sheetImageId,
  type Locale,
} from '@windward/contracts';
import { canSeeCustomer, canSeePark, parsePage, type AuthUser } from '@windward/service-kit';
import { SHEET_IMPORT_SORT, SheetImportRepository, type SheetImportRow } from './sheet-import.repository.js';
import type { CreateSheetImportDto, SheetImportListQuery } from './sheet-import.dto.js';
import type { SheetImportPage, SheetImportView } from './sheet-import.view.js';
import { errorReportWorkbook } from './workbooks.js';

/** Package type announced for a component type (a spreadsheet import carries no flight package). */
export const PACKAGE_OF: Record<number, number> = {
  [ComponentType.BLADE_EXTERNAL]: PackageType.BLADE_AUTO,
  [ComponentType.BLADE_INTERNAL]: PackageType.BLADE_INNER,
};

/**
 * The wizard runs themselves (SPEC §2): start one (step 1), read, list, resume, cancel and close
 * it, its findings as a workbook. The steps that receive files are SheetUploadsService's, the
 * processing queue SheetImportQueue's; both load runs through `load` here.
 */
@Injectable()
export class SheetImportsService {
  constructor(
    private readonly ds: DataSource,
    private readonly repo: SheetImportRepository,
  ) {}

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

  /** The findings of the last check as a workbook in the reader's language. */
  async errorReport(user: AuthUser, id: string, locale: Locale): Promise<Buffer> {
    const row = await this.load(this.ds.manager, user, id);
    return errorReportWorkbook(row.findings, locale);
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

  /** The run still takes steps (not finished, cancelled or closed). */
  assertOpen(r: SheetImportRow) {
    if (r.task_status !== T.PROCESSING || r.dismissed) throw new AppError('ILLEGAL_TRANSITION', { details: { taskStatus: r.task_status } });
  }

  /** The run of a path id, or the same 404 for unknown and out-of-scope ids. */
  async load(m: EntityManager, user: AuthUser, id: string, lock = false): Promise<SheetImportRow> {
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const row = await this.repo.find(m, id, lock);
    if (!row || !canSeeCustomer(user, row.customer_id) || !canSeePark(user, row.wind_farm_id)) throw new AppError('NOT_FOUND');
    return row;
  }

  present(r: SheetImportRow, locale: Locale): SheetImportView {
    return presentSheetImport(r, locale);
  }
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
