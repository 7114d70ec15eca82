import { Injectable } from '@nestjs/common';
import { AppError, TaskLogKind as LOG, TaskStage, TaskStageStatus as SS, LabelingHistoryAction as LA } from '@windward/contracts';
import type { AuthUser } from '@windward/service-kit';
import { isFlowAdmin } from '../common/access.js';
import { AUTO_STAGES, currentStage, isReviewStage } from './pipeline.js';
import { TaskEngine, actorOf } from './task-engine.js';
import { TaskRepository } from './task.repository.js';
import { LockedTask } from './locked-task.js';
import type { SpentTimeView, TaskDetailView } from './task.view.js';

/** The handler's work on a task: pick from the pool, release, complete, report time spent or an error. */
@Injectable()
export class TaskWorkService {
  constructor(
    private readonly engine: TaskEngine,
    private readonly tasks: TaskRepository,
    private readonly locked: LockedTask,
  ) {}

  /** First picker wins: the row lock queues concurrent picks and only the first finds the stage free. */
  pick(user: AuthUser, id: string): Promise<TaskDetailView> {
    return this.locked.act(user, id, async (m, task) => {
      await this.engine.assertCanProceed(m, task);
      const stages = await this.engine.stages(m, id);
      const cur = currentStage(stages);
      if (!cur || AUTO_STAGES.includes(cur.stage)) throw new AppError('ILLEGAL_TRANSITION', { details: { stage: cur?.stage ?? null } });
      if (cur.handlerId) throw new AppError('TASK_ALREADY_PICKED');
      const st = this.engine.stageOf(stages, cur.stage);
      if (st.status === SS.OVERTIME) await this.engine.setHandler(m, task, st, actorOf(user), { actor: actorOf(user), action: LA.PICK, log: { kind: LOG.PICKED_OVERTIME } });
      else await this.engine.moveStage(m, task, st, SS.PROCESSING, { actor: actorOf(user), handler: actorOf(user), action: LA.PICK, log: { kind: LOG.PICKED } });
      await this.engine.sync(m, task, stages, undefined, actorOf(user));
    });
  }

  /** The handler (or a flow administrator) gives the current stage back to the pool. */
  release(user: AuthUser, id: string): Promise<TaskDetailView> {
    return this.locked.act(user, id, async (m, task) => {
      await this.engine.assertCanProceed(m, task);
      const stages = await this.engine.stages(m, id);
      const cur = currentStage(stages);
      if (!cur || !cur.handlerId) throw new AppError('ILLEGAL_TRANSITION', { details: { stage: cur?.stage ?? null } });
      if (cur.handlerId !== user.userId && !isFlowAdmin(user)) throw new AppError('NOT_TASK_HANDLER');
      const st = this.engine.stageOf(stages, cur.stage);
      const o = { actor: actorOf(user), log: { kind: LOG.RELEASED } };
      if (st.status === SS.OVERTIME) await this.engine.setHandler(m, task, st, null, o);
      else await this.engine.moveStage(m, task, st, SS.READY, { ...o, handler: null });
      await this.engine.sync(m, task, stages, undefined, actorOf(user));
    });
  }

  /** The handler finishes a work stage (reviews finish through their QA result). */
  complete(user: AuthUser, id: string, stage: number): Promise<TaskDetailView> {
    return this.locked.act(user, id, async (m, task) => {
      await this.engine.assertCanProceed(m, task);
      const stages = await this.engine.stages(m, id);
      const cur = currentStage(stages);
      if (!cur || cur.stage !== stage) throw new AppError('STAGE_NOT_CURRENT', { details: { stage, current: cur?.stage ?? null } });
      if (AUTO_STAGES.includes(stage) || isReviewStage(stage)) throw new AppError('ILLEGAL_TRANSITION', { details: { stage } });
      if (cur.handlerId !== user.userId) throw new AppError('NOT_TASK_HANDLER');
      if (await this.tasks.hasPendingReinspection(m, id)) throw new AppError('REINSPECTION_PENDING');
      if (stage === TaskStage.LABELING && task.inspection_id) {
        // SPEC §5: every image side labeled before submit. Inspection announces each flip; an
        // inspection that never announced one has no active images to label.
        const labeling = await this.tasks.labelingState(m, task.inspection_id);
        if (labeling && !labeling.complete) {
          throw new AppError('ALL_SIDES_MUST_BE_LABELED', {
            details: { sideCount: labeling.side_count, labeledSideCount: labeling.labeled_side_count },
          });
        }
      }
      if (stage === TaskStage.STITCHING && task.inspection_id) {
        // Every blade path stitched before the stage is done (a path being stitched again is not).
        const st = await this.tasks.stitchingState(m, task.inspection_id);
        if (st && st.stitched_path_count < st.path_count) {
          const params = { unstitched: st.path_count - st.stitched_path_count, total: st.path_count };
          throw new AppError('STITCHING_INCOMPLETE', { params, details: params });
        }
      }
      await this.engine.completeStage(m, task, stages, stage, { actor: actorOf(user), action: LA.COMPLETED, log: { kind: LOG.COMPLETED } });
      await this.engine.sync(m, task, stages, undefined, actorOf(user));
    });
  }

  /**
   * The handler adds time spent on the current stage (the work tools send it every minute while
   * visible). No status change: no history row, no version bump; the row lock keeps sums exact.
   */
  addSpentTime(user: AuthUser, id: string, stage: number, seconds: number): Promise<SpentTimeView> {
    return this.locked.run(user, id, async (m, task) => {
      await this.engine.assertCanProceed(m, task);
      const cur = currentStage(await this.engine.stages(m, id));
      if (!cur || cur.stage !== stage) throw new AppError('STAGE_NOT_CURRENT', { details: { stage, current: cur?.stage ?? null } });
      if (cur.handlerId !== user.userId) throw new AppError('NOT_TASK_HANDLER');
      const spentSeconds = await this.tasks.addSpentSeconds(m, id, stage, seconds);
      return { taskId: id, taskStageType: stage, spentSeconds };
    });
  }

  /** The handler or an administrator reports that the current stage cannot be done. */
  reportError(user: AuthUser, id: string, stage: number, message: string): Promise<TaskDetailView> {
    return this.locked.act(user, id, async (m, task) => {
      await this.engine.assertCanProceed(m, task);
      const stages = await this.engine.stages(m, id);
      const cur = currentStage(stages);
      if (!cur || cur.stage !== stage) throw new AppError('STAGE_NOT_CURRENT', { details: { stage, current: cur?.stage ?? null } });
      if (cur.handlerId !== user.userId && !isFlowAdmin(user)) throw new AppError('NOT_TASK_HANDLER');
      await this.engine.moveStage(m, task, this.engine.stageOf(stages, stage), SS.ERROR, { actor: actorOf(user), error: message.trim(), log: { kind: LOG.ERROR_REPORTED }, note: message.trim() });
      await this.engine.sync(m, task, stages, undefined, actorOf(user));
    });
  }
}
