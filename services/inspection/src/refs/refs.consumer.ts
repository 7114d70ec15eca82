import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { In } from 'typeorm';
import type { Logger } from 'pino';
import {
  EventTypes,
  type DeletedPayload,
  type HandlerChangedPayload,
  type ParkEventPayload,
  type TurbineEventPayload,
  type TurbineMovedPayload,
  type TurbineRenamedPayload,
} from '@windward/contracts';
import { EventPublisher, LOGGER, OnEvent, type BusContext } from '@windward/service-kit';
import { BladeRef, ParkRef, TaskHandlerRef, TurbineRef } from './refs.entity.js';
import { Inspection } from '../inspections/inspection.entity.js';
import { Defect } from '../defects/defect.entity.js';
import { hasTimelineLink, unlinkAll } from '../timeline/timeline.store.js';
import { DemoSeed } from '../seed/demo-seed.js';

/**
 * Parks, turbines and blades as asset announces them. One handler per event type: stacked
 * @OnEvent decorators overwrite each other.
 */
@Controller()
export class RefsConsumer {
  constructor(
    private readonly events: EventPublisher,
    private readonly demo: DemoSeed,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /** The handler of a task sees its inspection whatever their scope (docs/roles.md); no handler, no row. */
  @OnEvent(EventTypes.TaskflowHandlerChanged)
  async onHandlerChanged(@Payload() p: HandlerChangedPayload, @Ctx() ctx: BusContext) {
    if (!p.handlerId || !p.inspectionId) await ctx.manager.delete(TaskHandlerRef, { taskId: p.taskId });
    else await ctx.manager.upsert(TaskHandlerRef, { taskId: p.taskId, inspectionId: p.inspectionId, handlerId: p.handlerId }, ['taskId']);
  }

  @OnEvent(EventTypes.AssetParkCreated)
  async onParkCreated(@Payload() p: ParkEventPayload, @Ctx() ctx: BusContext) {
    await this.onPark(p, ctx);
  }

  @OnEvent(EventTypes.AssetParkUpdated)
  async onPark(@Payload() p: ParkEventPayload, @Ctx() ctx: BusContext) {
    const m = ctx.manager;
    await m.upsert(ParkRef, { windParkId: p.windFarmId, name: p.windFarmName, customerId: p.customerId, active: p.active }, ['windParkId']);
    // A park handed to another customer takes its inspections and their data scope along.
    await m.update(Inspection, { windParkId: p.windFarmId }, { customerId: p.customerId });
  }

  @OnEvent(EventTypes.AssetTurbineCreated)
  async onTurbineCreated(@Payload() p: TurbineEventPayload, @Ctx() ctx: BusContext) {
    await this.onTurbine(p, ctx);
    // Demo inspections wait for their turbine; seeding here commits with the read model.
    await this.demo.forTurbine(ctx.manager, p.turbineId);
  }

  @OnEvent(EventTypes.AssetTurbineUpdated)
  async onTurbine(@Payload() p: TurbineEventPayload, @Ctx() ctx: BusContext) {
    const m = ctx.manager;
    await m.upsert(
      TurbineRef,
      { turbineId: p.turbineId, windParkId: p.windFarmId, name: p.turbineName, serialNumber: p.serialNumber, deleted: false },
      ['turbineId'],
    );
    await m.update(Inspection, { turbineId: p.turbineId }, { turbineName: p.turbineName });
    // `blades` is optional in the contract: absent means "unknown", so keep what we have.
    if (p.blades) {
      await m.delete(BladeRef, { turbineId: p.turbineId });
      const rows = p.blades
        .filter((b) => Number.isInteger(b.position) && b.position >= 1 && b.position <= 3)
        .map((b) => ({ turbineId: p.turbineId, position: b.position, name: b.name, serialNumber: b.serialNumber, lengthM: b.length }));
      if (rows.length) await m.insert(BladeRef, rows);
    }
  }

  @OnEvent(EventTypes.AssetTurbineRenamed)
  async onRenamed(@Payload() p: TurbineRenamedPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.update(TurbineRef, { turbineId: p.turbineId }, { name: p.turbineName });
    // The name belongs to the turbine, so every inspection of it shows the new one.
    await ctx.manager.update(Inspection, { turbineId: p.turbineId }, { turbineName: p.turbineName });
  }

  /**
   * Asset moved inspections to another turbine of the same park. Asset should have refused a
   * move of a linked inspection (it keeps the links from inspection.timeline.*); if one arrives
   * anyway, the link no longer means anything (another turbine), so it is removed and announced.
   */
  @OnEvent(EventTypes.AssetTurbineMoved)
  async onMoved(@Payload() p: TurbineMovedPayload, @Ctx() ctx: BusContext) {
    const m = ctx.manager;
    if (!p.inspectionGuids.length) return;
    const target = await m.findOne(TurbineRef, { where: { turbineId: p.toTurbineId } });
    const moved = await m.find(Inspection, { where: { id: In(p.inspectionGuids) } });
    for (const insp of moved) {
      if (await hasTimelineLink(m, insp)) {
        this.log.warn({ inspectionId: insp.id }, 'a linked inspection was moved; its timeline links are removed');
        await unlinkAll(m, this.events, insp);
      }
      await m.update(
        Inspection,
        { id: insp.id },
        { turbineId: p.toTurbineId, ...(target ? { turbineName: target.name, windParkId: target.windParkId } : {}) },
      );
      await m.update(Defect, { inspectionId: insp.id }, { turbineId: p.toTurbineId, ...(target ? { windParkId: target.windParkId } : {}) });
    }
  }

  @OnEvent(EventTypes.AssetTurbineDeleted)
  async onDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.update(TurbineRef, { turbineId: p.id }, { deleted: true });
  }
}
