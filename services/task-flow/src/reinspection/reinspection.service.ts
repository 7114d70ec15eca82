import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, LabelingHistoryAction as LA, ReInspectionStatus as RS, TaskStage, TaskStatus as TS, isUuid } from '@windward/contracts';
import { parsePage, type AuthUser } from '@windward/service-kit';
import { Sql, type Row } from '../common/sql.js';
import { assertVisible, bad, intList, scopeConditions, uuidList } from '../common/access.js';
import { currentStage } from '../tasks/pipeline.js';
import { TaskEngine } from '../tasks/task-engine.js';
import { TasksService, actorOf } from '../tasks/tasks.service.js';

const SORT: Record<string, string> = {
  requestTime: 'r.request_time',
  processTime: 'r.process_time',
  customerName: 't.customer_name',
  windfarmName: 't.windfarm_name',
  turbineName: 't.turbine_name',
  inspectionDate: 't.inspection_date',
  reInspectionStatus: 'r.status',
};

/** Request statuses of the approval list: waiting for a decision, or decided. */
export const RequestStatus = { PENDING: 0, PROCESSED: 1 } as const;

/**
 * Re-inspection: the labeler asks for the turbine to be inspected again; an approver decides.
 * Approved ends the task (terminated: a new inspection will come); rejected sends it back to
 * labeling, where the labeler continues.
 */
@Injectable()
export class ReinspectionService {
  constructor(
    private readonly ds: DataSource,
    private readonly sql: Sql,
    private readonly engine: TaskEngine,
    private readonly tasks: TasksService,
  ) {}

  private get s() {
    return this.sql.s;
  }

