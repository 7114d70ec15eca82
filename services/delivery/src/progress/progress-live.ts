import { Controller, Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Ctx, Payload } from '@nestjs/microservices';
import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import { EventTypes, QaOutcome, Rights, socketPath, type StageCompletedPayload } from '@windward/contracts';
import { ChangeFeed, LOGGER, OnEvent, RealtimeHub, SERVICE_CONFIG, TokenVerifier, recordRooms, scopeRooms, type BusContext, type ServiceConfig } from '@windward/service-kit';
import { ProgressService } from './progress.service.js';

/** Messages the progress dashboard receives over socket.io at /gw/delivery/socket.io. */
export const ProgressEvents = { CHANGED: 'progress.changed' } as const;

/** Rights that open the dashboard (its sockets too). */
export const PROGRESS_RIGHTS = [Rights.PROGRESS_DASHBOARD_SHOW, Rights.MENU_PROGRESS_DASHBOARD, Rights.PROJECT_CENTER_SHOW];

/**
 * Live progress: a stage task-flow completes is recorded in the consumer's transaction, which also
 * pg_notifies the projects it counts for; after commit the ChangeFeed nudges the sockets in the rooms
 * of each project's customer and parks, and open dashboards refetch. Data scope as over HTTP.
 */
@Injectable()
export class ProgressLive implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private hub: RealtimeHub | null = null;
  private feed: ChangeFeed | null = null;
  readonly channel: string;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly progress: ProgressService,
    @Inject(TokenVerifier) private readonly verifier: TokenVerifier,
    @Inject(SERVICE_CONFIG) private readonly cfg: ServiceConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    this.channel = `${cfg.schema}_progress`;
  }

  async onApplicationBootstrap() {
    const http = this.adapterHost.httpAdapter.getHttpServer() as HttpServer;
    this.hub = new RealtimeHub(http, { path: socketPath('delivery'), verifier: this.verifier, anyOfRights: PROGRESS_RIGHTS, rooms: (user) => scopeRooms(user) });
    this.feed = new ChangeFeed(this.cfg.databaseUrl, this.channel, (ids) => this.push(ids), this.log, 10, () => this.hub?.io.emit(ProgressEvents.CHANGED, {}));
    await this.feed.start();
  }

  private async push(projectIds: string[]) {
    if (!this.hub) return;
    for (const p of await this.progress.repo().scopes(projectIds)) {
      const rooms = new Set<string>(recordRooms(p.customerId, null));
      for (const park of p.parkIds) recordRooms(p.customerId, park).forEach((r) => rooms.add(r));
      this.hub.emit([...rooms], ProgressEvents.CHANGED, { projectId: p.id });
    }
  }

  async beforeApplicationShutdown() {
    await this.feed?.close();
    await this.hub?.close();
  }
}

/** taskflow.stage.completed → stage_progress, and a nudge for the projects it counts for. */
@Controller()
export class ProgressConsumer {
  constructor(
    private readonly progress: ProgressService,
    private readonly live: ProgressLive,
  ) {}

  @OnEvent(EventTypes.TaskflowStageCompleted)
  async onStage(@Payload() p: StageCompletedPayload, @Ctx() ctx: BusContext): Promise<void> {
    const repo = this.progress.repo(ctx.manager);
    // Every announcement is one piece of work for performance statistics (a rejected review too).
    await repo.recordWork(p);
    // Progress counts completed stages: a rejected review sent its work back, nothing completed.
    if (p.qaOutcome === QaOutcome.REJECT) return;
    if (!(await repo.record(p.taskId, p.inspectionId, p.stage))) return;
    for (const id of await repo.projectsOfInspection(p.inspectionId)) await repo.notify(this.live.channel, id);
  }
}
