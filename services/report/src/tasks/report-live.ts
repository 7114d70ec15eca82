import { Injectable } from '@nestjs/common';
import { Rights, socketPath } from '@windward/contracts';
import { LiveGateway, LiveSockets, Rooms, type AuthUser } from '@windward/service-kit';

/** The message a download queue receives over socket.io at /gw/report/socket.io. */
export const REPORT_TASK_CHANGED = 'report-task.changed';

/** What a change says: enough for the queue to move its progress bar; the rest is refetched over HTTP. */
export interface ReportTaskChange {
  reportTaskId: string;
  /** ReportTaskStatus; absent when the task was taken off the list. */
  status?: number;
  progress?: number;
  step?: string | null;
  removed?: true;
}

/** Rights that open the download queue (its sockets too). */
export const REPORT_RIGHTS = [Rights.IMAGE_EXPORT, Rights.MENU_SEARCH_EXPORT];

/**
 * Live progress of report tasks over socket.io (docs/reports.md "Live progress"). A task belongs
 * to one user, so each socket joins only its caller's user room and a change goes only to the
 * owner's sockets. Changes come from a trigger on report_task (pg_notify of the row's state on
 * commit) through the kit's ChangeFeed, so every instance pushes to its own sockets and a state that rolled
 * back is never announced. After a lost feed connection every socket is told to refetch.
 */
@Injectable()
export class ReportLive extends LiveGateway {
  protected readonly path = socketPath('report');
  protected readonly anyOfRights = REPORT_RIGHTS;
  protected override readonly resyncEvent = REPORT_TASK_CHANGED;
  readonly channel: string;
  protected override readonly feedChannel: string;

  constructor(sockets: LiveSockets) {
    super(sockets);
    this.channel = this.feedChannel = `${sockets.cfg.schema}_report_task`;
  }

  protected rooms(user: AuthUser) {
    return [Rooms.user(user.userId)];
  }

  /** Each notification is one state of one task, in commit order (the feed keeps the order it received). */
  protected override onChanges(states: string[]): Promise<void> {
    for (const raw of states) {
      let n: { id: string; userId: string; status: number; progress: number; step: string | null; removed: boolean };
      try {
        n = JSON.parse(raw) as typeof n;
      } catch {
        continue;
      }
      const change: ReportTaskChange = n.removed
        ? { reportTaskId: n.id, removed: true }
        : { reportTaskId: n.id, status: n.status, progress: n.progress, step: n.step };
      this.emit([Rooms.user(n.userId)], REPORT_TASK_CHANGED, change);
    }
    return Promise.resolve();
  }
}
