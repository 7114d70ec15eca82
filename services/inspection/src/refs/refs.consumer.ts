import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { In, type EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import {
  EventTypes,
  type HandlerChangedPayload,
  type ParkEventPayload,
  type TurbineEventPayload,
  type TurbineMovedPayload,
} from '@windward/contracts';
import { AssetRefsConsumer, EventPublisher, LOGGER, OnEvent, type BusContext } from '@windward/service-kit';
import { BladeRef, ParkRef, TaskHandlerRef, TurbineRef } from './refs.entity.js';
import { Inspection } from '../inspections/inspection.entity.js';
import { Defect } from '../defects/defect.entity.js';
import { hasTimelineLink, unlinkAll } from '../timeline/timeline.store.js';
import { DemoSeed } from '../seed/demo-seed.js';

/**
 * Parks, turbines and blades as asset announces them: the kit's AssetRefsConsumer handlers, with
 * inspection's own columns (entities) and what it derives (inspections' customer and turbine
 * name, blades, demo data); task handlers and turbine moves are inspection's alone.
 */
@Controller()
export class RefsConsumer extends AssetRefsConsumer {
  constructor(
    private readonly events: EventPublisher,
    private readonly demo: DemoSeed,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    super();
  }

  /** The handler of a task sees its inspection whatever their scope (docs/roles.md); no handler, no row. */
  @OnEvent(EventTypes.TaskflowHandlerChanged)
  async onHandlerChanged(@Payload() p: HandlerChangedPayload, @Ctx() ctx: BusContext) {
    if (!p.handlerId || !p.inspectionId) await ctx.manager.delete(TaskHandlerRef, { taskId: p.taskId });
    else await ctx.manager.upsert(TaskHandlerRef, { taskId: p.taskId, inspectionId: p.inspectionId, handlerId: p.handlerId }, ['taskId']);
  }

  /** Parks: the customer for data scope and templates (inspection's own columns). */
  protected override async keepPark(m: EntityManager, p: ParkEventPayload): Promise<void> {
    await m.upsert(ParkRef, { windParkId: p.windFarmId, name: p.windFarmName, customerId: p.customerId, active: p.active }, ['windParkId']);
  }

  /** A park handed to another customer takes its inspections and their data scope along. */
  protected override async parkChanged(m: EntityManager, p: ParkEventPayload): Promise<void> {
    await m.update(Inspection, { windParkId: p.windFarmId }, { customerId: p.customerId });
  }

  protected override async keepTurbine(m: EntityManager, p: TurbineEventPayload): Promise<void> {
    await m.upsert(
      TurbineRef,
      { turbineId: p.turbineId, windParkId: p.windFarmId, name: p.turbineName, serialNumber: p.serialNumber, deleted: false },
      ['turbineId'],
    );
  }

  /** The name belongs to the turbine, so every inspection of it shows the new one. */
  protected override async turbineNamed(m: EntityManager, turbineId: string, name: string): Promise<void> {
    await m.update(Inspection, { turbineId }, { turbineName: name });
  }

  /** `blades` is optional in the contract: absent means "unknown", so keep what we have. */
  protected override async turbineChanged(m: EntityManager, p: TurbineEventPayload): Promise<void> {
    if (!p.blades) return;
    await m.delete(BladeRef, { turbineId: p.turbineId });
    const rows = p.blades
      .filter((b) => Number.isInteger(b.position) && b.position >= 1 && b.position <= 3)
      .map((b) => ({ turbineId: p.turbineId, position: b.position, name: b.name, serialNumber: b.serialNumber, lengthM: b.length }));
    if (rows.length) await m.insert(BladeRef, rows);
  }

  /** Demo inspections wait for their turbine; seeding here commits with the read model. */
  protected override async turbineCreated(m: EntityManager, p: TurbineEventPayload): Promise<void> {
    await this.demo.forTurbine(m, p.turbineId);
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
}
