import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { AppError, BladeLinkState, ComponentType, EventTypes, isUuid } from '@windward/contracts';
import { EventPublisher, type AuthUser } from '@windward/service-kit';
import { assertCanEdit, loadInspection } from '../common/access.js';
import { Inspection } from '../inspections/inspection.entity.js';
import { Defect, DefectLink } from '../defects/defect.entity.js';
import { DefectsService } from '../defects/defects.service.js';
import { presentDefect } from '../defects/defect-rules.js';
import { announceTimeline, recomputeTimeline, unlinkAll } from './timeline.store.js';
import { RepairMark } from './repair-mark.entity.js';
import { TIMELINE_DISTANCE_TOLERANCE_M } from './timeline.js';
import type { DefectView } from '../defects/defect.view.js';
import type { DefectLinksView, TimelineView } from './timeline.view.js';

const BLADE_COMPONENTS: number[] = [ComponentType.BLADE_EXTERNAL, ComponentType.BLADE_INTERNAL];

@Injectable()
export class TimelineService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
    private readonly defects: DefectsService,
  ) {}

  /**
   * Links an inspection to an earlier inspection of the same turbine and component; replaces an
   * older link. Statuses are computed at once (manual ones start over).
   */
  async link(user: AuthUser, inspectionId: string, previousInspectionId: string): Promise<TimelineView> {
    await this.ds.transaction(async (m) => {
      const insp = await loadInspection(m, user, inspectionId, true);
      assertCanEdit(user, insp.componentType);
      const prev = isUuid(previousInspectionId) ? await m.findOne(Inspection, { where: { id: previousInspectionId } }) : null;
      if (
        !prev ||
        prev.turbineId !== insp.turbineId ||
        prev.componentType !== insp.componentType ||
        prev.inspectionDate >= insp.inspectionDate
      ) {
        throw new AppError('TIMELINE_LINK_INVALID');
      }
      if (insp.previousInspectionId === prev.id) return;
      if (insp.previousInspectionId) {
        await this.events.publish(
          m,
          EventTypes.InspectionTimelineUnlinked,
          insp.id,
          { inspectionId: insp.id, previousInspectionId: insp.previousInspectionId, turbineId: insp.turbineId },
          user.userId,
        );
      }
      await m.update(Inspection, { id: insp.id }, { previousInspectionId: prev.id });
      await m.update(Defect, { inspectionId: insp.id }, { timelineManual: false });
      await recomputeTimeline(m, this.events, insp.id, user.userId, true);
      await this.events.publish(
        m,
        EventTypes.InspectionTimelineLinked,
        insp.id,
        { inspectionId: insp.id, previousInspectionId: prev.id, turbineId: insp.turbineId },
        user.userId,
      );
    });
    return this.timeline(user, inspectionId);
  }

  /** Removes the link to the previous inspection (what a move needs first). */
  async unlink(user: AuthUser, inspectionId: string): Promise<TimelineView> {
    await this.ds.transaction(async (m) => {
      const insp = await loadInspection(m, user, inspectionId, true);
      assertCanEdit(user, insp.componentType);
      if (!insp.previousInspectionId) return;
      const previousInspectionId = insp.previousInspectionId;
      await m.update(Inspection, { id: insp.id }, { previousInspectionId: null });
      await m.update(Defect, { inspectionId: insp.id }, { timelineManual: false });
      await recomputeTimeline(m, this.events, insp.id, user.userId, true);
      await this.events.publish(
        m,
        EventTypes.InspectionTimelineUnlinked,
        insp.id,
        { inspectionId: insp.id, previousInspectionId, turbineId: insp.turbineId },
        user.userId,
      );
    });
    return this.timeline(user, inspectionId);
  }

  /** Removes every link touching the inspection (as previous or as next): used before a move. */
  async unlinkEverything(user: AuthUser, inspectionId: string): Promise<TimelineView> {
    await this.ds.transaction(async (m) => {
      const insp = await loadInspection(m, user, inspectionId, true);
      assertCanEdit(user, insp.componentType);
      await unlinkAll(m, this.events, insp, user.userId);
    });
    return this.timeline(user, inspectionId);
  }

  /** The inspection's defects with their status, and the previous inspection's defects now repaired. */
  async timeline(user: AuthUser, inspectionId: string): Promise<TimelineView> {
    const insp = await loadInspection(this.ds.manager, user, inspectionId);
    const current = await this.ds.getRepository(Defect).find({ where: { inspectionId: insp.id }, order: { defectNo: 'ASC' } });
    const previous = insp.previousInspectionId
      ? await this.ds.getRepository(Defect).find({ where: { inspectionId: insp.previousInspectionId }, order: { defectNo: 'ASC' } })
      : [];
    const matched = new Set(current.map((d) => d.previousDefectId).filter(Boolean));
    // Repaired in the repair centre (repair.defect.repaired): repaired even where a successor was matched.
    const marked = previous.length
      ? new Set((await this.ds.getRepository(RepairMark).find({ where: { defectId: In(previous.map((p) => p.id)) } })).map((r) => r.defectId))
      : new Set<string>();
    return {
      inspectionId: insp.id,
      previousInspectionId: insp.previousInspectionId,
      toleranceM: TIMELINE_DISTANCE_TOLERANCE_M,
      defects: current.map((d) => presentDefect(d)),
      repaired: previous.filter((p) => !matched.has(p.id) || marked.has(p.id)).map((p) => ({ ...presentDefect(p), timelineStatus: 'REPAIRED' })),
    };
  }

  /** Engineers may overrule the computed status; it then stays until the link changes. */
  async setStatus(user: AuthUser, defectId: string, status: string): Promise<DefectView> {
    await this.ds.transaction(async (m) => {
      const { d, insp } = await this.defects.load(m, user, defectId, true);
      assertCanEdit(user, insp.componentType);
      await m.update(Defect, { id: d.id }, { timelineStatus: status, timelineManual: true });
      await announceTimeline(m, this.events, insp.id, user.userId);
    });
    return this.defects.get(user, defectId);
  }

  /**
   * Links an external and an internal defect of the same blade (same turbine, same blade
   * position). When the blade's serial number differs between the two inspections the blade
   * was changed and the link is refused (BLADE_CHANGED_CANNOT_LINK).
   */
  async linkDefects(user: AuthUser, externalDefectId: string, internalDefectId: string): Promise<DefectLinksView> {
    await this.ds.transaction(async (m) => {
      const ext = await this.defects.load(m, user, externalDefectId, true);
      const int = await this.defects.load(m, user, internalDefectId, true);
      if (ext.insp.componentType !== ComponentType.BLADE_EXTERNAL || int.insp.componentType !== ComponentType.BLADE_INTERNAL) {
        throw new AppError('INSPECTION_COMPONENT_MISMATCH');
      }
      if (ext.insp.turbineId !== int.insp.turbineId || ext.d.bladePosition === null || ext.d.bladePosition !== int.d.bladePosition) {
        throw new AppError('INSPECTION_COMPONENT_MISMATCH', {
          details: [{ field: 'bladePosition', constraints: { rule: 'same turbine and blade' } }],
        });
      }
      if (this.state(ext.insp, int.insp, ext.d.bladePosition) === BladeLinkState.BLADE_CHANGED)
        throw new AppError('BLADE_CHANGED_CANNOT_LINK');
      await m.upsert(DefectLink, { externalDefectId: ext.d.id, internalDefectId: int.d.id, createdBy: user.userId }, [
        'externalDefectId',
        'internalDefectId',
      ]);
    });
    return this.links(user, externalDefectId);
  }

  async unlinkDefects(user: AuthUser, externalDefectId: string, internalDefectId: string): Promise<DefectLinksView> {
    await this.ds.transaction(async (m) => {
      await this.defects.load(m, user, externalDefectId);
      await this.defects.load(m, user, internalDefectId);
      await m.delete(DefectLink, { externalDefectId, internalDefectId });
    });
    return this.links(user, externalDefectId);
  }

  /** Link state of a blade defect: linked, unlinked, or cannot link (blade changed since the other side's inspection). */
  async links(user: AuthUser, defectId: string): Promise<DefectLinksView> {
    const { d, insp } = await this.defects.load(this.ds.manager, user, defectId);
    if (!BLADE_COMPONENTS.includes(insp.componentType)) throw new AppError('INSPECTION_COMPONENT_MISMATCH');
    const external = insp.componentType === ComponentType.BLADE_EXTERNAL;
    const rows = await this.ds
      .getRepository(DefectLink)
      .find({ where: external ? { externalDefectId: d.id } : { internalDefectId: d.id } });
    const otherIds = rows.map((r) => (external ? r.internalDefectId : r.externalDefectId));
    const others = otherIds.length ? await this.ds.getRepository(Defect).find({ where: { id: In(otherIds) } }) : [];
    let state: string = others.length ? BladeLinkState.LINKED : BladeLinkState.UNLINKED;
    if (!others.length && d.bladePosition !== null) {
      // Against the newest inspection of the other side of this blade, if any.
      const other = await this.ds.getRepository(Inspection).findOne({
        where: { turbineId: insp.turbineId, componentType: external ? ComponentType.BLADE_INTERNAL : ComponentType.BLADE_EXTERNAL },
        order: { inspectionDate: 'DESC' },
      });
      if (other && this.state(insp, other, d.bladePosition) === BladeLinkState.BLADE_CHANGED) state = BladeLinkState.BLADE_CHANGED;
    }
    return { defectId: d.id, state, linked: others.map((o) => presentDefect(o)) };
  }

  private state(a: Inspection, b: Inspection, position: number): string {
    const serial = (i: Inspection) => i.blades.find((x) => x.position === position)?.serialNumber ?? null;
    const sa = serial(a);
    const sb = serial(b);
    // Unknown serials cannot prove a change: treat as the same blade.
    return sa !== null && sb !== null && sa.trim().toLowerCase() !== sb.trim().toLowerCase()
      ? BladeLinkState.BLADE_CHANGED
      : BladeLinkState.UNLINKED;
  }
}
