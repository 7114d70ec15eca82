import { Injectable } from '@nestjs/common';
import { AppError, TaskLogKind as LOG, TaskStage, TaskStageStatus as SS, TaskStatus as TS, LabelingHistoryAction as LA, type TaskStatus } from '@windward/contracts';
import type { AuthUser } from '@windward/service-kit';
import { AUTO_STAGES, currentStage } from './pipeline.js';
import { TaskEngine, actorOf, type Actor } from './task-engine.js';
import { TaskRepository } from './task.repository.js';
import { LockedTask } from './locked-task.js';
import { eligibleHandler } from '../common/access.js';
import { logItem } from './task-detail.service.js';
import type { AddTaskLogDto } from './task.dto.js';
import type { TaskDetailView, TaskLogView } from './task.view.js';

/** What flow administrators do to a task: assign, retry a stage in error, end it, record a log file. */
@Injectable()
export class TaskAdminService {
  constructor(
    private readonly engine: TaskEngine,
    private readonly tasks: TaskRepository,
    private readonly locked: LockedTask,
  ) {}

  /** Assigns (or reassigns) the current stage to a user identity announced. */
  assign(user: AuthUser, id: string, userId: string): Promise<TaskDetailView> {
    return this.locked.act(user, id, async (m, task) => {
      await this.engine.assertCanProceed(m, task);
      const u = await this.tasks.activeUser(m, userId);
      if (!u) throw new AppError('USER_NOT_FOUND');
      const handler: Actor = { id: u.user_id, name: u.display_name || u.username };
      // Staff work on the customers they are assigned to (docs/roles.md).
      if (!eligibleHandler(u, task)) throw new AppError('HANDLER_NOT_ELIGIBLE', { params: { handlerName: handler.name } });
      const stages = await this.engine.stages(m, id);
      const cur = currentStage(stages);
      if (!cur || AUTO_STAGES.includes(cur.stage)) throw new AppError('ILLEGAL_TRANSITION', { details: { stage: cur?.stage ?? null } });
      const st = this.engine.stageOf(stages, cur.stage);
      const o = { actor: actorOf(user), action: LA.PROCESSING, log: { kind: LOG.ASSIGNED, params: { handlerName: handler.name } } };
      if (st.status === SS.READY) await this.engine.moveStage(m, task, st, SS.PROCESSING, { ...o, handler });
      else if (st.status === SS.PROCESSING || st.status === SS.OVERTIME) await this.engine.setHandler(m, task, st, handler, o);
      else throw new AppError('ILLEGAL_TRANSITION', { details: { stage: st.stage, from: st.status } });
      await this.engine.sync(m, task, stages, undefined, actorOf(user));
    });
  }

  /** An administrator retries a stage in error: automatic stages run again, manual ones return to the pool. */
  retry(user: AuthUser, id: string, stage: number): Promise<TaskDetailView> {
    return this.locked.act(user, id, async (m, task) => {
      await this.engine.assertCanProceed(m, task);
      const stages = await this.engine.stages(m, id);
      const st = this.engine.stageOf(stages, stage);
      // Retrying is leaving "error"; any other status has nothing to retry.
      if (st.status !== SS.ERROR) throw new AppError('ILLEGAL_TRANSITION', { details: { stage, from: st.status } });
      const auto = AUTO_STAGES.includes(stage);
      await this.engine.moveStage(m, task, st, auto ? SS.PROCESSING : SS.READY, { actor: actorOf(user), handler: auto ? undefined : null, log: { kind: LOG.RETRIED } });
      if (stage === TaskStage.AUTO_PROCESSING) {
        await this.tasks.refreshImagesProcessed(m, id, task.inspection_id);
        await this.engine.enqueueAutoProcessing(m, id);
      }
      await this.engine.sync(m, task, stages, undefined, actorOf(user));
    });
  }

  /** Administrators end a task: terminated or inactive (both final, checked against TASK_TRANSITIONS). */
  setStatus(user: AuthUser, id: string, status: number): Promise<TaskDetailView> {
    if (status !== TS.TERMINATED && status !== TS.INACTIVE) throw new AppError('ILLEGAL_TRANSITION', { details: { to: status } });
    const to: TaskStatus = status;
    return this.locked.act(user, id, async (m, task) => {
      // Setting the status a task already has is not a transition either.
      if (task.status === to) throw new AppError('ILLEGAL_TRANSITION', { details: { from: task.status, to } });
      const stages = await this.engine.stages(m, id);
      await this.engine.sync(m, task, stages, to, actorOf(user));
    });
  }

  /** Records a log file on the task (the task's drone unless given). */
  addLog(user: AuthUser, id: string, b: AddTaskLogDto): Promise<TaskLogView> {
    return this.locked.run(user, id, async (m, task) => {
      const r = await this.tasks.insertLog(m, { taskId: id, logName: b.logName.trim(), logType: b.logType, droneId: b.droneId ?? task.drone_id, logFileUri: b.logFileUri });
      return logItem(r);
    });
  }
}
