import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ReInspectionStatus as RS } from '@windward/contracts';
import { rowColumns, type AuthUser, type PageRequest, Sql } from '@windward/service-kit';
import { scopeConditions } from '../common/access.js';
import { containsPattern, type Queryable } from '../tasks/task.repository.js';

/** A row of `reinspection_request`. */
export interface ReinspectionRequestRecord {
  id: string;
  task_id: string;
  inspection_id: string | null;
  stage: number;
  requester_id: string;
  requester_name: string;
  request_time: Date;
  request_comments: string;
  source_url: string | null;
  /** ReInspectionStatus. */
  status: number;
  approved: boolean | null;
  processor_id: string | null;
  processor_name: string | null;
  process_time: Date | null;
  process_comments: string | null;
}
export const REINSPECTION_REQUEST_ROW_COLUMNS = rowColumns<ReinspectionRequestRecord>()('reinspection_request', [
  'id', 'task_id', 'inspection_id', 'stage', 'requester_id', 'requester_name', 'request_time', 'request_comments', 'source_url', 'status',
  'approved', 'processor_id', 'processor_name', 'process_time', 'process_comments'
]);

/** A request with what the approval list shows of its task. */
export interface ApprovalTaskRow extends ReinspectionRequestRecord {
  customer_name: string;
  windfarm_name: string;
  turbine_name: string;
  inspection_day: string;
  organization_name: string;
  inspection_staff_name: string | null;
  customer_id: string | null;
  wind_farm_id: string;
}

export interface ApprovalTaskFilter {
  inspectionId?: string[];
  customerId?: string[];
  windfarmId?: string[];
  turbineName?: string;
  orgId?: string[];
  /** true: waiting only; false: decided only; undefined: both. */
  pending?: boolean;
  reInspectionStatus?: number[];
}

/** Sort keys of the approval list → columns. */
export const APPROVAL_SORT: Record<string, string> = {
  requestTime: 'r.request_time',
  processTime: 'r.process_time',
  customerName: 't.customer_name',
  windfarmName: 't.windfarm_name',
  turbineName: 't.turbine_name',
  inspectionDate: 't.inspection_date',
  reInspectionStatus: 'r.status',
};

/** Hand-written SQL over reinspection_request. */
@Injectable()
export class ReinspectionRepository {
  constructor(
    private readonly ds: DataSource,
    private readonly sql: Sql,
  ) {}

  private get s() {
    return this.sql.s;
  }

  /** The task's waiting request, locked for this transaction. */
  async lockPending(m: Queryable, taskId: string): Promise<ReinspectionRequestRecord | undefined> {
    const [r] = await m.query<ReinspectionRequestRecord[]>(
      `SELECT * FROM ${this.s}.reinspection_request WHERE task_id = $1 AND status = ${RS.PROCESSING} FOR UPDATE`,
      [taskId],
    );
    return r;
  }

  async insert(
    m: Queryable,
    r: { taskId: string; inspectionId: string | null; stage: number; requesterId: string | null; requesterName: string; comments: string; sourceUrl: string | null },
  ): Promise<void> {
    await m.query(
      `INSERT INTO ${this.s}.reinspection_request (task_id, inspection_id, stage, requester_id, requester_name, request_comments, source_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [r.taskId, r.inspectionId, r.stage, r.requesterId, r.requesterName, r.comments, r.sourceUrl],
    );
  }

  async decide(m: Queryable, id: string, d: { approved: boolean; processorId: string | null; processorName: string; comments: string }): Promise<void> {
    await m.query(
      `UPDATE ${this.s}.reinspection_request SET status = $2, approved = $3, processor_id = $4, processor_name = $5, process_time = now(), process_comments = $6 WHERE id = $1`,
      [id, d.approved ? RS.APPROVED : RS.REJECTED, d.approved, d.processorId, d.processorName, d.comments],
    );
  }

  /** The task of an inspection (id only). */
  async taskIdOfInspection(m: Queryable, inspectionId: string): Promise<string | undefined> {
    const [row] = await m.query<{ id: string }[]>(`SELECT id FROM ${this.s}.task WHERE inspection_id = $1`, [inspectionId]);
    return row?.id;
  }

  /**
   * One page of the approval list in the caller's scope, its total, and how many requests wait
   * under the same filters except the status ones.
   */
  async list(user: AuthUser, f: ApprovalTaskFilter, page: PageRequest): Promise<{ rows: ApprovalTaskRow[]; total: number; processing: number }> {
    const params: unknown[] = [];
    const w = scopeConditions(user, params);
    const add = (cond: (n: string) => string, v: unknown) => {
      params.push(v);
      w.push(cond(`$${params.length}`));
    };
    if (f.inspectionId?.length) add((n) => `r.inspection_id = ANY(${n}::uuid[])`, f.inspectionId);
    if (f.customerId?.length) add((n) => `t.customer_id = ANY(${n}::uuid[])`, f.customerId);
    if (f.windfarmId?.length) add((n) => `t.wind_farm_id = ANY(${n}::uuid[])`, f.windfarmId);
    if (f.turbineName?.trim()) add((n) => `t.turbine_name ILIKE ${n}`, containsPattern(f.turbineName));
    if (f.orgId?.length) add((n) => `t.organization_id = ANY(${n}::uuid[])`, f.orgId);
    const countW = [...w];
    const countParams = [...params];
    if (f.pending !== undefined) w.push(f.pending ? `r.status = ${RS.PROCESSING}` : `r.status <> ${RS.PROCESSING}`);
    if (f.reInspectionStatus?.length) add((n) => `r.status = ANY(${n}::int[])`, f.reInspectionStatus);
    const from = `FROM ${this.s}.reinspection_request r JOIN ${this.s}.task t ON t.id = r.task_id`;
    const where = w.length ? `WHERE ${w.join(' AND ')}` : '';
    const dir = page.descending ? 'DESC' : 'ASC';
    const [rows, [total], [processing]] = await Promise.all([
      this.ds.query<ApprovalTaskRow[]>(
        `SELECT r.*, t.customer_name, t.windfarm_name, t.turbine_name, to_char(t.inspection_date, 'YYYY-MM-DD') AS inspection_day,
                t.organization_name, t.inspection_staff_name, t.customer_id, t.wind_farm_id
         ${from} ${where} ORDER BY ${APPROVAL_SORT[page.sortField]} ${dir} NULLS LAST, r.id ${dir} LIMIT ${page.take} OFFSET ${page.skip}`,
        params,
      ),
      this.ds.query<{ n: number }[]>(`SELECT count(*)::int AS n ${from} ${where}`, params),
      this.ds.query<{ n: number }[]>(`SELECT count(*)::int AS n ${from} WHERE ${[...countW, `r.status = ${RS.PROCESSING}`].join(' AND ')}`, countParams),
    ]);
    return { rows, total: total!.n, processing: processing!.n };
  }
}
