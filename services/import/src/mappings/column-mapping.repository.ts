import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ImportMappingColumn, ImportMappingSeverity, ImportMappingSheetName } from '@windward/contracts';
import { SERVICE_CONFIG, type ServiceConfig, rowColumns } from '@windward/service-kit';

/** A row of `column_mapping` (migration 1764400000100) with its customer's name as import knows it. */
export interface ColumnMappingRow {
  id: string;
  customer_id: string;
  name: string;
  sheets: ImportMappingSheetName[];
  columns: ImportMappingColumn[];
  severities: ImportMappingSeverity[];
  ignore_other_columns: boolean;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}
export const COLUMN_MAPPING_ROW_COLUMNS = rowColumns<ColumnMappingRow>()('column_mapping', [
  'id', 'customer_id', 'name', 'sheets', 'columns', 'severities', 'ignore_other_columns', 'created_by', 'created_at', 'updated_at'
]);

export type ColumnMappingWrite = Pick<ColumnMappingRow, 'name' | 'sheets' | 'columns' | 'severities' | 'ignore_other_columns'>;

export const COLUMN_MAPPING_SORT = { name: 'lower(m.name)', updatedAt: 'm.updated_at', createdAt: 'm.created_at' } as const;

/** The unique index that settles two mappings of one name racing. */
export const MAPPING_NAME_INDEX = 'column_mapping_name_uq';

/** Hand-written SQL over `column_mapping`, in the caller's transaction. */
@Injectable()
export class ColumnMappingRepository {
  private readonly s: string;
  constructor(@Inject(SERVICE_CONFIG) cfg: ServiceConfig) {
    this.s = `"${cfg.schema}"`;
  }

  async insert(m: EntityManager, customerId: string, w: ColumnMappingWrite, userId: string): Promise<string> {
    const [row] = await m.query(
      `INSERT INTO ${this.s}.column_mapping (customer_id, name, sheets, columns, severities, ignore_other_columns, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [customerId, w.name, JSON.stringify(w.sheets), JSON.stringify(w.columns), JSON.stringify(w.severities), w.ignore_other_columns, userId],
    );
    return row.id;
  }

  async update(m: EntityManager, id: string, w: ColumnMappingWrite): Promise<void> {
    await m.query(
      `UPDATE ${this.s}.column_mapping SET name = $2, sheets = $3, columns = $4, severities = $5, ignore_other_columns = $6, updated_at = now()
       WHERE id = $1`,
      [id, w.name, JSON.stringify(w.sheets), JSON.stringify(w.columns), JSON.stringify(w.severities), w.ignore_other_columns],
    );
  }

  async remove(m: EntityManager, id: string): Promise<void> {
    await m.query(`DELETE FROM ${this.s}.column_mapping WHERE id = $1`, [id]);
  }

  async find(m: EntityManager, id: string, lock = false): Promise<ColumnMappingRow | undefined> {
    const rows = await m.query(`SELECT * FROM ${this.s}.column_mapping WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0];
  }

  /** Another mapping of the customer with this name (any case). */
  async nameTaken(m: EntityManager, customerId: string, name: string, exceptId: string | null): Promise<boolean> {
    const rows = await m.query(
      `SELECT 1 FROM ${this.s}.column_mapping WHERE customer_id = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3::uuid`,
      [customerId, name, exceptId],
    );
    return rows.length > 0;
  }

  /** Whether import knows the customer (it owns a park asset announced). */
  async customerKnown(m: EntityManager, customerId: string): Promise<boolean> {
    return (await m.query(`SELECT 1 FROM ${this.s}.park_ref WHERE customer_id = $1 LIMIT 1`, [customerId])).length > 0;
  }

  async page(
    m: EntityManager,
    f: { customerIds: string[] | null; customerId: string | null; name: string | null },
    o: { sortField: keyof typeof COLUMN_MAPPING_SORT; descending: boolean; skip: number; take: number },
  ): Promise<{ rows: ColumnMappingRow[]; totalCount: number }> {
    const where: string[] = [];
    const args: unknown[] = [];
    const add = (sql: string, v: unknown) => {
      args.push(v);
      where.push(sql.replace('?', `$${args.length}`));
    };
    if (f.customerIds !== null) add('m.customer_id = ANY(?::uuid[])', f.customerIds);
    if (f.customerId) add('m.customer_id = ?::uuid', f.customerId);
    if (f.name) add(`m.name ILIKE '%' || ? || '%'`, f.name.replace(/[\\%_]/g, (c) => `\\${c}`));
    const cond = where.length ? where.join(' AND ') : 'true';
    const total: { n: string }[] = await m.query(`SELECT count(*) AS n FROM ${this.s}.column_mapping m WHERE ${cond}`, args);
    const rows: ColumnMappingRow[] = await m.query(
      `SELECT m.* FROM ${this.s}.column_mapping m WHERE ${cond}
       ORDER BY ${COLUMN_MAPPING_SORT[o.sortField]} ${o.descending ? 'DESC' : 'ASC'}, m.id LIMIT ${o.take} OFFSET ${o.skip}`,
      args,
    );
    return { rows, totalCount: Number(total[0]!.n) };
  }
}
