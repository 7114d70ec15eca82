import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { SheetCommittedPayload, SheetFinding, SheetAppliedPayload, UploadTaskStatus } from '@windward/contracts';
import { SERVICE_CONFIG, type ServiceConfig, rowColumns } from '@windward/service-kit';
import type { StoredError } from '../uploads/upload-task.repository.js';

/** A row of `sheet_import` (migration 1764151860000) with its park's name and customer. */
export interface SheetImportRow {
  id: string;
  wind_farm_id: string;
  windfarm_name: string | null;
  customer_id: string | null;
  project_id: string | null;
  component_type: number;
  defect_template_id: string | null;
  /** The saved column mapping the workbook was read with (migration 1764400000100). */
  mapping_id: string | null;
  mapping_name: string | null;
  step: number;
  status: number;
  task_status: UploadTaskStatus;
  progress_code: number | null;
  queued_at: Date | null;
  file_name: string | null;
  file_size: string | null;
  findings: SheetFinding[];
  batch: SheetCommittedPayload['inspections'] | null;
  summary: { inspections: number; blades: number; defects: number; findings: number; truncated: boolean } | null;
  inspections: SheetAppliedPayload['inspections'];
  error: StoredError | null;
  dismissed: boolean;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}
export const SHEET_IMPORT_ROW_COLUMNS = rowColumns<Omit<SheetImportRow, 'windfarm_name'>>()('sheet_import', [
  'id', 'wind_farm_id', 'customer_id', 'project_id', 'component_type', 'defect_template_id', 'mapping_id', 'mapping_name', 'step',
  'status', 'task_status', 'progress_code', 'queued_at', 'file_name', 'file_size', 'findings', 'batch', 'summary', 'inspections', 'error',
  'dismissed', 'created_by', 'created_at', 'updated_at', 'finished_at'
]);

export interface SheetImportFilter {
  customerIds: string[] | null;
  parkIds: string[] | null;
  windFarmIds: string[];
  taskStatuses: string[];
}

export const SHEET_IMPORT_SORT = { createdAt: 'i.created_at', updatedAt: 'i.updated_at', status: 'i.status' } as const;

/** Hand-written SQL over `sheet_import`; methods taking a manager run in the caller's transaction. */
@Injectable()
export class SheetImportRepository {
  private readonly s: string;
  /** pg_notify channel of changed imports (delivered on commit; SheetLive listens). */
  readonly changeChannel: string;
  constructor(
    private readonly ds: DataSource,
    @Inject(SERVICE_CONFIG) cfg: ServiceConfig,
  ) {
    this.s = `"${cfg.schema}"`;
    this.changeChannel = `${cfg.schema}_sheet_import`;
  }

  private select(where: string, lock = false) {
    return `SELECT i.*, p.name AS windfarm_name FROM ${this.s}.sheet_import i LEFT JOIN ${this.s}.park_ref p ON p.wind_farm_id = i.wind_farm_id
      WHERE ${where}${lock ? ' FOR UPDATE OF i' : ''}`;
  }

  async find(m: EntityManager, id: string, lock = false): Promise<SheetImportRow | undefined> {
    return ((await m.query(this.select('i.id = $1', lock), [id])) as SheetImportRow[])[0];
  }

  /** The newest wizard run of a user that is not closed (what the console resumes). */
  async current(userId: string): Promise<SheetImportRow | undefined> {
    const rows: SheetImportRow[] = await this.ds.query(
      `${this.select('i.created_by = $1 AND NOT i.dismissed')} ORDER BY i.created_at DESC LIMIT 1`,
      [userId],
    );
    return rows[0];
  }

