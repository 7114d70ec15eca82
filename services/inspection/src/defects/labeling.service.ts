import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError } from '@windward/contracts';
import type { AuthUser } from '@windward/service-kit';
import { assertCanEdit, isUuid, loadInspection } from '../common/access.js';
import { schemaName } from '../common/columns.js';
import { Image } from '../images/image.entity.js';
import { assertNotLockedByOther } from '../locks/edit-lock.store.js';

/** One active image as the labeling status sees it. */
export interface LabelingImage {
  imageId: string;
  bladePosition: number | null;
  pathViewIndex: number | null;
  /** The labeler's mark "this image is labeled" (PUT /images/{id}/labeled). */
  labeled: boolean;
  defectCount: number;
  suggestionCount: number;
  /** Marked labeled, or it has at least one (non-suggested) defect. */
  done: boolean;
}

/** One image side: a blade and a view index (path); images without them form their own group. */
export interface LabelingSide {
  bladePosition: number | null;
  pathViewIndex: number | null;
  imageCount: number;
  doneCount: number;
  labeled: boolean;
}

/**
 * Sides, their images and completeness: "All image sides must be labeled" (SPEC §5) means every
 * active image of every side is done — marked labeled by the labeler (also "no defect here") or
 * carrying a defect. Pure, so the rule is tested without a database.
 */
export function labelingStatus(images: readonly LabelingImage[]) {
  const sides = new Map<string, LabelingSide>();
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

/** The per-image labeled mark and the inspection's labeling status (the labeling tool's submit check). */
@Injectable()
export class LabelingService {
  constructor(private readonly ds: DataSource) {}

  async status(user: AuthUser, inspectionId: string, require: boolean) {
    const insp = await loadInspection(this.ds.manager, user, inspectionId);
    const s = schemaName(this.ds);
    const rows: {
      id: string;
      blade_position: number | null;
      path: number | null;
      labeled: boolean;
      defects: number;
      suggestions: number;
    }[] = await this.ds.query(
      `SELECT i.id, i.blade_position, i.path, i.labeled,
              count(d.id) FILTER (WHERE NOT d.suggested)::int AS defects,
              count(d.id) FILTER (WHERE d.suggested)::int AS suggestions
       FROM ${s}.image i LEFT JOIN ${s}.defect d ON d.image_id = i.id
       WHERE i.inspection_id = $1 AND i.is_active
       GROUP BY i.id
       ORDER BY i.blade_position NULLS LAST, i.path NULLS LAST, i.sort_index, i.id`,
      [insp.id],
    );
    const result = {
      inspectionId: insp.id,
      ...labelingStatus(
        rows.map((r) => ({
          imageId: r.id,
          bladePosition: r.blade_position,
          pathViewIndex: r.path,
          labeled: r.labeled,
          defectCount: r.defects,
          suggestionCount: r.suggestions,
          done: r.labeled || r.defects > 0,
        })),
      ),
    };
    if (require && !result.complete) {
      throw new AppError('ALL_SIDES_MUST_BE_LABELED', {
        details: {
          sides: result.sides.filter((x) => !x.labeled).map(({ bladePosition, pathViewIndex }) => ({ bladePosition, pathViewIndex })),
        },
      });
    }
    return result;
  }

  /** The labeler marks an image labeled (looked at; "no defect" counts) or takes the mark back. */
  async setLabeled(user: AuthUser, imageId: string, labeled: boolean) {
    return this.ds.transaction(async (m) => {
      if (!isUuid(imageId)) throw new AppError('NOT_FOUND');
      const image = await m.findOne(Image, { where: { id: imageId }, select: { id: true, inspectionId: true } });
      if (!image) throw new AppError('NOT_FOUND');
      const insp = await loadInspection(m, user, image.inspectionId, true);
      assertCanEdit(user, insp.componentType);
      await assertNotLockedByOther(m, insp.id, user.userId);
      const s = schemaName(this.ds);
      await m.query(
        `UPDATE ${s}.image SET labeled = $2, labeled_by = CASE WHEN $2 THEN $3 ELSE NULL END, labeled_at = CASE WHEN $2 THEN now() ELSE NULL END WHERE id = $1`,
        [image.id, labeled, user.userId],
      );
      return { imageId: image.id, inspectionId: insp.id, labeled };
    });
  }
}
