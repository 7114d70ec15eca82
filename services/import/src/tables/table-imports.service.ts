import { Inject, Injectable } from '@nestjs/common';
import { rm } from 'node:fs/promises';
import { DataSource, type EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import {
  AppError,
  EventTypes,
  errorText,
  isUuid,
  type Locale,
  type SheetFinding,
  type TableAppliedPayload,
  type TableCommittedPayload,
  type TableImportKind,
} from '@windward/contracts';
import { EventPublisher, LOGGER, canSeeCustomer, canSeePark, type AuthUser } from '@windward/service-kit';
import { SheetImportRepository } from '../sheets/sheet-import.repository.js';
import { openUploadedWorkbook, type ReadTable } from '../sheets/workbook-table.js';
import { verifyLpsWorkbook } from './lps-verify.js';
import { TableImportRepository, type TableImportRow } from './table-import.repository.js';
import type { TableImportView } from './table-import.view.js';
import { verifyTemplateWorkbook } from './template-verify.js';

/** The event's content before it has an id (distributes over its two kinds). */
type Batch = TableCommittedPayload extends infer T ? (T extends unknown ? Omit<T, 'tableImportId' | 'userId'> : never) : never;

const origin = (t: ReadTable) => ({ sheet: t.name, headers: t.headers, locale: t.locale });

/**
 * LPS and template imports: the workbook is checked here (every finding located); a clean one is
 * sent whole to inspection in one `import.table.committed`, published in the transaction that
 * records the import. Inspection applies it all or nothing and answers `inspection.table.applied`.
 */
@Injectable()
export class TableImportsService {
  constructor(
    private readonly ds: DataSource,
    private readonly repo: TableImportRepository,
    private readonly sheets: SheetImportRepository,
    private readonly events: EventPublisher,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async importLps(user: AuthUser, windfarmId: string, file: Express.Multer.File | undefined, locale: Locale): Promise<TableImportView> {
    try {
      const park = await this.sheets.park(this.ds.manager, windfarmId);
      if (!park || !canSeeCustomer(user, park.customer_id) || !canSeePark(user, park.wind_farm_id)) throw new AppError('WIND_PARK_NOT_FOUND');
      const wb = await openUploadedWorkbook(file);
      const turbines = await this.sheets.turbines(windfarmId);
      const res = verifyLpsWorkbook(wb, new Map(turbines.map((t) => [t.name.trim().toLowerCase(), { id: t.turbine_id, name: t.name }])));
      return this.record(user, locale, {
        kind: 'lps',
        windfarmId,
        customerId: park.customer_id,
        fileName: file!.originalname,
        rows: res.table?.rows.length ?? 0,
        findings: res.findings,
        total: res.total,
        payload: res.readings && {
          kind: 'lps',
          windfarmId,
          readings: res.readings,
          origins: { lps: origin(res.table!) },
        },
      });
    } finally {
      if (file?.path) await rm(file.path, { force: true });
    }
  }

  async importTemplates(user: AuthUser, customerId: string, file: Express.Multer.File | undefined, locale: Locale): Promise<TableImportView> {
    try {
      if (!canSeeCustomer(user, customerId)) throw new AppError('NOT_FOUND');
      const wb = await openUploadedWorkbook(file);
      const res = verifyTemplateWorkbook(wb);
      return this.record(user, locale, {
        kind: 'templates',
        windfarmId: null,
        customerId,
        fileName: file!.originalname,
        rows: res.tables.reduce((n, t) => n + t.rows.length, 0),
        findings: res.findings,
        total: res.total,
        payload: res.batch && {
          kind: 'templates',
          customerId,
          items: res.batch.items,
          lpsTemplates: res.batch.lpsTemplates,
          origins: Object.fromEntries(res.tables.map((t) => [t.def.key, origin(t)])),
        },
      });
    } finally {
      if (file?.path) await rm(file.path, { force: true });
    }
  }

  /** Records the import; a clean check sends the batch in the same transaction. */
  private async record(
    user: AuthUser,
    locale: Locale,
    r: {
      kind: TableImportKind;
      windfarmId: string | null;
      customerId: string | null;
      fileName: string;
      rows: number;
      findings: SheetFinding[];
      total: number;
      payload: Batch | null;
    },
  ): Promise<TableImportView> {
    const id = await this.ds.transaction(async (m) => {
      const id = await this.repo.insert(m, {
        kind: r.kind,
        wind_farm_id: r.windfarmId,
        customer_id: r.customerId,
        status: r.payload ? 'PENDING' : 'REFUSED',
        file_name: r.fileName.slice(0, 200),
        rows: r.rows,
        finding_count: r.total,
        findings: r.findings,
        created_by: user.userId,
      });
      if (r.payload)
        await this.events.publish(m, EventTypes.ImportTableCommitted, id, { ...r.payload, tableImportId: id, userId: user.userId } as TableCommittedPayload, user.userId);
      return id;
    });
    this.log.info({ tableImportId: id, kind: r.kind, findings: r.total }, 'table import checked');
    return this.present((await this.repo.find(this.ds.manager, id))!, locale);
  }

  async get(user: AuthUser, kind: TableImportKind, id: string, locale: Locale): Promise<TableImportView> {
    return this.present(await this.load(user, kind, id), locale);
  }

  async latest(user: AuthUser, kind: TableImportKind, locale: Locale): Promise<TableImportView | null> {
    const row = await this.repo.latest(this.ds.manager, user.userId, kind);
    return row && this.visible(user, row) ? this.present(row, locale) : null;
  }

  /** The import of a path id; unknown, other-kind and out-of-scope ids answer the same 404. */
  async load(user: AuthUser, kind: TableImportKind, id: string): Promise<TableImportRow> {
    const row = isUuid(id) ? await this.repo.find(this.ds.manager, id) : undefined;
    if (!row || row.kind !== kind || !this.visible(user, row)) throw new AppError('NOT_FOUND');
    return row;
  }

  private visible(user: AuthUser, row: TableImportRow): boolean {
    return canSeeCustomer(user, row.customer_id) && (row.wind_farm_id === null || canSeePark(user, row.wind_farm_id));
  }

  /** inspection's answer: the rows landed, or none did (its findings located like ours). */
  async applied(m: EntityManager, p: TableAppliedPayload): Promise<void> {
    await this.repo.finish(m, p.tableImportId, p.ok, p.created, p.findings, p.inspectionIds ?? []);
  }

  present(r: TableImportRow, locale: Locale): TableImportView {
    return {
      tableImportId: r.id,
      kind: r.kind,
      windfarmId: r.wind_farm_id,
      customerId: r.customer_id,
      status: r.status,
      fileName: r.file_name,
      rows: r.rows,
      created: r.created,
      findingCount: r.finding_count,
      findings: r.findings.map((f) => ({ ...f, message: errorText(f.code as never, locale, f.params) })),
      inspectionIds: r.inspection_ids,
      createdAt: r.created_at,
      finishedAt: r.finished_at,
    };
  }
}
