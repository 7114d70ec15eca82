import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { schemaName } from '../common/columns.js';

/** Where an image goes in a path save: its (new) path, order and attributes. */
export interface ImagePlacement {
  imageId: string;
  bladePosition: number | null;
  pathViewIndex: number | null;
  chamber: number;
  sortIndex: number;
  isActive: boolean;
  keyPartTag: string | null;
  distanceToRoot: number | null;
}

/** The set-based writes of a path save (one statement for every changed image). All run in the caller's transaction. */
@Injectable()
export class PathRepository {
  /** Writes every placement of the inspection's images at once. */
  async placeImages(m: EntityManager, inspectionId: string, placements: ImagePlacement[]): Promise<void> {
    if (!placements.length) return;
    await m.query(
      `UPDATE ${schemaName(m.connection)}.image i SET blade_position = u.bp, path = u.vi, chamber = u.ch, sort_index = u.si, is_active = u.act,
         key_part_tag = u.tag, distance_to_root = u.dist
       FROM unnest($1::uuid[], $2::smallint[], $3::smallint[], $4::int[], $5::int[], $6::boolean[], $7::text[], $8::numeric[])
         AS u(id, bp, vi, ch, si, act, tag, dist)
       WHERE i.id = u.id AND i.inspection_id = $9`,
      [
        placements.map((p) => p.imageId),
        placements.map((p) => p.bladePosition),
        placements.map((p) => p.pathViewIndex),
        placements.map((p) => p.chamber),
        placements.map((p) => p.sortIndex),
        placements.map((p) => p.isActive),
        placements.map((p) => p.keyPartTag),
        placements.map((p) => p.distanceToRoot),
        inspectionId,
      ],
    );
  }

  /** Paths whose images changed from elsewhere must be saved (looked at) again. */
  async markUnsaved(m: EntityManager, pathIds: string[]): Promise<void> {
    if (!pathIds.length) return;
    await m.query(`UPDATE ${schemaName(m.connection)}.paths SET saved = false WHERE id = ANY($1::uuid[])`, [pathIds]);
  }

  async markSaved(m: EntityManager, pathId: string, userId: string): Promise<void> {
    await m.query(`UPDATE ${schemaName(m.connection)}.paths SET saved = true, saved_at = now(), saved_by = $2 WHERE id = $1`, [pathId, userId]);
  }
}