  async insert(
    m: EntityManager,
    n: { windFarmId: string; customerId: string | null; projectId: string | null; componentType: number; defectTemplateId: string | null; userId: string },
  ): Promise<string> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO ${this.s}.sheet_import (wind_farm_id, customer_id, project_id, component_type, defect_template_id, created_by, step, status, progress_code)
       VALUES ($1, $2, $3, $4, $5, $6, 2, 1, NULL) RETURNING id`,
      [n.windFarmId, n.customerId, n.projectId, n.componentType, n.defectTemplateId, n.userId],
    );
    return rows[0]!.id;
  }

  /** Closes the user's earlier open runs that never started processing (a new wizard replaces them). */
  async dismissOpen(m: EntityManager, userId: string): Promise<void> {
    await m.query(
      `UPDATE ${this.s}.sheet_import SET dismissed = true, task_status = CASE WHEN task_status = 'PROCESSING' THEN 'CANCELLED' ELSE task_status END,
         queued_at = NULL, updated_at = now()
       WHERE created_by = $1 AND NOT dismissed AND status <> 6 AND NOT (status = 5 AND queued_at IS NOT NULL)`,
      [userId],
    );
  }

  async update(m: EntityManager, id: string, set: Record<string, unknown>): Promise<void> {
    const keys = Object.keys(set);
    const json = new Set(['findings', 'batch', 'summary', 'inspections', 'error']);
    const sql = keys.map((k, i) => `${k} = $${i + 2}`).join(', ');
    await m.query(`UPDATE ${this.s}.sheet_import SET ${sql}, updated_at = now() WHERE id = $1`, [
      id,
      ...keys.map((k) => (json.has(k) && set[k] !== null ? JSON.stringify(set[k]) : set[k])),
    ]);
    await m.query('SELECT pg_notify($1, $2)', [this.changeChannel, id]);
  }

  async findMany(ids: string[]): Promise<SheetImportRow[]> {
    return this.ds.query(this.select('i.id = ANY($1::uuid[])'), [ids]);
  }

  /** Imports of the park queued or in processing (other than `id`). */
  async busyInPark(m: EntityManager, windFarmId: string, id: string): Promise<number> {
    const rows: { n: string }[] = await m.query(
      `SELECT count(*) AS n FROM ${this.s}.sheet_import WHERE wind_farm_id = $1 AND id <> $2 AND task_status = 'PROCESSING'
         AND (status = 6 OR (status = 5 AND queued_at IS NOT NULL))`,
      [windFarmId, id],
    );
    return Number(rows[0]!.n);
  }

  async countWaiting(m: EntityManager): Promise<number> {
    const rows: { n: string }[] = await m.query(
      `SELECT count(*) AS n FROM ${this.s}.sheet_import WHERE status = 5 AND queued_at IS NOT NULL AND task_status = 'PROCESSING'`,
    );
    return Number(rows[0]!.n);
  }

  async countProcessing(m: EntityManager): Promise<number> {
    const rows: { n: string }[] = await m.query(`SELECT count(*) AS n FROM ${this.s}.sheet_import WHERE status = 6`);
    return Number(rows[0]!.n);
  }

  /** The oldest waiting import whose park has none in processing, locked. */
  async nextWaiting(m: EntityManager): Promise<SheetImportRow | undefined> {
    const rows: SheetImportRow[] = await m.query(
      `${this.select(`i.status = 5 AND i.queued_at IS NOT NULL AND i.task_status = 'PROCESSING'
        AND NOT EXISTS (SELECT 1 FROM ${this.s}.sheet_import o WHERE o.wind_farm_id = i.wind_farm_id AND o.status = 6)`)}
       ORDER BY i.queued_at, i.id LIMIT 1 FOR UPDATE OF i SKIP LOCKED`,
    );
    return rows[0];
  }

  /** 'turbineId|YYYY-MM-DD' of inspections import already knows of in a park (drone uploads, imports that landed or are under way). */
  async knownDays(windFarmId: string, componentType: number, exceptId: string): Promise<Set<string>> {
    const rows: { k: string }[] = await this.ds.query(
      `SELECT turbine_id || '|' || to_char(inspection_date, 'YYYY-MM-DD') AS k FROM ${this.s}.upload_task WHERE wind_farm_id = $1 AND component_type = $2
       UNION
       SELECT (x->>'turbineId') || '|' || (x->>'inspectionDate') FROM ${this.s}.sheet_import i, jsonb_array_elements(i.batch) x
        WHERE i.wind_farm_id = $1 AND i.component_type = $2 AND i.id <> $3 AND i.batch IS NOT NULL AND (i.status IN (6, 7) OR (i.status = 5 AND i.queued_at IS NOT NULL AND i.task_status = 'PROCESSING'))`,
      [windFarmId, componentType, exceptId],
    );
    return new Set(rows.map((r) => r.k));
  }

  async page(f: SheetImportFilter, o: { sortField: keyof typeof SHEET_IMPORT_SORT; descending: boolean; skip: number; take: number }) {
    const where: string[] = [];
    const args: unknown[] = [];
    const add = (sql: string, v: unknown) => {
      args.push(v);
      where.push(sql.replace('?', `$${args.length}`));
    };
    if (f.customerIds !== null) add('p.customer_id = ANY(?::uuid[])', f.customerIds);
    if (f.parkIds !== null) add('i.wind_farm_id = ANY(?::uuid[])', f.parkIds);
    if (f.windFarmIds.length) add('i.wind_farm_id = ANY(?::uuid[])', f.windFarmIds);
    if (f.taskStatuses.length) add('i.task_status = ANY(?::text[])', f.taskStatuses);
    const cond = where.length ? where.join(' AND ') : 'true';
    const total: { n: string }[] = await this.ds.query(
      `SELECT count(*) AS n FROM ${this.s}.sheet_import i LEFT JOIN ${this.s}.park_ref p ON p.wind_farm_id = i.wind_farm_id WHERE ${cond}`,
      args,
    );
    const rows: SheetImportRow[] = await this.ds.query(
      `${this.select(cond)} ORDER BY ${SHEET_IMPORT_SORT[o.sortField]} ${o.descending ? 'DESC' : 'ASC'}, i.id LIMIT ${o.take} OFFSET ${o.skip}`,
      args,
    );
    return { rows, totalCount: Number(total[0]!.n) };
  }

  async park(m: EntityManager, windFarmId: string): Promise<{ wind_farm_id: string; name: string; customer_id: string } | undefined> {
    const rows = await m.query(`SELECT wind_farm_id, name, customer_id FROM ${this.s}.park_ref WHERE wind_farm_id = $1`, [windFarmId]);
    return rows[0];
  }

  /** Whether any park import knows belongs to the customer (import knows customers through their parks). */
  async customerKnown(m: EntityManager, customerId: string): Promise<boolean> {
    return (await m.query(`SELECT 1 FROM ${this.s}.park_ref WHERE customer_id = $1 LIMIT 1`, [customerId])).length > 0;
  }

  /** The customer's defect template as inspection announced it; undefined = never announced (no template). */
  async defectTemplate(customerId: string): Promise<{ types: string[]; severities: { name: string; level: number | null }[] } | undefined> {
    const rows = await this.ds.query(`SELECT types, severities FROM ${this.s}.defect_template_ref WHERE customer_id = $1`, [customerId]);
    return rows[0];
  }

  /** The park's inspection projects (O&M projects hold repairs, not inspections) with their time ranges and defect template. */
  async projects(
    windFarmId: string,
  ): Promise<{ project_id: string; name: string; start_date: string | null; end_date: string | null; defect_template_id: string | null }[]> {
    return this.ds.query(
      `SELECT project_id, name, start_date::text, end_date::text, defect_template_id FROM ${this.s}.project_ref
       WHERE $1 = ANY(wind_farm_ids) AND NOT operation ORDER BY name, project_id`,
      [windFarmId],
    );
  }

  /** Live turbines of the park with their blade configuration (null = asset never said which blades). */
  async turbines(
    windFarmId: string,
  ): Promise<{ turbine_id: string; name: string; blades: { position: number; name: string; serialNumber: string }[] | null }[]> {
    return this.ds.query(
      `SELECT t.turbine_id, t.name,
         CASE WHEN t.blades_known THEN coalesce((SELECT json_agg(json_build_object('position', b.position, 'name', b.name, 'serialNumber', b.serial_number) ORDER BY b.position)
           FROM ${this.s}.blade_ref b WHERE b.turbine_id = t.turbine_id), '[]') END AS blades
       FROM ${this.s}.turbine_ref t WHERE t.wind_farm_id = $1 AND NOT t.deleted`,
      [windFarmId],
    );
  }
}
