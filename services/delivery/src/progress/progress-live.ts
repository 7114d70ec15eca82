import { Controller, Injectable } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventTypes, QaOutcome, Rights, socketPath, type StageCompletedPayload } from '@windward/contracts';
import { LiveGateway, LiveSockets, OnEvent, recordRooms, scopeRooms, type AuthUser, type BusContext } from '@windward/service-kit';
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
export class ProgressLive extends LiveGateway {
  protected readonly path = socketPath('delivery');
  protected readonly anyOfRights = PROGRESS_RIGHTS;
  protected override readonly resyncEvent = ProgressEvents.CHANGED;
  readonly channel: string;
  protected override readonly feedChannel: string;

  constructor(
    sockets: LiveSockets,
    private readonly progress: ProgressService,
  ) {
    super(sockets);
    this.channel = this.feedChannel = `${sockets.cfg.schema}_progress`;
  }

  protected rooms(user: AuthUser) {
    return scopeRooms(user);
  }

  protected override async onChanges(projectIds: string[]) {
    if (!this.live) return;
    for (const p of await this.progress.repo().scopes(projectIds)) {
      const rooms = new Set<string>(recordRooms(p.customerId, null));
      for (const park of p.parkIds) recordRooms(p.customerId, park).forEach((r) => rooms.add(r));
      this.emit([...rooms], ProgressEvents.CHANGED, { projectId: p.id });
    }
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
