import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { entityRowColumns, KeptCounts, pageRowsFrom, type ListCount, type PageRequest } from '@windward/service-kit';
import { schemaName } from '../common/columns.js';
import type { Defect } from './defect.entity.js';

/** The entity's properties a defect's view shows, and their columns. */
const VIEW_COLUMN_OF = {
  id: 'id',
  defectNo: 'defect_no',
  inspectionId: 'inspection_id',
  imageId: 'image_id',
  windParkId: 'wind_park_id',
  turbineId: 'turbine_id',
  severity: 'severity',
  defectType: 'defect_type',
  layer: 'layer',
  affectedPart: 'affected_part',
  recommendation: 'recommendation',
  sizeLength: 'size_length',
  sizeWidth: 'size_width',
  position: 'position',
  bladePosition: 'blade_position',
  distanceToRoot: 'distance_to_root',
  chordwiseStart: 'chordwise_start',
  chordwiseEnd: 'chordwise_end',
  repairPriority: 'repair_priority',
  polygon: 'polygon',
  dpsStatus: 'dps_status',
  timelineStatus: 'timeline_status',
  timelineManual: 'timeline_manual',
  previousDefectId: 'previous_defect_id',
  suggested: 'suggested',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const satisfies Partial<Record<keyof Defect, string>>;

/** One defect as its view needs it: the entity's own property names and types. */
export type DefectViewRow = Pick<Defect, keyof typeof VIEW_COLUMN_OF>;
/** A row of the defect list: the view's row with its inspection's turbine name and date. */
export type DefectListRow = DefectViewRow & { turbineName: string; joinedInspectionDate: string };
export const DEFECT_VIEW_COLUMNS = entityRowColumns('defect', VIEW_COLUMN_OF, ['size_length', 'size_width', 'distance_to_root', 'chordwise_start', 'chordwise_end']);

/** Sort fields of the defect list → their columns; each walks an index of (park, field, id). */
const SORT: Record<string, string> = {
  dpsStatus: 'd.dps_rank',
  severity: 'd.severity',
  createdAt: 'd.created_at',
  defectNo: 'd.defect_no',
  distanceToRoot: 'd.distance_to_root',
  defectType: 'd.defect_type',
};
export const DEFECT_SORT_FIELDS = Object.keys(SORT);

/** What a defect list selects: one scope (inspection, turbine or park) and optional filters. */
export interface DefectFilter {
  scope: { inspectionId: string } | { turbineId: string } | { windParkId: string };
  /** exclude: regular defects only; include: suggestions too; only: suggestions only. */
  suggestions: 'exclude' | 'include' | 'only';
  severity?: number[];
  dpsStatus?: number[];
  bladePosition?: number[];
  /** Compared case-insensitively. */
  defectTypes?: string[];
  timelineStatus?: string[];
  imageId?: string;
}

/** Raw SQL of the defect aggregate where it is faster than the entity repository (keyset-friendly lists, numbering). */
@Injectable()
export class DefectRepository {
  constructor(private readonly ds: DataSource) {}

  /** The lists' capped counts, kept per park version (`KeptCounts`). */
  private readonly counts = new KeptCounts();

  /**
   * One page of the list in order, each defect as its view needs it with its inspection's turbine
   * name and date, in one statement (raw SQL: hydrating 20 entities of 29 columns through TypeORM
   * cost more of the service's CPU than the statement, docs/performance.md, session 20); and the
   * (capped) count of the whole list, kept per `parkVersion` when there is one.
   */
  async findPage(f: DefectFilter, page: PageRequest, parkVersion?: string): Promise<{ rows: DefectListRow[] } & ListCount> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (f.suggestions === 'only') where.push('d.suggested');
    else if (f.suggestions === 'exclude') where.push('NOT d.suggested');
    if ('inspectionId' in f.scope) where.push(`d.inspection_id = $${params.push(f.scope.inspectionId)}`);
    else if ('turbineId' in f.scope) where.push(`d.turbine_id = $${params.push(f.scope.turbineId)}`);
    else where.push(`d.wind_park_id = $${params.push(f.scope.windParkId)}`);
    if (f.severity?.length) where.push(`d.severity = ANY($${params.push(f.severity)}::int[])`);
    if (f.dpsStatus?.length) where.push(`d.dps_status = ANY($${params.push(f.dpsStatus)}::int[])`);
    if (f.bladePosition?.length) where.push(`d.blade_position = ANY($${params.push(f.bladePosition)}::int[])`);
    if (f.defectTypes?.length) where.push(`lower(d.defect_type) = ANY($${params.push(f.defectTypes.map((t) => t.toLowerCase()))}::text[])`);
    if (f.timelineStatus?.length) where.push(`d.timeline_status = ANY($${params.push(f.timelineStatus)}::text[])`);
    if (f.imageId) where.push(`d.image_id = $${params.push(f.imageId)}`);
    const dir = page.descending ? 'DESC' : 'ASC';
    const whereSql = where.join(' AND ');
    const s = schemaName(this.ds);
    const from = `FROM ${s}.defect d WHERE ${whereSql}`;
    const rows: DefectListRow[] = await this.ds.query(
      `SELECT ${DEFECT_VIEW_COLUMNS.select('x')}, i.turbine_name AS "turbineName", i.inspection_date::text AS "joinedInspectionDate"
       ${pageRowsFrom(`SELECT d.id ${from} ORDER BY ${SORT[page.sortField]} ${dir}, d.id ${dir} LIMIT ${page.take} OFFSET ${page.skip}`, `${s}.defect`)}
       JOIN ${s}.inspection i ON i.id = x.inspection_id ORDER BY p.n`,
      params,
    );
    // Exact up to COUNT_EXACT_LIMIT, the planner's estimate beyond (see the kit's cappedCount).
    return { rows, ...(await this.counts.count(this.ds, parkVersion, from, params)) };
  }

  /** The next free defect number of an inspection (max + 1). */
  async nextDefectNo(m: EntityManager, inspectionId: string): Promise<number> {
    const [row]: { next: number }[] = await m.query(
      `SELECT coalesce(max(defect_no::int), 0) + 1 AS next FROM ${schemaName(m.connection)}.defect WHERE inspection_id = $1`,
      [inspectionId],
    );
    return row!.next;
  }
}
