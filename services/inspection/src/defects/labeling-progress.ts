import type { EntityManager } from 'typeorm';
import { EventTypes, type LabelingStatus, type LabelingStatusImage, type LabelingStatusSide } from '@windward/contracts';
import type { EventPublisher } from '@windward/service-kit';
import { schemaName } from '../common/columns.js';

/**
 * Sides, their images and completeness: "All image sides must be labeled" (SPEC §5) means every
 * active image of every side is done — marked labeled by the labeler (also "no defect here") or
 * carrying a defect. Pure, so the rule is tested without a database.
 */
export function labelingStatus(images: LabelingStatusImage[]): Omit<LabelingStatus, 'inspectionId'> {
  const sides = new Map<string, LabelingStatusSide>();
  for (const img of images) {
    const key = `${img.bladePosition ?? ''}/${img.pathViewIndex ?? ''}`;
    const side = sides.get(key) ?? {
      bladePosition: img.bladePosition,
      pathViewIndex: img.pathViewIndex,
      imageCount: 0,
      doneCount: 0,
      labeled: false,
    };
    side.imageCount++;
    if (img.done) side.doneCount++;
    side.labeled = side.doneCount === side.imageCount;
    sides.set(key, side);
  }
  const list = [...sides.values()];
  return {
    complete: images.length > 0 && list.every((s) => s.labeled),
    activeImageCount: images.length,
    doneImageCount: images.filter((i) => i.done).length,
    pendingSuggestionCount: images.reduce((n, i) => n + i.suggestionCount, 0),
    sides: list,
    images,
  };
}

/** The inspection's labeling status as the labeling tool and task-flow see it (active images only). */
export async function loadLabelingStatus(m: EntityManager, inspectionId: string) {
  const s = schemaName(m.connection);
  const rows: { id: string; blade_position: number | null; path: number | null; labeled: boolean; defects: number; suggestions: number }[] =
    await m.query(
      `SELECT i.id, i.blade_position, i.path, i.labeled,
              count(d.id) FILTER (WHERE NOT d.suggested)::int AS defects,
              count(d.id) FILTER (WHERE d.suggested)::int AS suggestions
       FROM ${s}.image i LEFT JOIN ${s}.defect d ON d.image_id = i.id
       WHERE i.inspection_id = $1 AND i.is_active
       GROUP BY i.id
       ORDER BY i.blade_position NULLS LAST, i.path NULLS LAST, i.sort_index, i.id`,
      [inspectionId],
    );
  return labelingStatus(
    rows.map((r) => ({
      imageId: r.id,
      bladePosition: r.blade_position,
      pathViewIndex: r.path,
      labeled: r.labeled,
      defectCount: r.defects,
      suggestionCount: r.suggestions,
      done: r.labeled || r.defects > 0,
    })),
  );
}

/**
 * Call inside any transaction that may change labeling completeness (labeled marks, defects,
 * active images, images moving between sides), after the change and under the inspection's row
 * lock. Publishes `inspection.labeling.changed` when completeness flips (or is first known), so
 * task-flow can refuse to complete the labeling stage while a side is unlabeled (SPEC §5).
 */
export async function announceLabeling(m: EntityManager, events: EventPublisher, inspectionId: string, userId?: string): Promise<void> {
  const s = schemaName(m.connection);
  const status = await loadLabelingStatus(m, inspectionId);
  const [row]: { labeling_complete: boolean | null }[] = await m.query(`SELECT labeling_complete FROM ${s}.inspection WHERE id = $1`, [
    inspectionId,
  ]);
  if (!row) return;
  // Nothing to say about an inspection that never had an active image.
  if (row.labeling_complete === null && status.activeImageCount === 0) return;
  if (row.labeling_complete === status.complete) return;
  await m.query(`UPDATE ${s}.inspection SET labeling_complete = $2 WHERE id = $1`, [inspectionId, status.complete]);
  await events.publish(
    m,
    EventTypes.InspectionLabelingChanged,
    inspectionId,
    {
      inspectionId,
      complete: status.complete,
      sideCount: status.sides.length,
      labeledSideCount: status.sides.filter((x) => x.labeled).length,
    },
    userId,
  );
}
