import { Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import {
  AppError,
  LabelingHistoryAction as LA,
  QaStatus,
  TASK_STAGE_LABELS,
  TaskStageStatus as SS,
  changeRate,
  changeRateWithoutDeletions,
  isEnumValue,
  isUuid,
} from '@windward/contracts';
import { type AuthUser } from '@windward/service-kit';
import type { Locale } from '@windward/contracts';
import { Sql, type Row } from '../common/sql.js';
import { assertVisible, bad, dateParam, scopeConditions } from '../common/access.js';
import { REVIEWED_WORK, currentStage, isReviewStage, seqOf } from '../tasks/pipeline.js';
import { TaskEngine } from '../tasks/task-engine.js';
import { TasksService, actorOf } from '../tasks/tasks.service.js';

interface QaBody {
  result?: unknown;
  comments?: unknown;
  stage?: unknown;
  counts?: { added?: unknown; deleted?: unknown; modified?: unknown; correct?: unknown };
  defects?: { defectId?: unknown; result?: unknown; comments?: unknown }[];
}

const count = (field: string, v: unknown): number => {
  if (v === undefined || v === null) return 0;
  if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > 1_000_000) bad(field, v);
  return v as number;
};

/** QA and FQA results, labeling history and change-rate statistics. */
@Injectable()
export class QaService {
  constructor(
    private readonly ds: DataSource,
    private readonly sql: Sql,
    private readonly engine: TaskEngine,
    private readonly tasks: TasksService,
  ) {}

  private get s() {
    return this.sql.s;
  }

