import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import {
  EventTypes,
  componentTypeOfPackage,
  isComponentType,
  type DefectEventPayload,
  type DeletedPayload,
  type InspectionCreatedPayload,
  type InspectionUpdatedPayload,
  type TimelineLinkPayload,
} from '@windward/contracts';
import { OnEvent, type BusContext } from '@windward/service-kit';
import type { EntityManager } from 'typeorm';
import { InspectionRef } from './inspection-ref.entity.js';
import { DefectRef } from './defect-ref.entity.js';
import { TimelineLinkRef } from './timeline-link-ref.entity.js';

/**
 * Inspection activity asset needs for its own rules and lists: last inspection per park and
 * component, inspections per turbine (delete guard, move, rename), defects per inspection,
 * defect-timeline links (move guard).
 */
@Controller()
export class ActivityConsumer {
  @OnEvent(EventTypes.InspectionInspectionCreated)
  async onInspection(@Payload() p: InspectionCreatedPayload, @Ctx() ctx: BusContext) {
    const componentType = isComponentType(p.componentType) ? p.componentType : componentTypeOfPackage(p.packageType);
    // An inspection we cannot place would silently vanish from the park lists: dead-letter it instead.
    if (componentType === null) throw new Error(`inspection ${p.inspectionId}: unknown package type ${p.packageType}`);
    await ctx.manager.upsert(
      InspectionRef,
      {
        inspectionId: p.inspectionId,
        turbineId: p.turbineId,
        windParkId: p.windFarmId,
        packageType: p.packageType,
        componentType,
        inspectionDataConfigId: p.inspectionDataConfigId ?? null,
        inspectionDate: new Date(p.inspectionDate),
      },
      ['inspectionId'],
    );
    // Events from before the flag travelled: the newest inspection of a component is the active one.
    const isActive =
      p.isActive ??
      !(await ctx.manager
        .createQueryBuilder(InspectionRef, 'i')
        .where('i.turbineId = :t AND i.componentType = :c AND i.inspectionDate > :d', {
          t: p.turbineId,
          c: componentType,
          d: new Date(p.inspectionDate),
        })
        .getExists());
    await setActive(ctx.manager, p.inspectionId, isActive);
  }

  @OnEvent(EventTypes.InspectionInspectionUpdated)
  async onInspectionUpdated(@Payload() p: InspectionUpdatedPayload, @Ctx() ctx: BusContext) {
    await setActive(ctx.manager, p.inspectionId, p.isActive);
  }

  // One handler per event type (the kit's OnEvent would merge stacked patterns, but one per method reads plainer).
  @OnEvent(EventTypes.InspectionDefectCreated)
  async onDefectCreated(@Payload() p: DefectEventPayload, @Ctx() ctx: BusContext) {
    await this.onDefect(p, ctx);
  }

  @OnEvent(EventTypes.InspectionDefectUpdated)
  async onDefect(@Payload() p: DefectEventPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.upsert(DefectRef, { defectId: p.defectId, inspectionId: p.inspectionId }, ['defectId']);
  }

  @OnEvent(EventTypes.InspectionDefectDeleted)
  async onDefectDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.delete(DefectRef, { defectId: p.id });
  }

  @OnEvent(EventTypes.InspectionTimelineLinked)
  async onTimelineLinked(@Payload() p: TimelineLinkPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.upsert(
      TimelineLinkRef,
      { inspectionId: p.inspectionId, previousInspectionId: p.previousInspectionId, turbineId: p.turbineId },
      ['inspectionId', 'previousInspectionId'],
    );
  }

  @OnEvent(EventTypes.InspectionTimelineUnlinked)
  async onTimelineUnlinked(@Payload() p: TimelineLinkPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.delete(TimelineLinkRef, { inspectionId: p.inspectionId, previousInspectionId: p.previousInspectionId });
  }
}

/** Mirrors inspection's rule: activating one inspection deactivates the others of its turbine and component. */
async function setActive(m: EntityManager, inspectionId: string, isActive: boolean) {
  const ref = await m.findOne(InspectionRef, { where: { inspectionId } });
  if (!ref) return; // not known here (an update of an inspection whose creation asset never saw)
  if (isActive) {
    await m
      .createQueryBuilder()
      .update(InspectionRef)
      .set({ isActive: false })
      .where('turbine_id = :t AND component_type = :c AND inspection_id <> :id', { t: ref.turbineId, c: ref.componentType, id: inspectionId })
      .execute();
  }
  await m.update(InspectionRef, { inspectionId }, { isActive });
}