  async request(user: AuthUser, taskId: string, b: Record<string, unknown>) {
    const comments = typeof b.requestComments === 'string' ? b.requestComments.trim() : '';
    if (!comments || comments.length > 2000) bad('requestComments', b.requestComments);
    if (b.sourceUrl != null && (typeof b.sourceUrl !== 'string' || b.sourceUrl.length > 2048)) bad('sourceUrl', b.sourceUrl);
    await this.ds.transaction(async (m) => {
      const task = await this.engine.lock(m, taskId);
      assertVisible(user, task);
      await this.engine.assertCanProceed(m, task);
      const stages = await this.engine.stages(m, taskId);
      const cur = currentStage(stages);
      if (!cur || cur.stage !== TaskStage.LABELING) throw new AppError('STAGE_NOT_CURRENT', { details: { stage: TaskStage.LABELING, current: cur?.stage ?? null } });
      if (cur.handlerId !== user.userId) throw new AppError('NOT_TASK_HANDLER');
      const [open] = await m.query(`SELECT 1 FROM ${this.s}.reinspection_request WHERE task_id = $1 AND status = ${RS.PROCESSING}`, [taskId]);
      if (open) throw new AppError('REINSPECTION_PENDING');
      const me = actorOf(user);
      await m.query(
        `INSERT INTO ${this.s}.reinspection_request (task_id, inspection_id, stage, requester_id, requester_name, request_comments, source_url)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [taskId, task.inspection_id, cur.stage, me.id, me.name, comments, (b.sourceUrl as string | undefined) ?? null],
      );
      await this.engine.history(m, taskId, { stage: cur.stage, stageStatus: cur.status, handler: me, actor: me, action: LA.REQUEST_REINSPECTION, message: comments });
      await this.engine.sync(m, task, stages, undefined, me);
    });
    return this.tasks.get(user, taskId);
  }

  /** SPEC §3 approval tasks: {results, totalCount, processingCount}, filtered, paged and sorted here. */
  async list(user: AuthUser, q: Record<string, unknown>) {
    const page = parsePage(q, Object.keys(SORT), { sortField: 'requestTime', descending: true });
    const params: unknown[] = [];
    const w = scopeConditions(user, params);
    const add = (cond: (n: string) => string, v: unknown) => {
      params.push(v);
      w.push(cond(`$${params.length}`));
    };
    const insp = uuidList('inspectionId', q.inspectionId);
    if (insp.length) add((n) => `r.inspection_id = ANY(${n}::uuid[])`, insp);
    const customers = uuidList('customerId', q.customerId);
    if (customers.length) add((n) => `t.customer_id = ANY(${n}::uuid[])`, customers);
    const parks = uuidList('windfarmId', q.windfarmId ?? q.windFarmId);
    if (parks.length) add((n) => `t.wind_farm_id = ANY(${n}::uuid[])`, parks);
    if (typeof q.turbineName === 'string' && q.turbineName.trim()) add((n) => `t.turbine_name ILIKE ${n}`, `%${q.turbineName.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const orgs = uuidList('orgId', q.orgId);
    if (orgs.length) add((n) => `t.organization_id = ANY(${n}::uuid[])`, orgs);
    // processingCount counts waiting requests under the same filters except the status ones.
    const countW = [...w];
    const countParams = [...params];
    const requestStatus = intList('requestStatus', q.requestStatus);
    for (const v of requestStatus) if (v !== RequestStatus.PENDING && v !== RequestStatus.PROCESSED) bad('requestStatus', v);
    if (requestStatus.length === 1) w.push(requestStatus[0] === RequestStatus.PENDING ? `r.status = ${RS.PROCESSING}` : `r.status <> ${RS.PROCESSING}`);
    const reStatus = intList('reInspectionStatus', q.reInspectionStatus);
    if (reStatus.length) add((n) => `r.status = ANY(${n}::int[])`, reStatus);
    const from = `FROM ${this.s}.reinspection_request r JOIN ${this.s}.task t ON t.id = r.task_id`;
    const where = w.length ? `WHERE ${w.join(' AND ')}` : '';
    const dir = page.descending ? 'DESC' : 'ASC';
    const [rows, [{ n }], [{ p }]] = await Promise.all([
      this.ds.query(
        `SELECT r.*, t.customer_name, t.windfarm_name, t.turbine_name, to_char(t.inspection_date, 'YYYY-MM-DD') AS inspection_day,
                t.organization_name, t.inspection_staff_name, t.customer_id, t.wind_farm_id
         ${from} ${where} ORDER BY ${SORT[page.sortField]} ${dir} NULLS LAST, r.id ${dir} LIMIT ${page.take} OFFSET ${page.skip}`,
        params,
      ),
      this.ds.query(`SELECT count(*)::int AS n ${from} ${where}`, params),
      this.ds.query(`SELECT count(*)::int AS p ${from} WHERE ${[...countW, `r.status = ${RS.PROCESSING}`].join(' AND ')}`, countParams),
    ]);
    return {
      results: rows.map((r: Row) => ({
        requestId: r.id,
        taskId: r.task_id,
        inspectionId: r.inspection_id,
        customerName: r.customer_name,
        windfarmName: r.windfarm_name,
        turbineName: r.turbine_name,
        inspectionDate: r.inspection_day,
        requester: r.requester_name,
        requesterId: r.requester_id,
        requestTime: r.request_time,
        sourceUrl: r.source_url,
        processor: r.processor_name,
        processorId: r.processor_id,
        processTime: r.process_time,
        requestStatus: r.status === RS.PROCESSING ? RequestStatus.PENDING : RequestStatus.PROCESSED,
        requestComments: r.request_comments,
        approved: r.approved,
        processComments: r.process_comments,
        reInspectionStatus: r.status,
        orgName: r.organization_name,
        pilot: r.inspection_staff_name,
      })),
      totalCount: n,
      processingCount: p,
    };
  }

  /** SPEC §3 approve request {inspectionId, approved, processComments}; the processor is the caller. */
  async approve(user: AuthUser, b: Record<string, unknown>) {
    const comments = typeof b.processComments === 'string' ? b.processComments.trim() : '';
    if (!comments) throw new AppError('REINSPECTION_REASON_REQUIRED');
    if (comments.length > 2000) bad('processComments');
    if (typeof b.approved !== 'boolean') bad('approved', b.approved);
    if (!isUuid(b.inspectionId)) bad('inspectionId', b.inspectionId);
    const taskId = await this.ds.transaction(async (m) => {
      const [row] = await m.query(`SELECT id FROM ${this.s}.task WHERE inspection_id = $1`, [b.inspectionId]);
      if (!row) throw new AppError('NOT_FOUND');
      const task = await this.engine.lock(m, row.id);
      assertVisible(user, task);
      const [req] = await m.query(`SELECT * FROM ${this.s}.reinspection_request WHERE task_id = $1 AND status = ${RS.PROCESSING} FOR UPDATE`, [task.id]);
      // Already decided (or never asked): deciding again is not a valid transition.
      if (!req) throw new AppError('ILLEGAL_TRANSITION', { details: { reInspectionStatus: 'none pending' } });
      const me = actorOf(user);
      const approved = b.approved as boolean;
      await m.query(
        `UPDATE ${this.s}.reinspection_request SET status = $2, approved = $3, processor_id = $4, processor_name = $5, process_time = now(), process_comments = $6 WHERE id = $1`,
        [req.id, approved ? RS.APPROVED : RS.REJECTED, approved, me.id, me.name, comments],
      );
      const stages = await this.engine.stages(m, task.id);
      await this.engine.history(m, task.id, {
        stage: req.stage,
        actor: me,
        action: LA.APPROVE_REINSPECTION,
        message: `${approved ? 'Re-inspection approved' : 'Re-inspection rejected, back to labeling'}: ${comments}`,
      });
      // Approved: this inspection is abandoned for a new one; rejected: labeling goes on (its stage never left processing).
      await this.engine.sync(m, task, stages, approved ? TS.TERMINATED : undefined, me);
      return task.id as string;
    });
    return this.tasks.get(user, taskId);
  }
}
