import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SheetFinding, TableImportKind, TableImportStatus } from '@windward/contracts';
import { SERVICE_CONFIG, type ServiceConfig, rowColumns } from '@windward/service-kit';

/** A row of `table_import` (migration 1764300000100). */
export interface TableImportRow {
  id: string;
  kind: TableImportKind;
  wind_farm_id: string | null;
  customer_id: string | null;
  status: TableImportStatus;
  file_name: string | null;
  rows: number;
  created: number;
  finding_count: number;
  findings: SheetFinding[];
  inspection_ids: string[];
  created_by: string;
  created_at: Date;
  finished_at: Date | null;
}
export const TABLE_IMPORT_ROW_COLUMNS = rowColumns<TableImportRow>()('table_import', [
  'id', 'kind', 'wind_farm_id', 'customer_id', 'status', 'file_name', 'rows', 'created', 'finding_count', 'findings', 'inspection_ids',
  'created_by', 'created_at', 'finished_at'
]);

/** Hand-written SQL over `table_import`, in the caller's transaction. */
@Injectable()
export class TableImportRepository {
  private readonly s: string;
  constructor(@Inject(SERVICE_CONFIG) cfg: ServiceConfig) {
    this.s = `"${cfg.schema}"`;
  }

  async insert(
    m: EntityManager,
    r: Pick<TableImportRow, 'kind' | 'wind_farm_id' | 'customer_id' | 'status' | 'file_name' | 'rows' | 'finding_count' | 'findings' | 'created_by'>,
  ): Promise<string> {
    const [row] = await m.query(
      `INSERT INTO ${this.s}.table_import (kind, wind_farm_id, customer_id, status, file_name, rows, finding_count, findings, created_by, finished_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $4 = 'REFUSED' THEN now() END) RETURNING id`,
      [r.kind, r.wind_farm_id, r.customer_id, r.status, r.file_name, r.rows, r.finding_count, JSON.stringify(r.findings), r.created_by],
    );
    return row.id;
  }

  async find(m: EntityManager, id: string, lock = false): Promise<TableImportRow | undefined> {
    const rows = await m.query(`SELECT * FROM ${this.s}.table_import WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0];
  }

  /** The caller's latest import of a kind (the console shows it when it comes back). */
  async latest(m: EntityManager, userId: string, kind: TableImportKind): Promise<TableImportRow | undefined> {
    const rows = await m.query(`SELECT * FROM ${this.s}.table_import WHERE created_by = $1 AND kind = $2 ORDER BY created_at DESC LIMIT 1`, [userId, kind]);
    return rows[0];
  }

  async finish(m: EntityManager, id: string, ok: boolean, created: number, findings: SheetFinding[], inspectionIds: string[]): Promise<void> {
    await m.query(
      `UPDATE ${this.s}.table_import SET status = $2, created = $3, findings = $4, finding_count = $5, inspection_ids = $6, finished_at = now()
       WHERE id = $1 AND status = 'PENDING'`,
      [id, ok ? 'SUCCEEDED' : 'FAILED', created, JSON.stringify(findings), findings.length, JSON.stringify(inspectionIds)],
    );
  }
}
