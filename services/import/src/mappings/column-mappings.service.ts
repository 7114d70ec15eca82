import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, importMappingProblem, isUuid, resolveImportMapping, type ImportMappingContent, type ResolvedImportMapping } from '@windward/contracts';
import { canSeeCustomer, isUniqueViolation, parsePage, type AuthUser } from '@windward/service-kit';
import { COLUMN_MAPPING_SORT, ColumnMappingRepository, MAPPING_NAME_INDEX, type ColumnMappingRow, type ColumnMappingWrite } from './column-mapping.repository.js';
import type { ColumnMappingBodyDto, ColumnMappingListQuery, CreateColumnMappingDto } from './column-mapping.dto.js';
import type { ColumnMappingPage, ColumnMappingView } from './column-mapping.view.js';

/** Saved column mappings: CRUD in the caller's customer scope; the workbook check resolves one for a run. */
@Injectable()
export class ColumnMappingsService {
  constructor(
    private readonly ds: DataSource,
    private readonly repo: ColumnMappingRepository,
  ) {}

  async list(user: AuthUser, q: ColumnMappingListQuery): Promise<ColumnMappingPage> {
    const page = parsePage(q, Object.keys(COLUMN_MAPPING_SORT), { sortField: 'name', descending: false, pageSize: 20 });
    const { rows, totalCount } = await this.repo.page(
      this.ds.manager,
      { customerIds: user.customerIds === null ? null : user.customerIds.filter(isUuid), customerId: q.customerId ?? null, name: q.name?.trim() || null },
      { sortField: page.sortField as keyof typeof COLUMN_MAPPING_SORT, descending: page.descending, skip: page.skip, take: page.take },
    );
    return { results: rows.map(present), totalCount };
  }

  async get(user: AuthUser, id: string): Promise<ColumnMappingView> {
    return present(await this.load(this.ds.manager, user, id));
  }

  async create(user: AuthUser, dto: CreateColumnMappingDto): Promise<ColumnMappingView> {
    const w = checked(dto);
    const id = await this.write(async (m) => {
      if (!canSeeCustomer(user, dto.customerId) || !(await this.repo.customerKnown(m, dto.customerId))) throw new AppError('NOT_FOUND');
      if (await this.repo.nameTaken(m, dto.customerId, w.name, null)) throw new AppError('IMPORT_MAPPING_NAME_EXISTS', { params: { name: w.name } });
      return this.repo.insert(m, dto.customerId, w, user.userId);
    }, w.name);
    return this.get(user, id);
  }

  async update(user: AuthUser, id: string, dto: ColumnMappingBodyDto): Promise<ColumnMappingView> {
    const w = checked(dto);
    await this.write(async (m) => {
      const row = await this.load(m, user, id, true);
      if (await this.repo.nameTaken(m, row.customer_id, w.name, id)) throw new AppError('IMPORT_MAPPING_NAME_EXISTS', { params: { name: w.name } });
      await this.repo.update(m, id, w);
    }, w.name);
    return this.get(user, id);
  }

  /** Deletes a mapping; runs verified with it keep its name (their check is done). */
  async remove(user: AuthUser, id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      await this.load(m, user, id, true);
      await this.repo.remove(m, id);
    });
  }

  /** The mapping a run's workbook is read with: it must be of the run's customer (the same 404 otherwise). */
  async forRun(m: EntityManager, user: AuthUser, id: string, customerId: string | null): Promise<{ row: ColumnMappingRow; resolved: ResolvedImportMapping }> {
    const row = await this.load(m, user, id);
    if (row.customer_id !== customerId) throw new AppError('NOT_FOUND');
    return { row, resolved: resolveImportMapping(contentOf(row)) };
  }

  /** Runs a write; the unique index settles two writers of one name at once. */
  private async write<T>(fn: (m: EntityManager) => Promise<T>, name: string): Promise<T> {
    try {
      return await this.ds.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err, MAPPING_NAME_INDEX)) throw new AppError('IMPORT_MAPPING_NAME_EXISTS', { params: { name } });
      throw err;
    }
  }

  /** The mapping of a path id, or the same 404 for unknown and out-of-scope ids. */
  private async load(m: EntityManager, user: AuthUser, id: string, lock = false): Promise<ColumnMappingRow> {
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const row = await this.repo.find(m, id, lock);
    if (!row || !canSeeCustomer(user, row.customer_id)) throw new AppError('NOT_FOUND');
    return row;
  }
}

const contentOf = (r: ColumnMappingRow): ImportMappingContent => ({
  sheets: r.sheets,
  columns: r.columns,
  severities: r.severities,
  ignoreOtherColumns: r.ignore_other_columns,
});

/** The body as stored (texts trimmed), after the contracts' rules (the console checks the same). */
function checked(dto: ColumnMappingBodyDto): ColumnMappingWrite {
  const content: ImportMappingContent = {
    sheets: (dto.sheets ?? []).map((s) => ({ sheet: s.sheet, name: s.name.trim() })),
    columns: (dto.columns ?? []).map((c) => ({ sheet: c.sheet, column: c.column, header: c.header.trim() })),
    severities: (dto.severities ?? []).map((s) => ({ value: s.value.trim(), level: s.level })),
    ignoreOtherColumns: dto.ignoreOtherColumns ?? false,
  };
  const name = dto.name.trim();
  if (!name) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'name', constraints: { required: 'a name' } }] });
  const problem = importMappingProblem(content);
  if (problem) throw new AppError(problem.code, problem.params ? { params: problem.params } : {});
  return { name, sheets: content.sheets, columns: content.columns, severities: content.severities, ignore_other_columns: content.ignoreOtherColumns };
}

function present(r: ColumnMappingRow): ColumnMappingView {
  return {
    mappingId: r.id,
    customerId: r.customer_id,
    name: r.name,
    sheets: r.sheets,
    columns: r.columns,
    severities: r.severities,
    ignoreOtherColumns: r.ignore_other_columns,
    createdBy: r.created_by,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
