import type { EntityManager } from 'typeorm';
import { DefectTimelineStatus, EventTypes } from '@windward/contracts';
import type { EventPublisher } from '@windward/service-kit';
import { Inspection } from '../inspections/inspection.entity.js';
import { Defect } from '../defects/defect.entity.js';
import { computeTimeline } from './timeline.js';

/**
 * Announces an inspection's defect timeline (`inspection.timeline.changed`, the full set): each
 * defect's status and the previous defect it matched. Report keeps the chains for its timelines.
 */
export async function announceTimeline(m: EntityManager, events: EventPublisher, inspectionId: string, userId?: string): Promise<void> {
  const insp = await m.findOne(Inspection, { where: { id: inspectionId } });
  if (!insp) return;
  const defects = await m.find(Defect, { where: { inspectionId, suggested: false }, order: { defectNo: 'ASC' } });
  await events.publish(
    m,
    EventTypes.InspectionTimelineChanged,
    insp.id,
    {
      inspectionId: insp.id,
      turbineId: insp.turbineId,
      previousInspectionId: insp.previousInspectionId,
      defects: defects.map((d) => ({ defectId: d.id, timelineStatus: d.timelineStatus, previousDefectId: d.previousDefectId })),
    },
    userId,
  );
}

/**
 * Stores the computed timeline of an inspection's defects (manual statuses set by engineers
 * are kept), and of the inspection that uses it as its previous one. Each inspection whose
 * statuses or matches changed is announced (`announce`: the first one always, after a link change).
 */
export async function recomputeTimeline(
  m: EntityManager,
  events: EventPublisher,
  inspectionId: string,
  userId?: string,
  announce = false,
): Promise<void> {
  const targets = [
    inspectionId,
    ...(await m.find(Inspection, { where: { previousInspectionId: inspectionId }, select: { id: true } })).map((i) => i.id),
  ];
  for (const id of targets) {
    const insp = await m.findOne(Inspection, { where: { id } });
    if (!insp) continue;
    // Pre-label suggestions are not findings yet: they take part once accepted.
    const current = await m.find(Defect, { where: { inspectionId: id, suggested: false } });
    const previous = insp.previousInspectionId ? await m.find(Defect, { where: { inspectionId: insp.previousInspectionId, suggested: false } }) : null;
    const r = computeTimeline(current, previous);
    let changed = announce && id === inspectionId;
    for (const d of current) {
      const s = r.current.get(d.id)!;
      const status = d.timelineManual ? d.timelineStatus : s.status;
      if (status === d.timelineStatus && s.previousId === d.previousDefectId) continue;
      await m.update(Defect, { id: d.id }, { timelineStatus: status, previousDefectId: s.previousId });
      changed = true;
    }
    if (changed) await announceTimeline(m, events, id, userId);
  }
}

/** True when the inspection links to a previous one or another inspection links to it. */
export async function hasTimelineLink(m: EntityManager, inspection: Inspection): Promise<boolean> {
  if (inspection.previousInspectionId) return true;
  return m.exists(Inspection, { where: { previousInspectionId: inspection.id } });
}

/** Removes every timeline link touching the inspection and publishes inspection.timeline.unlinked for each. */
export async function unlinkAll(m: EntityManager, events: EventPublisher, inspection: Inspection, userId?: string): Promise<number> {
  const pairs: { inspection: Inspection; previousId: string }[] = [];
  if (inspection.previousInspectionId) pairs.push({ inspection, previousId: inspection.previousInspectionId });
  for (const next of await m.find(Inspection, { where: { previousInspectionId: inspection.id } }))
    pairs.push({ inspection: next, previousId: inspection.id });
  for (const p of pairs) {
    await m.update(Inspection, { id: p.inspection.id }, { previousInspectionId: null });
    // Manual statuses belonged to the old comparison: start over.
    await m.update(
      Defect,
      { inspectionId: p.inspection.id },
      { timelineManual: false, timelineStatus: DefectTimelineStatus.NOT_APPLICABLE, previousDefectId: null },
    );
    await events.publish(
      m,
      EventTypes.InspectionTimelineUnlinked,
      p.inspection.id,
      { inspectionId: p.inspection.id, previousInspectionId: p.previousId, turbineId: p.inspection.turbineId },
      userId,
    );
    await announceTimeline(m, events, p.inspection.id, userId);
  }
  if (pairs.length) inspection.previousInspectionId = null;
  return pairs.length;
}
