import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser, PageRequest } from '@windward/service-kit';
import { scopeSql } from '../common/access.js';
import { schemaName } from '../common/columns.js';

/** Sort fields of the inspection list → their columns. */
const SORT: Record<string, string> = {
  inspectionDate: 'i.inspection_date',
  turbineName: 'lower(i.turbine_name)',
  packageType: 'i.package_type',
  createdAt: 'i.created_at',
  // Most urgent DPS status of the inspection's defects (SPEC §3 priority); none = last.
  dpsStatus: 'dps_rank',
};

export const INSPECTION_SORT_FIELDS = Object.keys(SORT);

/** An inspection row with its defect and image counts (the lists' and the detail's source). */
export interface InspectionRow {
  id: string;
  turbine_id: string;
  wind_park_id: string;
  customer_id: string;
  turbine_name: string;
  package_type: number;
  component_type: number;
  inspection_date: string | Date;
  is_active: boolean;
  pilot: string | null;
  device_id: string | null;
  inspection_data_config_id: string | null;
  previous_inspection_id: string | null;
  created_at: Date;
  defect_count: number;
  image_count: number;
  tiled_count: number;
  dps_rank: number | null;
}

/** Inspections with their counts; suggestions are not defects yet. */
const select = (s: string) => `SELECT i.*,
  (SELECT count(*)::int FROM ${s}.defect d WHERE d.inspection_id = i.id AND NOT d.suggested) AS defect_count,
  (SELECT min(d.dps_rank)::int FROM ${s}.defect d WHERE d.inspection_id = i.id AND NOT d.suggested) AS dps_rank,
  (SELECT count(*)::int FROM ${s}.image g WHERE g.inspection_id = i.id) AS image_count,
  (SELECT count(*)::int FROM ${s}.image g WHERE g.inspection_id = i.id AND g.tile_status = 'done') AS tiled_count
  FROM ${s}.inspection i`;

/** What the inspection list selects (besides the caller's data scope). */
export interface InspectionFilter {
  windParkId?: string;
  turbineId?: string;
  componentType?: number[];
  packageType?: number[];
  isActive?: boolean;
}

/** The inspection lists' and detail's SQL (counts per inspection in one statement). */
@Injectable()
export class InspectionRepository {
  constructor(private readonly ds: DataSource) {}

  /** One page in the caller's data scope, and the count of the whole list. */
  async findPage(scope: AuthUser, f: InspectionFilter, page: PageRequest): Promise<{ rows: InspectionRow[]; totalCount: number }> {
    const s = schemaName(this.ds);
    const params: unknown[] = [];
    const where: string[] = [scopeSql(scope, 'i.customer_id', 'i.wind_park_id', params)];
    if (f.windParkId) where.push(`i.wind_park_id = $${params.push(f.windParkId)}`);
    if (f.turbineId) where.push(`i.turbine_id = $${params.push(f.turbineId)}`);
    if (f.componentType?.length) where.push(`i.component_type = ANY($${params.push(f.componentType)}::int[])`);
    if (f.packageType?.length) where.push(`i.package_type = ANY($${params.push(f.packageType)}::int[])`);
    if (f.isActive !== undefined) where.push(`i.is_active = $${params.push(f.isActive)}`);
    const dir = page.descending ? 'DESC' : 'ASC';
    const whereSql = where.join(' AND ');
    const rows: InspectionRow[] = await this.ds.query(
      `SELECT * FROM (${select(s)} WHERE ${whereSql}) i ORDER BY ${SORT[page.sortField]} ${dir} NULLS LAST, i.id ${dir}
       LIMIT ${page.take} OFFSET ${page.skip}`,
      params,
    );
    const [count]: { n: number }[] = await this.ds.query(`SELECT count(*)::int AS n FROM ${s}.inspection i WHERE ${whereSql}`, params);
    return { rows, totalCount: count!.n };
  }

  async findRow(id: string): Promise<InspectionRow | undefined> {
    const rows: InspectionRow[] = await this.ds.query(`${select(schemaName(this.ds))} WHERE i.id = $1`, [id]);
    return rows[0];
  }
}
