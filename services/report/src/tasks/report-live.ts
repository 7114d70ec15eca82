import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import { Rights, socketPath } from '@windward/contracts';
import { ChangeFeed, LOGGER, RealtimeHub, Rooms, SERVICE_CONFIG, TokenVerifier, type ServiceConfig } from '@windward/service-kit';

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
export class ReportLive implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private hub: RealtimeHub | null = null;
  private feed: ChangeFeed | null = null;
  readonly channel: string;
  private readonly url: string;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(TokenVerifier) private readonly verifier: TokenVerifier,
    @Inject(SERVICE_CONFIG) cfg: ServiceConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    this.channel = `${cfg.schema}_report_task`;
    this.url = cfg.databaseUrl;
  }

  async onApplicationBootstrap() {
    const http = this.adapterHost.httpAdapter.getHttpServer() as HttpServer;
    this.hub = new RealtimeHub(http, {
      path: socketPath('report'),
      verifier: this.verifier,
      anyOfRights: REPORT_RIGHTS,
      rooms: (user) => [Rooms.user(user.userId)],
    });
    this.feed = new ChangeFeed(
      this.url,
      this.channel,
      (keys) => this.push(keys),
      this.log,
      10,
      () => this.hub?.io.emit(REPORT_TASK_CHANGED, {}),
    );
    await this.feed.start();
  }

  /** Each notification is one state of one task, in commit order (the feed keeps the order it received). */
  private push(states: string[]): Promise<void> {
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
      this.hub?.emit([Rooms.user(n.userId)], REPORT_TASK_CHANGED, change);
    }
    return Promise.resolve();
  }

  async beforeApplicationShutdown() {
    await this.feed?.close();
    await this.hub?.close();
  }
}
