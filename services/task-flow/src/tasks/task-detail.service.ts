import { Injectable } from '@nestjs/common';
import { AppError, isUuid, type TaskLogKind } from '@windward/contracts';
import { parsePage, type AuthUser } from '@windward/service-kit';
import { assertVisible } from '../common/access.js';
import { TaskRepository, type TaskLogRecord } from './task.repository.js';
import { stageItem, taskItem } from './task-items.js';
import type { TaskHistoryQuery } from './task.dto.js';
import type { TaskDetailView, TaskHistoryPage, TaskLogPage, TaskLogView } from './task.view.js';

export const logItem = (r: TaskLogRecord): TaskLogView => ({
  logId: r.id,
  logName: r.log_name,
  logType: r.log_type,
  droneId: r.drone_id,
  logFileUri: r.log_file_uri,
  createTime: r.created_at,
});

/** One task as its detail screen reads it: the task with its stages, its history, its logs. */
@Injectable()
export class TaskDetailService {
  constructor(private readonly tasks: TaskRepository) {}

  /**
   * The visible task with its stages (unknown and out-of-scope ids: the same 404). `acted`: the
   * caller just acted on the visible task (LockedTask.act), so they get its outcome even when
   * the action ended their handling of a task outside their scope.
   */
  async get(user: AuthUser, id: string, acted = false): Promise<TaskDetailView> {
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const found = await this.tasks.findItemWithStages(id);
    if (!found) throw new AppError('NOT_FOUND');
    const { row, stages } = found;
    if (!acted) assertVisible(user, row);
    return { ...taskItem(row), uploadFileUri: row.upload_file_uri, droneId: row.drone_id, stages: stages.map(stageItem) };
  }

  async history(user: AuthUser, id: string, q: TaskHistoryQuery): Promise<TaskHistoryPage> {
    await this.get(user, id);
    const page = parsePage(q, ['time'], { sortField: 'time', descending: false, pageSize: 100 });
    const { rows, total } = await this.tasks.history(id, page);
    return {
      results: rows.map((r) => ({
        time: r.at,
        stage: r.stage,
        handlerName: r.handler_name,
        stageStatus: r.stage_status,
        kind: (r.kind as TaskLogKind | null) ?? null,
        params: r.params ?? null,
        message: r.message,
        action: r.action,
        operatorName: r.actor_name,
      })),
      totalCount: total,
    };
  }

  async logs(user: AuthUser, id: string): Promise<TaskLogPage> {
    await this.get(user, id);
    const rows = await this.tasks.logs(id);
    return { results: rows.map(logItem), totalCount: rows.length };
  }
}
