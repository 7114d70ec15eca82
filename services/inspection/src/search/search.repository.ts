import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { KeptCounts, pageRowsFrom, type AuthUser, type ListCount, type PageRequest } from '@windward/service-kit';
import { schemaName } from '../common/columns.js';
import { scopeSql } from '../common/access.js';
import { DEFECT_VIEW_COLUMNS, type DefectViewRow } from '../defects/defect.repository.js';
import { IMAGE_LIST_COLUMNS, type ImageListRow } from '../images/image-list.repository.js';
import type { GalleryDefectView } from './search.view.js';

/** What a Data Center search selects: one park or some turbines, and optional filters. */
export interface SearchFilter {
  windFarmId?: string;
  /** The park's version (`parkVersion`), read with its access check: the key of the kept counts. */
  parkVersion?: string;
  turbineIds?: string[];
  componentType?: number[];
  bladePosition?: number[];
  viewIndex?: number[];
  severity?: number[];
  defectType?: string[];
  timelineStatus?: string[];
  /** 0 = never in a repair. */
  repairStatus?: number[];
  dpsStatus?: number[];
  dateFrom?: string;
  dateTo?: string;
  distanceFrom?: number;
  distanceTo?: number;
  minSize?: number;
}

/**
 * Sort fields of the searches → column and whether it can be null. A NOT NULL column is ordered
 * without `NULLS LAST`, so that a park index in that order serves the page (a backward scan gives
 * `DESC NULLS FIRST`, which `NULLS LAST` would refuse); the default order, newest inspection first,
 * walks `defect_park_date_idx` / `image_park_date_idx` (migration 1764600000000).
 */
const DEFECT_SORT: Record<string, { col: string; nullable?: true }> = {
  inspectionDate: { col: 'd.inspection_date' },
  turbineName: { col: 'i.turbine_name' },
  severity: { col: 'd.severity', nullable: true },
  defectType: { col: 'd.defect_type' },
  distanceToRoot: { col: 'd.distance_to_root', nullable: true },
  dpsStatus: { col: 'd.dps_rank' },
  defectNo: { col: 'd.defect_no' },
  bladePosition: { col: 'd.blade_position', nullable: true },
  createdAt: { col: 'd.created_at' },
};
export const DEFECT_SEARCH_SORT_FIELDS = Object.keys(DEFECT_SORT);

const IMAGE_SORT: Record<string, { col: string; nullable?: true }> = {
  inspectionDate: { col: 'g.inspection_date' },
  turbineName: { col: 'i.turbine_name' },
  bladePosition: { col: 'g.blade_position', nullable: true },
  distanceToRoot: { col: 'g.distance_to_root', nullable: true },
  createdAt: { col: 'g.created_at' },
};
export const IMAGE_SEARCH_SORT_FIELDS = Object.keys(IMAGE_SORT);

/** Whether SQL conditions read the inspection `i`. */
const readsInspection = (where: string): boolean => /\bi\./.test(where);

/** `ORDER BY` of one sort field, then the tie-breaks. */
function orderBy(sort: { col: string; nullable?: true }, dir: 'ASC' | 'DESC', ties: string[]): string {
  return [`${sort.col} ${dir}${sort.nullable ? ' NULLS LAST' : ''}`, ...ties.map((t) => `${t} ${dir}`)].join(', ');
}

/** A defect of the search as its statement reads it (`defectHitRows`): the defect's view row and its search columns. */
export type DefectHitRow = DefectViewRow & {
  turbineName: string;
  inspectionDate: string;
  componentType: number;
  repairStatus: number | null;
};

/** An image of the gallery as its statement reads it (`galleryRows`): the image list's row and its outlines. */
export type GalleryRow = ImageListRow & {
  turbineName: string;
  inspectionDate: string;
  componentType: number;
  defects: GalleryDefectView[];
};

