import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventTypes, type DeletedPayload, type ProjectEventPayload } from '@windward/contracts';
import { OnEvent, type BusContext } from '@windward/service-kit';
import { ProjectRef } from './project-ref.entity.js';

/** Delivery's projects: which parks and turbines each covers, whether it is O&M, its campaigns. */
@Controller()
export class ProjectConsumer {
  // One handler per event type: stacked @OnEvent decorators overwrite each other (Nest keeps the last).
  @OnEvent(EventTypes.DeliveryProjectCreated)
  async onCreated(@Payload() p: ProjectEventPayload, @Ctx() ctx: BusContext) {
    await this.onProject(p, ctx);
  }

  @OnEvent(EventTypes.DeliveryProjectStatusChanged)
  async onStatusChanged(@Payload() p: ProjectEventPayload, @Ctx() ctx: BusContext) {
    await this.onProject(p, ctx);
  }

  @OnEvent(EventTypes.DeliveryProjectUpdated)
  async onProject(@Payload() p: ProjectEventPayload, @Ctx() ctx: BusContext) {
    const m = ctx.manager;
    const row = (await m.findOne(ProjectRef, { where: { projectId: p.projectId } })) ?? m.create(ProjectRef, { projectId: p.projectId });
    // Optional fields absent from an event (e.g. a bare status change) keep what we knew.
    Object.assign(row, {
      name: p.projectName,
      status: p.status,
      ...(p.projectType !== undefined ? { projectType: p.projectType } : {}),
      ...(p.customerId !== undefined ? { customerId: p.customerId } : {}),
      ...(p.operation !== undefined ? { operation: p.operation } : {}),
      ...(p.campaignTypes !== undefined ? { campaignTypes: p.campaignTypes } : {}),
      ...(p.windFarmIds !== undefined ? { windParkIds: p.windFarmIds } : {}),
      ...(p.turbineIds !== undefined ? { turbineIds: p.turbineIds } : {}),
    });
    await m.save(row);
  }

  @OnEvent(EventTypes.DeliveryProjectDeleted)
  async onDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.delete(ProjectRef, { projectId: p.id });
  }
}
