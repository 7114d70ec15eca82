import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { AppError, EventTypes, isUuid } from '@windward/contracts';
import { EventPublisher, type AuthUser } from '@windward/service-kit';
import { COMPONENT_KINDS } from '../component-types/component-type.entity.js';
import { TURBINE_TYPE_COLUMN } from '../component-types/component-types.service.js';
import { InspectionRef } from '../activity/inspection-ref.entity.js';
import { TimelineLinkRef } from '../activity/timeline-link-ref.entity.js';
import { findVisibleTurbine } from './turbine-scope.js';
import { fail } from './turbine-rules.js';
import type { MoveInspectionsDto } from './turbine.dto.js';
import type { InspectionsMovedView } from './turbine.view.js';

/** Moving inspections from one turbine to another of the same park. */
@Injectable()
export class InspectionMoveService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
  ) {}

  /**
   * Moves inspections to another turbine of the same park whose component configuration is the
   * same (defect positions only make sense on identical blades, towers …).
   */
  async move(user: AuthUser, dto: MoveInspectionsDto): Promise<InspectionsMovedView> {
    return this.ds.transaction(async (m) => {
      const guids = [...new Set(dto.inspectionGuids)];
      if (!guids.length) fail('VALIDATION_FAILED', 'inspectionGuids', 'at least one inspection');
      const inspections = await m.find(InspectionRef, { where: { inspectionId: In(guids) }, lock: { mode: 'pessimistic_write' } });
      if (inspections.length !== guids.length) fail('NOT_FOUND', 'inspectionGuids', 'unknown inspection');
      const sourceIds = [...new Set(inspections.map((i) => i.turbineId))];
      if (sourceIds.length !== 1) fail('VALIDATION_FAILED', 'inspectionGuids', 'inspections of one turbine at a time');
      const source = await findVisibleTurbine(m, user, sourceIds[0]!);
      if (!source) throw new AppError('NOT_FOUND');
      // Timeline links pair an inspection with an earlier one of the same turbine: unlink first (inspection owns the links).
      const linked = await this.linkedForTimeline(m, guids);
      if (linked.length) throw new AppError('INSPECTION_LINKED_FOR_TIMELINE', { details: { inspectionGuids: linked } });
      // The target's row lock serialises moves onto one turbine, so the same-day check below holds.
      const target = isUuid(dto.targetTurbineId) ? await findVisibleTurbine(m, user, dto.targetTurbineId, true) : null;
      if (!target) throw new AppError('TARGET_TURBINE_NOT_FOUND');
      if (target.windParkId !== source.windParkId) throw new AppError('MOVE_WITHIN_SAME_WIND_PARK_ONLY');
      if (target.id === source.id) fail('VALIDATION_FAILED', 'targetTurbineId', 'the inspections already belong to this turbine');
      if (COMPONENT_KINDS.some((k) => source[TURBINE_TYPE_COLUMN[k]] !== target[TURBINE_TYPE_COLUMN[k]])) {
        throw new AppError('TURBINE_CONFIG_MISMATCH');
      }
      const clashing = await this.sameDayOnTarget(m, inspections, target.id);
      if (clashing.length) throw new AppError(-10009, { details: { inspectionGuids: clashing } });
      await m.update(InspectionRef, { inspectionId: In(guids) }, { turbineId: target.id });
      await this.events.publish(
        m,
        EventTypes.AssetTurbineMoved,
        source.id,
        { inspectionGuids: guids, fromTurbineId: source.id, toTurbineId: target.id },
        user.userId,
      );
      return { inspectionGuids: guids, fromTurbineId: source.id, toTurbineId: target.id };
    });
  }

  /** The given inspections that are either side of a defect-timeline link (inspection.timeline.linked). */
  private async linkedForTimeline(m: EntityManager, guids: string[]): Promise<string[]> {
    const links = await m
      .createQueryBuilder(TimelineLinkRef, 'l')
      .where('l.inspectionId IN (:...guids) OR l.previousInspectionId IN (:...guids)', { guids })
      .getMany();
    const set = new Set(guids);
    return [...new Set(links.flatMap((l) => [l.inspectionId, l.previousInspectionId]).filter((g) => set.has(g)))].sort();
  }

  /**
   * The moving inspections whose component the target already has an inspection of on the same
   * (UTC) day: inspection keeps one inspection per turbine, component and day (-10009).
   */
  private async sameDayOnTarget(m: EntityManager, moving: InspectionRef[], targetId: string): Promise<string[]> {
    const existing = await m.find(InspectionRef, { where: { turbineId: targetId } });
    const day = (d: Date) => new Date(d).toISOString().slice(0, 10);
    const taken = new Set(existing.map((i) => `${i.componentType}/${day(i.inspectionDate)}`));
    return moving
      .filter((i) => taken.has(`${i.componentType}/${day(i.inspectionDate)}`))
      .map((i) => i.inspectionId)
      .sort();
  }
}
