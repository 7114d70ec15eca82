import { Injectable } from '@nestjs/common';
import { AppError } from '@windward/contracts';
import { parsePage, type AuthUser } from '@windward/service-kit';
import { TASK_SORT, TaskRepository, type TaskListScope } from './task.repository.js';
import { taskItem } from './task-items.js';
import type { TaskListQuery, TodayTaskListQuery } from './task.dto.js';
import type { TaskChangesView, TaskPage } from './task.view.js';

export type TaskListKind = 'all' | 'pool' | 'mine' | 'today';

/** Start of a UTC day given as YYYY-MM-DD (validated by the query DTO; default today). */
export function dayStart(v: string | undefined): string {
  return new Date(v ?? new Date().toISOString().slice(0, 10)).toISOString();
}

/** A validated date or instant as an ISO instant (null when absent). */
const instant = (v: string | undefined): string | null => (v ? new Date(v).toISOString() : null);

/** The task lists (every task, the pool, my tasks, today's tasks) and the live screens' resynchronisation. */
@Injectable()
export class TaskListsService {
  constructor(private readonly tasks: TaskRepository) {}

  /** Task lists: every task, the pool (waiting for a picker), my tasks, today's tasks. Paged and sorted here. */
  async list(user: AuthUser, kind: TaskListKind, q: TaskListQuery & Pick<TodayTaskListQuery, 'date' | 'kind'>): Promise<TaskPage> {
    const page = parsePage(q, Object.keys(TASK_SORT), { sortField: 'updateTime', descending: true });
    const inspectionFrom = instant(q.inspectionStartTime);
    const inspectionTo = instant(q.inspectionEndTime);
    const uploadFrom = instant(q.uploadStartTime);
    const uploadTo = instant(q.uploadEndTime);
    if ((inspectionFrom && inspectionTo && inspectionFrom > inspectionTo) || (uploadFrom && uploadTo && uploadFrom > uploadTo)) throw new AppError('INVALID_TIME_RANGE');
    const scope: TaskListScope =
      kind === 'mine' ? { kind, userId: user.userId } : kind === 'today' ? { kind, dayStart: dayStart(q.date), which: q.kind ?? 'all' } : { kind };
    const { rows, count } = await this.tasks.list(
      user,
      scope,
      { ...q, windfarmId: q.windfarmId ?? q.windFarmId, inspectionFrom, inspectionTo, uploadFrom, uploadTo },
      page,
    );
    return { results: rows.map(taskItem), ...count, pageIndex: page.pageIndex, pageSize: page.pageSize };
  }

  /** Tasks in scope changed after `since` (live screens resynchronise after a reconnect). */
  async changesSince(user: AuthUser, since: number | undefined, limit = 500): Promise<TaskChangesView> {
    const latestVersion = await this.tasks.latestVersion();
    if (since === undefined) return { latestVersion, complete: false, tasks: [] };
    const rows = await this.tasks.changedSince(user, since, limit + 1);
    // More than the limit: the client refetches its lists instead of applying a long list of changes.
    const complete = rows.length <= limit;
    return { latestVersion, complete, tasks: complete ? rows.map(taskItem) : [] };
  }
}
