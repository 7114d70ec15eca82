import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CHAMBER_DISPLAY_ORDER, Chamber } from '@windward/contracts';
import { entityRowColumns, Sql, windowTotal, type PageRequest } from '@windward/service-kit';
import type { Image } from './image.entity.js';

/** The entity's properties an image's view shows, and their columns. */
const COLUMN_OF = {
  id: 'id',
  inspectionId: 'inspection_id',
  bladePosition: 'blade_position',
  path: 'path',
  chamber: 'chamber',
  section: 'section',
  sortIndex: 'sort_index',
  distanceToRoot: 'distance_to_root',
  isActive: 'is_active',
  keyPartTag: 'key_part_tag',
  fileName: 'file_name',
  format: 'format',
  width: 'width',
  height: 'height',
  sizeBytes: 'size_bytes',
  tileStatus: 'tile_status',
  tileJobId: 'tile_job_id',
  createdAt: 'created_at',
} as const satisfies Partial<Record<keyof Image, string>>;

/** One image as the list reads it: the entity's own property names and types. */
export type ImageListRow = Pick<Image, keyof typeof COLUMN_OF>;
export const IMAGE_LIST_COLUMNS = entityRowColumns('image', COLUMN_OF, ['distance_to_root']);
const SELECT = IMAGE_LIST_COLUMNS.select('i');

/** The image list's filters (undefined does not filter). */
export interface ImageListFilter {
  bladePosition?: number;
  path?: number;
  chamber?: number;
  isActive?: boolean;
}

/**
 * The image list in one statement through raw SQL: the page in gallery order with the filtered
 * count by window, rows named as the entity names them. Through the query builder the list spent
 * about 40 % of the service's CPU in TypeORM (building the query, hydrating entities) for a
 * statement PostgreSQL answers in a fraction of that (docs/performance.md, session 20).
 */
@Injectable()
export class ImageListRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * Gallery order: blade, the view order (`views`, the contracts' VIEW_SORT_ORDERS; paths outside
   * it after it by number), chamber display order (CHAMBER_DISPLAY_ORDER; the middle "all"
   * chamber last), sort index, upload time, id. Descending is the exact reverse, NULLs included.
   * Ranks are built from the contracts' own lists (numbers, not input).
   */
  async page(
    m: EntityManager,
    inspectionId: string,
    f: ImageListFilter,
    views: readonly number[],
    p: PageRequest,
  ): Promise<{ rows: ImageListRow[]; total: number }> {
    const where = `i.inspection_id = $1 AND ($2::int IS NULL OR i.blade_position = $2) AND ($3::int IS NULL OR i.path = $3)
      AND ($4::int IS NULL OR i.chamber = $4) AND ($5::boolean IS NULL OR i.is_active = $5)`;
    const params = [inspectionId, f.bladePosition ?? null, f.path ?? null, f.chamber ?? null, f.isActive ?? null];
    const [dir, nulls] = p.descending ? (['DESC', 'NULLS FIRST'] as const) : (['ASC', 'NULLS LAST'] as const);
    const rank = (list: readonly number[], col: string, otherwise: string) => `coalesce(array_position(ARRAY[${list.join(',')}]::int[], ${col}::int) - 1, ${otherwise})`;
    const viewRank = rank(views, 'i.path', `${views.length} + i.path`);
    const chamberRank = rank(CHAMBER_DISPLAY_ORDER, 'i.chamber', `CASE WHEN i.chamber = ${Chamber.MIDDLE_ALL} THEN 2147483647 ELSE ${CHAMBER_DISPLAY_ORDER.length} + abs(i.chamber) END`);
    const rows: (ImageListRow & { total: string })[] = await m.query(
      `SELECT ${SELECT}, count(*) OVER () AS total FROM ${this.sql.s}.image i WHERE ${where}
        ORDER BY i.blade_position ${dir} ${nulls}, ${viewRank} ${dir} ${nulls}, ${chamberRank} ${dir}, i.sort_index ${dir}, i.created_at ${dir}, i.id ${dir}
        LIMIT $6 OFFSET $7`,
      [...params, p.take, p.skip],
    );
    return { rows, total: await windowTotal(m, rows, `FROM ${this.sql.s}.image i WHERE ${where}`, params) };
  }
}
