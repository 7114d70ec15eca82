import type { EntityManager } from 'typeorm';
import { EventTypes } from '@windward/contracts';
import type { EventPublisher } from '@windward/service-kit';
import { schemaName } from '../common/columns.js';
import { announceLabeling } from '../defects/labeling-progress.js';

/**
 * Blade paths of an inspection (blade, view, chamber of its active photos) and how many have a
 * finished panorama. A path being stitched again counts as not stitched until its run is done.
 */
export async function stitchingProgress(m: EntityManager, inspectionId: string): Promise<{ pathCount: number; stitchedPathCount: number }> {
  const s = schemaName(m.connection);
  const [row]: { paths: number; stitched: number }[] = await m.query(
    `WITH paths AS (
       SELECT DISTINCT blade_position, path, chamber FROM ${s}.image
        WHERE inspection_id = $1 AND is_active AND blade_position IS NOT NULL AND path IS NOT NULL)
     SELECT count(*)::int AS paths,
            count(*) FILTER (WHERE EXISTS (
              SELECT 1 FROM ${s}.panoramas p WHERE p.inspection_id = $1 AND p.blade_position = paths.blade_position
                 AND p.path_view_index = paths.path AND p.chamber = paths.chamber AND p.status = 'done'))::int AS stitched
       FROM paths`,
    [inspectionId],
  );
  return { pathCount: row?.paths ?? 0, stitchedPathCount: row?.stitched ?? 0 };
}

/**
 * Call inside a transaction that may change stitching completeness (a panorama queued, done or
 * failed; the photos processed): publishes `inspection.stitching.changed`, so task-flow can refuse
 * to complete the stitching stage while a blade path is not stitched.
 */
export async function announceStitching(m: EntityManager, events: EventPublisher, inspectionId: string, userId?: string): Promise<void> {
  // One announcement per inspection at a time, until its transaction ends: two transactions (a
  // panorama finished, a photo processed) each counted from their own snapshot, and the one that
  // committed last could announce the count it read before the other's change — "not stitched"
  // after the path was done, and task-flow then refused to complete the stage. Waiting here, the
  // later one counts after the earlier one committed (read committed: a fresh snapshot).
  await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`inspection:stitching:${inspectionId}`]);
  const p = await stitchingProgress(m, inspectionId);
  await events.publish(m, EventTypes.InspectionStitchingChanged, inspectionId, { inspectionId, ...p }, userId);
}

/**
 * The inspection's photos changed (added, moved to another blade/view/chamber, (de)activated,
 * deleted): the sides to label and the blade paths to stitch may have too, so both are announced.
 * Without the second, a photo moved onto a new path after every path was stitched would leave
 * task-flow believing stitching was complete.
 */
export async function announcePhotosChanged(
  m: EntityManager,
  events: EventPublisher,
  inspectionId: string,
  userId?: string,
): Promise<void> {
  await announceLabeling(m, events, inspectionId, userId);
  await announceStitching(m, events, inspectionId, userId);
}
