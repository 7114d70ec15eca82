import { Injectable } from '@nestjs/common';
import { AppError, socketPath, isUuid } from '@windward/contracts';
import { LiveGateway, LiveSockets, Rooms, recordRooms, scopeRooms, type AuthUser, type LiveSocket, Sql } from '@windward/service-kit';
import { DASHBOARD_RIGHTS } from '../common/access.js';
import { taskItem } from '../tasks/task-items.js';
import { TaskListsService } from '../tasks/task-lists.service.js';
import { TaskRepository } from '../tasks/task.repository.js';
import { taskChangeChannel } from '../tasks/task-state.repository.js';

/** Messages the task screens receive (documented in docs/task-flow.md). */
export const LiveEvents = { TASK_CHANGED: 'task.changed', DASHBOARD_CHANGED: 'dashboard.changed', RESYNC: 'resync', SYNC: 'sync' } as const;

/** The `since` version of a socket `sync` message (the HTTP route reads it through TaskChangesQuery). */
function sinceOf(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'since', value: v }] });
  return n;
}

/**
 * Live task pool, my tasks and dashboard summary over socket.io at /gw/task/socket.io.
 * Changes reach sockets after commit through the kit's ChangeFeed (pg_notify in the writing
 * transaction), each to the rooms of the task's customer and park only.
 */
@Injectable()
export class TaskLive extends LiveGateway {
  protected readonly path = socketPath('task-flow');
  protected readonly anyOfRights = DASHBOARD_RIGHTS;
  protected override readonly feedChannel: string;
  // Notifications may have been missed while the listener was down: clients resynchronise.
  protected override readonly resyncEvent = LiveEvents.RESYNC;

  constructor(
    sockets: LiveSockets,
    sql: Sql,
    private readonly tasks: TaskListsService,
    private readonly repo: TaskRepository,
  ) {
    super(sockets);
    this.feedChannel = taskChangeChannel(sql);
  }

  /** Resynchronisation after a reconnect: changes since the last version the client saw. */
  protected override onConnection(socket: LiveSocket, user: AuthUser) {
    socket.on(LiveEvents.SYNC, async (arg: unknown, ack?: (r: unknown) => void) => {
      if (typeof ack !== 'function') return;
      try {
        ack(await this.tasks.changesSince(user, sinceOf((arg as { since?: unknown } | null)?.since)));
      } catch (err) {
        ack({ error: (err as { code?: string }).code ?? 'INTERNAL_ERROR' });
      }
    });
  }

  /** A park scope narrowed by the customer scope (park → customer from asset's events). */
  protected async rooms(user: AuthUser): Promise<string[]> {
    let allowed = (_: string) => true;
    if (user.parkIds !== null && user.customerIds !== null) {
      const rows = await this.repo.parkCustomers(user.parkIds.filter(isUuid));
      const ok = new Set(rows.filter((r) => user.customerIds!.includes(r.customer_id ?? '')).map((r) => r.wind_farm_id));
      allowed = (id) => ok.has(id);
    }
    return [...scopeRooms(user, allowed), Rooms.user(user.userId)];
  }

  protected override async onChanges(ids: string[]) {
    if (!this.live) return;
    const rows = await this.repo.findItems(ids);
    const dashboardRooms = new Set<string>();
    for (const r of rows) {
      const rooms = recordRooms(r.customer_id, r.wind_farm_id);
      rooms.forEach((x) => dashboardRooms.add(x));
      // The handler's own room too, so "my tasks" hears about its tasks even without a park scope match.
      this.emit(r.handler_id ? [...rooms, Rooms.user(r.handler_id)] : rooms, LiveEvents.TASK_CHANGED, taskItem(r));
    }
    // Summary counts differ per scope: screens refetch /tasks/dashboard-summary on this nudge.
    const latest = rows.reduce((v, r) => Math.max(v, Number(r.version)), 0);
    if (dashboardRooms.size) this.emit([...dashboardRooms], LiveEvents.DASHBOARD_CHANGED, { version: latest });
  }
}
