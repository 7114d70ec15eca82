import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, TaskLogKind as LOG, LabelingHistoryAction as LA, ReInspectionStatus as RS, TaskStage, TaskStatus as TS } from '@windward/contracts';
import { parsePage, type AuthUser } from '@windward/service-kit';
import { APPROVAL_SORT, ReinspectionRepository } from './reinspection.repository.js';
import { assertVisible } from '../common/access.js';
import type { TaskDetailView } from '../tasks/task.view.js';
import type { ApprovalTaskListQuery, ApproveReinspectionDto, RequestReinspectionDto } from './reinspection.dto.js';
import type { ApprovalTaskPage } from './reinspection.view.js';
import { currentStage } from '../tasks/pipeline.js';
import { TaskEngine, actorOf } from '../tasks/task-engine.js';
import { TaskDetailService } from '../tasks/task-detail.service.js';
import { LockedTask } from '../tasks/locked-task.js';
import { TaskRepository } from '../tasks/task.repository.js';

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
    private readonly requests: ReinspectionRepository,
    private readonly engine: TaskEngine,
    private readonly tasks: TaskDetailService,
    private readonly locked: LockedTask,
    private readonly taskRows: TaskRepository,
  ) {}

  async request(user: AuthUser, taskId: string, b: RequestReinspectionDto): Promise<TaskDetailView> {
    const comments = b.requestComments.trim();
    await this.locked.run(user, taskId, async (m, task) => {
      await this.engine.assertCanProceed(m, task);
      const stages = await this.engine.stages(m, taskId);
      const cur = currentStage(stages);
      if (!cur || cur.stage !== TaskStage.LABELING) throw new AppError('STAGE_NOT_CURRENT', { details: { stage: TaskStage.LABELING, current: cur?.stage ?? null } });
      if (cur.handlerId !== user.userId) throw new AppError('NOT_TASK_HANDLER');
      if (await this.taskRows.hasPendingReinspection(m, taskId)) throw new AppError('REINSPECTION_PENDING');
      const me = actorOf(user);
      await this.requests.insert(m, {
        taskId,
        inspectionId: task.inspection_id,
        stage: cur.stage,
        requesterId: me.id,
        requesterName: me.name,
        comments,
        sourceUrl: b.sourceUrl ?? null,
      });
      await this.engine.history(m, taskId, { stage: cur.stage, stageStatus: cur.status, handler: me, actor: me, action: LA.REQUEST_REINSPECTION, log: { kind: LOG.REINSPECTION_REQUESTED }, note: comments });
      await this.engine.sync(m, task, stages, undefined, me);
    });
    return this.tasks.get(user, taskId);
  }

  /** SPEC §3 approval tasks: {results, totalCount, processingCount}, filtered, paged and sorted here. */
  async list(user: AuthUser, q: ApprovalTaskListQuery): Promise<ApprovalTaskPage> {
    const page = parsePage(q, Object.keys(APPROVAL_SORT), { sortField: 'requestTime', descending: true });
    const requestStatus = q.requestStatus ?? [];
    const { rows, total, processing } = await this.requests.list(
      user,
      {
        inspectionId: q.inspectionId,
        customerId: q.customerId,
        windfarmId: q.windfarmId ?? q.windFarmId,
        turbineName: q.turbineName,
        orgId: q.orgId,
        // Both statuses asked for is the same as none.
        pending: requestStatus.length === 1 ? requestStatus[0] === RequestStatus.PENDING : undefined,
        reInspectionStatus: q.reInspectionStatus,
      },
      page,
    );
    return {
      results: rows.map((r) => ({
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
      totalCount: total,
      processingCount: processing,
    };
  }

  /** SPEC §3 approve request {inspectionId, approved, processComments}; the processor is the caller. */
  async approve(user: AuthUser, b: ApproveReinspectionDto): Promise<TaskDetailView> {
    const comments = b.processComments?.trim() ?? '';
    if (!comments) throw new AppError('REINSPECTION_REASON_REQUIRED');
    const taskId = await this.ds.transaction(async (m) => {
      const id = await this.requests.taskIdOfInspection(m, b.inspectionId);
      if (!id) throw new AppError('NOT_FOUND');
      const task = await this.engine.lock(m, id);
      assertVisible(user, task);
      const req = await this.requests.lockPending(m, task.id);
      // Already decided (or never asked): deciding again is not a valid transition.
      if (!req) throw new AppError('ILLEGAL_TRANSITION', { details: { reInspectionStatus: 'none pending' } });
      const me = actorOf(user);
      const approved = b.approved;
      await this.requests.decide(m, req.id, { approved, processorId: me.id, processorName: me.name, comments });
      const stages = await this.engine.stages(m, task.id);
      await this.engine.history(m, task.id, {
        stage: req.stage,
        actor: me,
        action: LA.APPROVE_REINSPECTION,
        log: { kind: approved ? LOG.REINSPECTION_APPROVED : LOG.REINSPECTION_REJECTED },
        note: comments,
      });
      // Approved: this inspection is abandoned for a new one; rejected: labeling goes on (its stage never left processing).
      await this.engine.sync(m, task, stages, approved ? TS.TERMINATED : undefined, me);
      return task.id;
    });
    return this.tasks.get(user, taskId);
  }
}
