import { Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import {
  AppError,
  LabelingHistoryAction as LA,
  QaOutcome,
  QaStatus,
  TaskLogKind as LOG,
  TaskStage,
  type TaskLogKind,
  TaskStageStatus as SS,
  changeRate,
  changeRateWithoutDeletions,
} from '@windward/contracts';
import { type AuthUser } from '@windward/service-kit';
import type { Locale } from '@windward/contracts';
import { TaskRepository } from '../tasks/task.repository.js';
import { QaRepository } from './qa.repository.js';
import type { TaskDetailView } from '../tasks/task.view.js';
import type { ChangeRateQuery, SubmitQaDto } from './qa.dto.js';
import type { ChangeRatePage, LabelingHistoryPage, QaResultPage } from './qa.view.js';
import { REVIEWED_WORK, currentStage, isReviewStage, seqOf } from '../tasks/pipeline.js';
import { TaskEngine, actorOf } from '../tasks/task-engine.js';
import { TaskDetailService } from '../tasks/task-detail.service.js';
import { LockedTask } from '../tasks/locked-task.js';


/** QA and FQA results, labeling history and change-rate statistics. */
@Injectable()
export class QaService {
  constructor(
    private readonly engine: TaskEngine,
    private readonly tasks: TaskDetailService,
    private readonly locked: LockedTask,
    private readonly qaResults: QaRepository,
    private readonly taskRows: TaskRepository,
  ) {}

  /**
   * The reviewer of the current QA/FQA stage records its result (per task and per defect).
   * Pass / pass with issue completes the review; fail returns the reviewed work (labeling,
   * stitching or timeline) to its last handler with the reasons, and the reviews in between
   * must be done again.
   */
  async submit(user: AuthUser, taskId: string, b: SubmitQaDto): Promise<TaskDetailView> {
    const result = b.result;
    const comments = b.comments?.trim() ?? '';
    if (result === QaStatus.FAIL && !comments) throw new AppError('QA_FAIL_REASON_REQUIRED');
    const counts = { added: b.counts?.added ?? 0, deleted: b.counts?.deleted ?? 0, modified: b.counts?.modified ?? 0, correct: b.counts?.correct ?? 0 };
    const defects = b.defects ?? [];
    for (const d of defects) {
      if (d.result === QaStatus.FAIL && !d.comments?.trim()) throw new AppError('QA_FAIL_REASON_REQUIRED', { details: { defectId: d.defectId } });
    }
    await this.locked.run(user, taskId, async (m, task) => {
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
      if (workStage === TaskStage.LABELING && result !== QaStatus.FAIL && task.inspection_id) {
        // A labeling review passes only once every defect of the inspection has its verdict.
        const count = await this.taskRows.unreviewedDefects(m, task.inspection_id, defects.map((d) => d.defectId));
        if (count > 0) throw new AppError('DEFECTS_UNREVIEWED', { params: { count }, details: { unreviewed: count } });
      }
      const work = this.engine.stageOf(stages, workStage);
      const me = actorOf(user);
      const base = {
        task_id: taskId,
        stage: cur.stage,
        work_stage: workStage,
        reviewer_id: user.userId,
        reviewer_name: me.name,
        labeler_id: work.handlerId,
        labeler_name: work.handlerName,
      };
      const none = { added: 0, deleted: 0, modified: 0, correct: 0 };
      await this.qaResults.insert(m, { ...base, result, defect_id: null, comments, ...counts });
      for (const d of defects) await this.qaResults.insert(m, { ...base, result: d.result, defect_id: d.defectId.trim(), comments: d.comments?.trim() ?? '', ...none });
      await this.engine.history(m, taskId, {
        stage: cur.stage,
        stageStatus: review.status,
        handler: me,
        actor: me,
        action: LA.QA_RESULT_ANALYSIS,
        log: { kind: LOG.QA_RESULT, params: { result } },
        note: comments,
      });
      if (result !== QaStatus.FAIL) {
        await this.engine.completeStage(m, task, stages, cur.stage, { actor: me, action: LA.COMPLETED, log: { kind: LOG.REVIEW_PASSED } }, { outcome: QaOutcome.PASS, reviewedHandlerId: base.labeler_id, counts });
      } else {
        // Reviews between the work and this review (e.g. labeling QA when labeling FQA fails) start over.
        for (const st of stages) {
          if (seqOf(st.stage) > seqOf(workStage) && seqOf(st.stage) < seqOf(cur.stage) && st.status === SS.COMPLETED) {
            await this.engine.moveStage(m, task, st, SS.NOT_READY, { actor: me, log: { kind: LOG.REVIEW_REPEATED } });
          }
        }
        await this.engine.moveStage(m, task, review, SS.NOT_READY, { actor: me, log: { kind: LOG.REVIEW_FAILED } });
        await this.engine.moveStage(m, task, work, SS.PROCESSING, {
          actor: me,
          action: LA.REQUEST_RETURN,
          log: { kind: LOG.RETURNED, params: { stage: workStage } },
          note: comments,
        });
        await this.engine.announceStage(m, task, cur.stage, workStage, me, { outcome: QaOutcome.REJECT, reviewedHandlerId: base.labeler_id, counts });
      }
      await this.engine.sync(m, task, stages, undefined, me);
    });
    return this.tasks.get(user, taskId);
  }

  async results(user: AuthUser, taskId: string): Promise<QaResultPage> {
    await this.tasks.get(user, taskId);
    const rows = await this.qaResults.ofTask(taskId);
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
  async labelingHistory(user: AuthUser, taskId: string): Promise<LabelingHistoryPage> {
    await this.tasks.get(user, taskId);
    const rows = await this.taskRows.labelingHistory(taskId);
    return {
      results: rows.map((r) => ({ time: r.at, action: r.action, stage: r.stage, operatorId: r.actor_id, operatorName: r.actor_name, handlerName: r.handler_name, kind: (r.kind as TaskLogKind | null) ?? null, params: r.params ?? null, message: r.message })),
      totalCount: rows.length,
    };
  }

  /**
   * Change rate per labeler (whose work was reviewed) or per reviewer, from the task-level QA
   * results in the period: (added + deleted + modified) / (correct + modified + added), and the
   * variant without deletions (contracts' changeRate / changeRateWithoutDeletions).
   */
  async changeRates(user: AuthUser, q: ChangeRateQuery): Promise<ChangeRatePage> {
    const groupBy = q.groupBy ?? 'labeler';
    const from = q.startTime ? new Date(q.startTime).toISOString() : null;
    const to = q.endTime ? new Date(q.endTime).toISOString() : null;
    if (from && to && from > to) throw new AppError('INVALID_TIME_RANGE');
    const rows = await this.qaResults.changeRates(user, { who: groupBy, from, to, customerId: q.customerId });
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
  async changeRatesXlsx(user: AuthUser, q: ChangeRateQuery, locale: Locale): Promise<Buffer> {
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
  async changeRatesCsv(user: AuthUser, q: ChangeRateQuery, locale: Locale): Promise<string> {
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