  /**
   * The reviewer of the current QA/FQA stage records its result (per task and per defect).
   * Pass / pass with issue completes the review; fail returns the reviewed work (labeling,
   * stitching or timeline) to its last handler with the reasons, and the reviews in between
   * must be done again.
   */
  async submit(user: AuthUser, taskId: string, b: QaBody) {
    if (!isEnumValue(QaStatus, b?.result)) bad('result', b?.result);
    const result = b.result as number;
    if (b.comments != null && (typeof b.comments !== 'string' || b.comments.length > 4000)) bad('comments', b.comments);
    const comments = typeof b.comments === 'string' ? b.comments.trim() : '';
    if (result === QaStatus.FAIL && !comments) throw new AppError('QA_FAIL_REASON_REQUIRED');
    const counts = {
      added: count('counts.added', b.counts?.added),
      deleted: count('counts.deleted', b.counts?.deleted),
      modified: count('counts.modified', b.counts?.modified),
      correct: count('counts.correct', b.counts?.correct),
    };
    const defects = b.defects ?? [];
    if (!Array.isArray(defects) || defects.length > 10_000) bad('defects');
    defects.forEach((d, i) => {
      if (typeof d?.defectId !== 'string' || !d.defectId.trim() || d.defectId.length > 64) bad(`defects[${i}].defectId`, d?.defectId);
      if (!isEnumValue(QaStatus, d.result)) bad(`defects[${i}].result`, d.result);
      if (d.comments != null && typeof d.comments !== 'string') bad(`defects[${i}].comments`, d.comments);
      if (d.result === QaStatus.FAIL && !(typeof d.comments === 'string' && d.comments.trim())) throw new AppError('QA_FAIL_REASON_REQUIRED', { details: { defectId: d.defectId } });
    });
    await this.ds.transaction(async (m) => {
      const task = await this.engine.lock(m, taskId);
      assertVisible(user, task);
      await this.engine.assertCanProceed(m, task);
      const stages = await this.engine.stages(m, taskId);
      const cur = currentStage(stages);
      if (!cur || !isReviewStage(cur.stage) || (b.stage !== undefined && b.stage !== cur.stage)) {
        throw new AppError('STAGE_NOT_CURRENT', { details: { stage: b.stage ?? null, current: cur?.stage ?? null } });
      }
      if (cur.handlerId !== user.userId) throw new AppError('NOT_TASK_HANDLER');
      const review = this.engine.stageOf(stages, cur.stage);
      if (review.status !== SS.PROCESSING && review.status !== SS.OVERTIME) throw new AppError('ILLEGAL_TRANSITION', { details: { stage: review.stage, from: review.status } });
      const workStage = REVIEWED_WORK[cur.stage]!;
      const work = this.engine.stageOf(stages, workStage);
      const me = actorOf(user);
      const insert = (defectId: string | null, r: number, c: string, n = { added: 0, deleted: 0, modified: 0, correct: 0 }) =>
        m.query(
          `INSERT INTO ${this.s}.qa_result (task_id, stage, work_stage, result, defect_id, comments, reviewer_id, reviewer_name, labeler_id, labeler_name, added, deleted, modified, correct)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          [taskId, cur.stage, workStage, r, defectId, c, me.id, me.name, work.handlerId, work.handlerName, n.added, n.deleted, n.modified, n.correct],
        );
      await insert(null, result, comments, counts);
      for (const d of defects) await insert((d.defectId as string).trim(), d.result as number, typeof d.comments === 'string' ? d.comments.trim() : '');
      await this.engine.history(m, taskId, {
        stage: cur.stage,
        stageStatus: review.status,
        handler: me,
        actor: me,
        action: LA.QA_RESULT_ANALYSIS,
        message: `QA result ${result}${comments ? `: ${comments}` : ''}`,
      });
      if (result !== QaStatus.FAIL) {
        await this.engine.completeStage(m, task, stages, cur.stage, { actor: me, action: LA.COMPLETED, message: 'Review passed' });
      } else {
        // Reviews between the work and this review (e.g. labeling QA when labeling FQA fails) start over.
        for (const st of stages) {
          if (seqOf(st.stage) > seqOf(workStage) && seqOf(st.stage) < seqOf(cur.stage) && st.status === SS.COMPLETED) {
            await this.engine.moveStage(m, task, st, SS.NOT_READY, { actor: me, message: 'Review to be repeated' });
          }
        }
        await this.engine.moveStage(m, task, review, SS.NOT_READY, { actor: me, message: 'Review failed' });
        await this.engine.moveStage(m, task, work, SS.PROCESSING, {
          actor: me,
          action: LA.REQUEST_RETURN,
          message: `Returned to ${TASK_STAGE_LABELS.en_us[workStage as keyof (typeof TASK_STAGE_LABELS)['en_us']]}: ${comments}`,
        });
      }
      await this.engine.sync(m, task, stages, undefined, me);
    });
    return this.tasks.get(user, taskId);
  }

  async results(user: AuthUser, taskId: string) {
    await this.tasks.get(user, taskId);
    const rows: Row[] = await this.ds.query(`SELECT * FROM ${this.s}.qa_result WHERE task_id = $1 ORDER BY created_at, defect_id NULLS FIRST`, [taskId]);
    return {
      results: rows.map((r) => ({
        qaResultId: r.id,
        taskStageType: r.stage,
        reviewedStageType: r.work_stage,
        result: r.result,
        defectId: r.defect_id,
        comments: r.comments,
        reviewerId: r.reviewer_id,
        reviewerName: r.reviewer_name,
        labelerId: r.labeler_id,
        labelerName: r.labeler_name,
        counts: { added: r.added, deleted: r.deleted, modified: r.modified, correct: r.correct },
        time: r.created_at,
      })),
      totalCount: rows.length,
    };
  }

  /** History entries that carry a labeling history action (SPEC §3). */
  async labelingHistory(user: AuthUser, taskId: string) {
    await this.tasks.get(user, taskId);
    const rows: Row[] = await this.ds.query(`SELECT * FROM ${this.s}.task_history WHERE task_id = $1 AND action IS NOT NULL ORDER BY id`, [taskId]);
    return {
      results: rows.map((r) => ({ time: r.at, action: r.action, stage: r.stage, operatorId: r.actor_id, operatorName: r.actor_name, handlerName: r.handler_name, message: r.message })),
      totalCount: rows.length,
    };
  }

  /**
   * Change rate per labeler (whose work was reviewed) or per reviewer, from the task-level QA
   * results in the period: (added + deleted + modified) / (correct + modified + added), and the
   * variant without deletions (contracts' changeRate / changeRateWithoutDeletions).
   */
  async changeRates(user: AuthUser, q: Record<string, unknown>) {
    const groupBy = q.groupBy ?? 'labeler';
    if (groupBy !== 'labeler' && groupBy !== 'reviewer') bad('groupBy', groupBy);
    const from = dateParam('startTime', q.startTime);
    const to = dateParam('endTime', q.endTime);
    if (from && to && from > to) throw new AppError('INVALID_TIME_RANGE');
    const params: unknown[] = [];
    const w = ['r.defect_id IS NULL', ...scopeConditions(user, params)];
    if (from) {
      params.push(from);
      w.push(`r.created_at >= $${params.length}`);
    }
    if (to) {
      params.push(to);
      w.push(`r.created_at <= $${params.length}`);
    }
    if (q.customerId !== undefined && q.customerId !== '') {
      if (!isUuid(q.customerId)) bad('customerId', q.customerId);
      params.push(q.customerId);
      w.push(`t.customer_id = $${params.length}`);
    }
    const who = groupBy === 'labeler' ? 'labeler' : 'reviewer';
    const rows: Row[] = await this.ds.query(
      `SELECT r.${who}_id AS user_id, max(r.${who}_name) AS user_name, count(*)::int AS reviews,
              count(*) FILTER (WHERE r.result = ${QaStatus.FAIL})::int AS failed,
              sum(r.added)::int AS added, sum(r.deleted)::int AS deleted, sum(r.modified)::int AS modified, sum(r.correct)::int AS correct
       FROM ${this.s}.qa_result r JOIN ${this.s}.task t ON t.id = r.task_id
       WHERE ${w.join(' AND ')} AND r.${who}_id IS NOT NULL
       GROUP BY r.${who}_id ORDER BY lower(max(r.${who}_name)), r.${who}_id`,
      params,
    );
    const results = rows.map((r) => {
      const c = { added: r.added, deleted: r.deleted, modified: r.modified, correct: r.correct };
      return {
        userId: r.user_id,
        userName: r.user_name,
        reviewCount: r.reviews,
        failCount: r.failed,
        ...c,
        changeRate: changeRate(c),
        changeRateWithoutDeletions: changeRateWithoutDeletions(c),
      };
    });
    return { groupBy, results, totalCount: results.length };
  }

  /** Column titles of the export, in the request's language. */
  private exportHead(groupBy: string, locale: Locale): string[] {
    const zh = locale === 'zh_cn';
    const who = groupBy === 'labeler' ? (zh ? '标注员' : 'Labeler') : zh ? '审核员' : 'Reviewer';
    return zh
      ? [who, '审核次数', '不通过', '新增', '删除', '修改', '正确', '变更率', '变更率（不含删除）']
      : [who, 'Reviews', 'Failed', 'Added', 'Deleted', 'Modified', 'Correct', 'Change rate', 'Change rate without deletions'];
  }

  private exportRows(results: Awaited<ReturnType<QaService['changeRates']>>['results']) {
    return results.map((r) => [r.userName, r.reviewCount, r.failCount, r.added, r.deleted, r.modified, r.correct, r.changeRate, r.changeRateWithoutDeletions]);
  }

  /** The change-rate figures as an Excel workbook (rates as percentages, one sheet). */
  async changeRatesXlsx(user: AuthUser, q: Record<string, unknown>, locale: Locale): Promise<Buffer> {
    const { groupBy, results } = await this.changeRates(user, q);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(locale === 'zh_cn' ? '变更率' : 'Change rate');
    sheet.addRow(this.exportHead(groupBy, locale)).font = { bold: true };
    for (const row of this.exportRows(results)) sheet.addRow(row);
    sheet.getColumn(1).width = 24;
    for (const c of [8, 9]) sheet.getColumn(c).numFmt = '0.00%';
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  /** The same figures as CSV (UTF-8 with a BOM so Excel reads Chinese names). */
  async changeRatesCsv(user: AuthUser, q: Record<string, unknown>, locale: Locale): Promise<string> {
    const { groupBy, results } = await this.changeRates(user, q);
    const esc = (v: unknown) => {
      const s = String(v ?? '');
      // Leading = + - @ would run as a formula in Excel.
      const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
      return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    };
    const lines = this.exportRows(results).map((r) => r.map((v, i) => (i >= 7 ? (v as number).toFixed(4) : v)).map(esc).join(','));
    return '\uFEFF' + [this.exportHead(groupBy, locale).join(','), ...lines].join('\r\n') + '\r\n';
  }
}
