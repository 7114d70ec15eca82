import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '@windward/service-kit';
import { assertVisible } from '../common/access.js';
import { TaskEngine } from './task-engine.js';
import { TaskDetailService } from './task-detail.service.js';
import type { TaskRow } from './task.repository.js';
import type { TaskDetailView } from './task.view.js';

/** Runs a task action on the locked, visible task in one transaction. */
@Injectable()
export class LockedTask {
  constructor(
    private readonly ds: DataSource,
    private readonly engine: TaskEngine,
    private readonly detail: TaskDetailService,
  ) {}

  /** Runs `fn` on the locked, visible task and answers what `fn` returns. */
  run<T>(user: AuthUser, id: string, fn: (m: EntityManager, task: TaskRow) => Promise<T>): Promise<T> {
    return this.ds.transaction(async (m) => {
      const task = await this.engine.lock(m, id);
      assertVisible(user, task);
      return fn(m, task);
    });
  }

  /** Runs `fn` on the locked, visible task and answers the task as it is afterwards. */
  async act(user: AuthUser, id: string, fn: (m: EntityManager, task: TaskRow) => Promise<void>): Promise<TaskDetailView> {
    await this.run(user, id, fn);
    return this.detail.get(user, id, true);
  }
}