/** Raw SQL of the Data Center search (joins inspection, image, defect and repair marks of one park). */
@Injectable()
export class SearchRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * Capped counts of park searches, kept per park version: the next page or sort of the same
   * search reuses its count. Searches over turbines of several parks are counted each time.
   */
  private readonly counts = new KeptCounts();

  private parkCount(f: SearchFilter, countFrom: string, params: unknown[]): Promise<ListCount> {
    return this.counts.count(this.ds, f.parkVersion, countFrom, params);
  }

  private get s() {
    return schemaName(this.ds);
  }

  /**
   * WHERE parts on inspection `i` (scope, turbines, component) and on the row `row` (a defect or
   * an image), which carries its inspection's park and date: the park indexes then serve them.
   */
  private inspectionWhere(user: AuthUser, f: SearchFilter, params: unknown[], row: 'd' | 'g'): string[] {
    const where = [scopeSql(user, 'i.customer_id', 'i.wind_park_id', params)];
    if (f.windFarmId) where.push(`${row}.wind_park_id = $${params.push(f.windFarmId)}`);
    if (f.turbineIds?.length) where.push(`i.turbine_id = ANY($${params.push(f.turbineIds)}::uuid[])`);
    if (f.componentType?.length) where.push(`i.component_type = ANY($${params.push(f.componentType)}::int[])`);
    if (f.dateFrom) where.push(`${row}.inspection_date >= $${params.push(f.dateFrom)}::date`);
    if (f.dateTo) where.push(`${row}.inspection_date <= $${params.push(f.dateTo)}::date`);
    return where;
  }

  /** WHERE parts on defect `d` and its repair mark `r` (never suggestions). */
  private defectWhere(f: SearchFilter, params: unknown[]): string[] {
    const where = ['NOT d.suggested'];
    if (f.windFarmId) where.push(`d.wind_park_id = $${params.push(f.windFarmId)}`);
    if (f.turbineIds?.length) where.push(`d.turbine_id = ANY($${params.push(f.turbineIds)}::uuid[])`);
    if (f.bladePosition?.length) where.push(`d.blade_position = ANY($${params.push(f.bladePosition)}::int[])`);
    if (f.viewIndex?.length) where.push(`d.position = ANY($${params.push(f.viewIndex)}::int[])`);
    if (f.severity?.length) {
      // The range as well: PostgreSQL 15 cannot keep an index's order under `= ANY`, but a range is
      // an index condition, so the severity order starts at the highest asked-for severity.
      where.push(`d.severity = ANY($${params.push(f.severity)}::int[])`);
      where.push(`d.severity BETWEEN $${params.push(Math.min(...f.severity))} AND $${params.push(Math.max(...f.severity))}`);
    }
    if (f.defectType?.length === 1) {
      // One type as `=`: an index on (park, type, severity) then keeps the severity order.
      where.push(`lower(d.defect_type) = $${params.push(f.defectType[0]!.toLowerCase())}`);
    } else if (f.defectType?.length) {
      where.push(`lower(d.defect_type) = ANY($${params.push(f.defectType.map((t) => t.toLowerCase()))}::text[])`);
    }
    if (f.timelineStatus?.length) where.push(`d.timeline_status = ANY($${params.push(f.timelineStatus)}::text[])`);
    if (f.dpsStatus?.length) where.push(`d.dps_status = ANY($${params.push(f.dpsStatus)}::int[])`);
    if (f.repairStatus?.length) {
      const p = params.push(f.repairStatus);
      where.push(`(r.repair_status = ANY($${p}::int[]) OR (r.repair_status IS NULL AND 0 = ANY($${p}::int[])))`);
    }
    if (f.distanceFrom !== undefined) where.push(`d.distance_to_root >= $${params.push(f.distanceFrom)}`);
    if (f.distanceTo !== undefined) where.push(`d.distance_to_root <= $${params.push(f.distanceTo)}`);
    if (f.minSize !== undefined) where.push(`greatest(d.size_length, d.size_width) >= $${params.push(f.minSize)}`);
    return where;
  }

  /**
   * The defect filters a defect of a found image must match: the image filters (blade, side) and
   * the scope (park, turbines) are the image's own.
   */
  private imageDefectWhere(f: SearchFilter, params: unknown[]): string[] {
    return this.defectWhere({ ...f, bladePosition: undefined, viewIndex: undefined, windFarmId: undefined, turbineIds: undefined }, params);
  }

  private hasDefectFilter(f: SearchFilter): boolean {
    return Boolean(
      f.severity?.length || f.defectType?.length || f.timelineStatus?.length || f.dpsStatus?.length || f.repairStatus?.length ||
        f.distanceFrom !== undefined || f.distanceTo !== undefined || f.minSize !== undefined,
    );
  }

  /**
   * `FROM <rows> … WHERE` of a search, and the same for its count: the count joins the inspection
   * `i` only when a condition reads it (a scoped caller, a component), as defect and image rows
   * carry the park and date — PostgreSQL does not drop an unused inner join itself, and the join
   * costs a lookup per counted row (up to 10,001).
   */
  private fromWhere(rows: string, inspectionJoin: string, where: string, extra = ''): { from: string; countFrom: string } {
    return {
      from: `FROM ${rows} ${inspectionJoin} ${extra} WHERE ${where}`,
      countFrom: `FROM ${rows} ${readsInspection(where) ? inspectionJoin : ''} ${extra} WHERE ${where}`,
    };
  }

  private defectFrom(user: AuthUser, f: SearchFilter, params: unknown[]): { from: string; countFrom: string } {
    const where = [
      ...this.inspectionWhere(user, { ...f, turbineIds: undefined }, params, 'd'),
      ...this.defectWhere({ ...f, windFarmId: undefined }, params),
    ].join(' AND ');
    return this.fromWhere(
      `${this.s}.defect d`,
      `JOIN ${this.s}.inspection i ON i.id = d.inspection_id`,
      where,
      `LEFT JOIN ${this.s}.repair_mark r ON r.defect_id = d.id`,
    );
  }

  /** One page of matching defects in order, and the (capped) count. */
  async defectPage(user: AuthUser, f: SearchFilter, page: PageRequest): Promise<{ rows: DefectHitRow[] } & ListCount> {
    const params: unknown[] = [];
    const { from, countFrom } = this.defectFrom(user, f, params);
    const dir = page.descending ? ('DESC' as const) : ('ASC' as const);
    const rows = await this.defectHitRows(
      `SELECT d.id, i.turbine_name, i.inspection_date::text AS inspection_date, i.component_type, r.repair_status
       ${from} ORDER BY ${orderBy(DEFECT_SORT[page.sortField], dir, ['d.id'])} LIMIT ${page.take} OFFSET ${page.skip}`,
      params,
    );
    return { rows, ...(await this.parkCount(f, countFrom, params)) };
  }

  /** Ids of the matching defects (park, turbine, date, blade, distance order), at most `limit`. */
  async defectIds(user: AuthUser, f: SearchFilter, limit: number): Promise<string[]> {
    const params: unknown[] = [];
    const { from } = this.defectFrom(user, f, params);
    const rows: { id: string }[] = await this.ds.query(
      `SELECT d.id ${from} ORDER BY i.turbine_name, i.inspection_date, d.blade_position, d.distance_to_root, d.id LIMIT ${limit}`,
      params,
    );
    return rows.map((r) => r.id);
  }

  /** Matching images: active ones; with defect filters, those showing a matching defect. */
  private imageFrom(user: AuthUser, f: SearchFilter, params: unknown[]): { from: string; countFrom: string } {
    const where = [...this.inspectionWhere(user, f, params, 'g'), 'g.is_active'];
    if (f.bladePosition?.length) where.push(`g.blade_position = ANY($${params.push(f.bladePosition)}::int[])`);
    if (f.viewIndex?.length) where.push(`g.path = ANY($${params.push(f.viewIndex)}::int[])`);
    if (this.hasDefectFilter(f)) {
      const dw = this.imageDefectWhere(f, params);
      where.push(`EXISTS (SELECT 1 FROM ${this.s}.defect d LEFT JOIN ${this.s}.repair_mark r ON r.defect_id = d.id
        WHERE d.image_id = g.id AND ${dw.join(' AND ')})`);
    }
    return this.fromWhere(`${this.s}.image g`, `JOIN ${this.s}.inspection i ON i.id = g.inspection_id`, where.join(' AND '));
  }

  /** One page of matching images as the gallery shows them, and the (capped) count. */
  async imagePage(user: AuthUser, f: SearchFilter, page: PageRequest): Promise<{ rows: GalleryRow[] } & ListCount> {
    const params: unknown[] = [];
    const { from, countFrom } = this.imageFrom(user, f, params);
    const dir = page.descending ? ('DESC' as const) : ('ASC' as const);
    const rows = await this.galleryRows(
      `SELECT g.id, i.turbine_name, i.inspection_date::text AS inspection_date, i.component_type
       ${from} ORDER BY ${orderBy(IMAGE_SORT[page.sortField], dir, ['g.sort_index', 'g.id'])} LIMIT ${page.take} OFFSET ${page.skip}`,
      params,
      f,
    );
    return { rows, ...(await this.parkCount(f, countFrom, params)) };
  }

  /**
   * The gallery's rows of an ordered page of images (`page`: `SELECT g.id, i.turbine_name,
   * i.inspection_date, i.component_type …` with its order and limit, over `params`), in one
   * statement: each image's list columns and, built by PostgreSQL, the outlines of its regular
   * defects that match the defect filters, in defect number order. The page is numbered before
   * the join, so the rows keep its order; its columns stay narrow while it is sorted.
   */
  private galleryRows(page: string, params: unknown[], f: SearchFilter): Promise<GalleryRow[]> {
    const all = [...params];
    const dw = this.imageDefectWhere(f, all);
    return this.ds.query(
      `SELECT ${IMAGE_LIST_COLUMNS.select('x')}, p.turbine_name AS "turbineName", p.inspection_date AS "inspectionDate",
         p.component_type AS "componentType",
         coalesce((SELECT json_agg(json_build_object('defectId', d.id, 'defectNo', d.defect_no, 'severity', d.severity,
             'defectType', d.defect_type, 'polygon', d.polygon) ORDER BY d.defect_no)
           FROM ${this.s}.defect d LEFT JOIN ${this.s}.repair_mark r ON r.defect_id = d.id
           WHERE d.image_id = x.id AND ${dw.join(' AND ')}), '[]') AS defects
       ${pageRowsFrom(page, `${this.s}.image`)} ORDER BY p.n`,
      all,
    );
  }

  /** The matching images with their inspection (turbine, date, blade, side order), at most `limit`: an image export. */
  async imageRefs(user: AuthUser, f: SearchFilter, limit: number): Promise<{ image_id: string; inspection_id: string }[]> {
    const params: unknown[] = [];
    const { from } = this.imageFrom(user, f, params);
    return this.ds.query(
      `SELECT g.id AS image_id, g.inspection_id ${from}
       ORDER BY i.turbine_name, i.inspection_date, g.blade_position, g.path, g.sort_index, g.id LIMIT ${limit}`,
      params,
    );
  }

  /**
   * The search's rows of an ordered page of defects (`page`: `SELECT d.id, i.turbine_name,
   * i.inspection_date, i.component_type, r.repair_status …` with its order and limit, over
   * `params`): each defect's view row beside them, in one statement.
   */
  private defectHitRows(page: string, params: unknown[]): Promise<DefectHitRow[]> {
    return this.ds.query(
      `SELECT ${DEFECT_VIEW_COLUMNS.select('x')}, p.turbine_name AS "turbineName", p.inspection_date AS "inspectionDate",
         p.component_type AS "componentType", p.repair_status AS "repairStatus"
       ${pageRowsFrom(page, `${this.s}.defect`)} ORDER BY p.n`,
      params,
    );
  }

  /** Turbines (id, park, customer) of some ids, as inspection knows them. */
  async turbines(ids: string[]): Promise<{ turbine_id: string; wind_park_id: string; customer_id: string }[]> {
    return this.ds.query(
      `SELECT t.turbine_id, t.wind_park_id, p.customer_id FROM ${this.s}.turbine_ref t
       JOIN ${this.s}.park_ref p ON p.wind_park_id = t.wind_park_id WHERE t.turbine_id = ANY($1::uuid[]) AND NOT t.deleted`,
      [ids],
    );
  }

  /** Images and defects around one point of a blade, across the turbine's inspections (newest first). */
  async singlePoint(
    user: AuthUser,
    q: { turbineId: string; bladePosition: number; viewIndex?: number; from: number; to: number },
  ): Promise<{ images: GalleryRow[]; defects: DefectHitRow[] }> {
    const params: unknown[] = [];
    const scope = scopeSql(user, 'i.customer_id', 'i.wind_park_id', params);
    const t = params.push(q.turbineId);
    const b = params.push(q.bladePosition);
    const lo = params.push(q.from);
    const hi = params.push(q.to);
    const v = q.viewIndex ? params.push(q.viewIndex) : 0;
    const side = (col: string) => (v ? ` AND ${col} = $${v}` : '');
    const images = await this.galleryRows(
      `SELECT g.id, i.turbine_name, i.inspection_date::text AS inspection_date, i.component_type
       FROM ${this.s}.image g JOIN ${this.s}.inspection i ON i.id = g.inspection_id
       WHERE ${scope} AND i.turbine_id = $${t} AND g.blade_position = $${b} AND g.is_active
         AND g.distance_to_root BETWEEN $${lo} AND $${hi}${side('g.path')}
       ORDER BY i.inspection_date DESC, g.path, g.distance_to_root, g.id LIMIT 500`,
      params,
      {},
    );
    const defects = await this.defectHitRows(
      `SELECT d.id, i.turbine_name, i.inspection_date::text AS inspection_date, i.component_type, r.repair_status
       FROM ${this.s}.defect d JOIN ${this.s}.inspection i ON i.id = d.inspection_id LEFT JOIN ${this.s}.repair_mark r ON r.defect_id = d.id
       WHERE ${scope} AND NOT d.suggested AND d.turbine_id = $${t} AND d.blade_position = $${b}
         AND d.distance_to_root BETWEEN $${lo} AND $${hi}${side('d.position')}
       ORDER BY i.inspection_date DESC, d.distance_to_root, d.id LIMIT 500`,
      params,
    );
    return { images, defects };
  }
}
