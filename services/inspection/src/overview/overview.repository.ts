import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { schemaName } from '../common/columns.js';
import { LpsMeasurement } from '../lps/lps-measurement.entity.js';

export interface OverviewTurbineRow {
  turbine_id: string;
  name: string;
  serial_number: string | null;
}
/** The latest inspection of one turbine's component, with its active image count. */
export interface LatestInspectionRow {
  id: string;
  turbine_id: string;
  component_type: number;
  package_type: number;
  /** The inspection date, 'YYYY-MM-DD'. */
  day: string;
  images: number;
}
/** Defects of one inspection with one severity (null = TBD). */
export interface SeverityCountRow {
  inspection_id: string;
  severity: number | null;
  n: number;
}

/** The overview's reads: a park's turbines, their latest inspection per component, defect counts and LPS readings. */
@Injectable()
export class OverviewRepository {
  constructor(private readonly ds: DataSource) {}

  private get s() {
    return schemaName(this.ds);
  }

  /** The park's live turbines in natural name order (T2 before T10). */
  turbines(parkId: string): Promise<OverviewTurbineRow[]> {
    return this.ds.query(
      `SELECT turbine_id, name, serial_number FROM ${this.s}.turbine_ref WHERE wind_park_id = $1 AND NOT deleted ORDER BY length(name), name, turbine_id`,
      [parkId],
    );
  }

  /** Per turbine and component (of `components`): the latest inspection by date, optionally within from..to (dates). */
  latestInspections(parkId: string, components: number[], range: { from?: string; to?: string }): Promise<LatestInspectionRow[]> {
    const s = this.s;
    const params: unknown[] = [parkId, components];
    const where: string[] = [];
    if (range.from) where.push(`i.inspection_date >= $${params.push(range.from)}::date`);
    if (range.to) where.push(`i.inspection_date <= $${params.push(range.to)}::date`);
    return this.ds.query(
      `SELECT l.*, (SELECT count(*)::int FROM ${s}.image g WHERE g.inspection_id = l.id AND g.is_active) AS images FROM (
         SELECT DISTINCT ON (i.turbine_id, i.component_type) i.id, i.turbine_id, i.component_type, i.package_type,
                to_char(i.inspection_date, 'YYYY-MM-DD') AS day
         FROM ${s}.inspection i
         WHERE i.wind_park_id = $1 AND i.component_type = ANY($2::int[]) ${where.map((r) => `AND ${r}`).join(' ')}
         ORDER BY i.turbine_id, i.component_type, i.inspection_date DESC, i.created_at DESC) l`,
      params,
    );
  }

  /** Defects per inspection and severity; pre-label suggestions and review-deleted defects (DPS 0) do not count. */
  severityCounts(inspectionIds: string[]): Promise<SeverityCountRow[]> {
    return this.ds.query(
      `SELECT inspection_id, severity, count(*)::int AS n FROM ${this.s}.defect
       WHERE inspection_id = ANY($1::uuid[]) AND NOT suggested AND dps_status <> 0 GROUP BY inspection_id, severity`,
      [inspectionIds],
    );
  }

  /** The inspections' LPS readings by inspection, blade, receptor (case-insensitive) and side. */
  lpsReadings(inspectionIds: string[]): Promise<LpsMeasurement[]> {
    return this.ds.manager
      .createQueryBuilder(LpsMeasurement, 'm')
      .where('m.inspectionId = ANY(:ids)', { ids: inspectionIds })
      .orderBy('m.inspectionId')
      .addOrderBy('m.bladePosition')
      .addOrderBy('lower(m.receptorId)')
      .addOrderBy('m.side')
      .getMany();
  }
}
