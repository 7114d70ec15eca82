import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DpsStatus, RepairStatus } from '@windward/contracts';
import { schemaName } from '../common/columns.js';

/** Defects that count for health and insights: regular ones, not DPS-deleted, not repaired. */
const COUNTED = (d: string) =>
  `NOT ${d}.suggested AND ${d}.dps_status <> ${DpsStatus.DELETED}
   AND NOT EXISTS (SELECT 1 FROM %S%.repair_mark rm WHERE rm.defect_id = ${d}.id AND rm.repair_status IN (${RepairStatus.COMPLETED}, ${RepairStatus.FIXED}))`;

/** One turbine's past-year O&M data. */
export interface TurbineHealthRow {
  turbine_id: string;
  wind_park_id: string;
  name: string;
  /** Inspections dated within the past year. */
  inspections: number;
  last_inspection_date: string | null;
  max_severity: number | null;
}

export interface CountRow {
  key: string | null;
  severity: number | null;
  n: number;
}

export interface TurbineSeverityRow {
  turbine_id: string;
  turbine_name: string;
  severity: number | null;
  n: number;
}

export interface ZoneRow {
  zone: number;
  severity: number | null;
  n: number;
}

export interface ErosionRow {
  inspection_date: string;
  turbine_id: string;
  turbine_name: string;
  zone: number;
  severity: number | null;
  n: number;
}

/** Read models of the insights (health, counts, zones) over inspection's own tables. */
@Injectable()
export class InsightRepository {
  constructor(private readonly ds: DataSource) {}

  private get s() {
    return schemaName(this.ds);
  }

  private counted(alias: string) {
    return COUNTED(alias).replace('%S%', this.s);
  }

  /**
   * Every (not deleted) turbine of some parks with its past-year inspections and highest counted
   * severity. The window is the database's today minus one year, inclusive.
   */
  async turbineHealth(parkIds: string[]): Promise<TurbineHealthRow[]> {
    return this.ds.query(
      `SELECT t.turbine_id, t.wind_park_id, t.name,
              count(DISTINCT i.id)::int AS inspections,
              max(i.inspection_date)::text AS last_inspection_date,
              max(d.severity)::int AS max_severity
       FROM ${this.s}.turbine_ref t
       LEFT JOIN ${this.s}.inspection i ON i.turbine_id = t.turbine_id AND i.inspection_date >= (current_date - interval '1 year')::date
       LEFT JOIN ${this.s}.defect d ON d.inspection_id = i.id AND ${this.counted('d')}
       WHERE t.wind_park_id = ANY($1::uuid[]) AND NOT t.deleted
       GROUP BY t.turbine_id, t.wind_park_id, t.name
       ORDER BY t.name, t.turbine_id`,
      [parkIds],
    );
  }

  /** First day of the past-year health window (database's today minus one year). */
  async windowFrom(): Promise<string> {
    const [row]: { d: string }[] = await this.ds.query(`SELECT (current_date - interval '1 year')::date::text AS d`);
    return row!.d;
  }

  /** The active inspections' counted defects of a park (optionally one component), WHERE part and params. */
  private activeFrom(parkId: string, componentType: number | undefined, params: unknown[]): string {
    params.push(parkId);
    let where = `d.wind_park_id = $1 AND i.is_active AND ${this.counted('d')}`;
    if (componentType !== undefined) where += ` AND i.component_type = $${params.push(componentType)}`;
    return `FROM ${this.s}.defect d JOIN ${this.s}.inspection i ON i.id = d.inspection_id WHERE ${where}`;
  }

  /** Counts by a defect column and severity over the park's active inspections. */
  async countsBy(parkId: string, componentType: number | undefined, column: 'defect_type' | 'component'): Promise<CountRow[]> {
    const params: unknown[] = [];
    const from = this.activeFrom(parkId, componentType, params);
    const key = column === 'component' ? 'i.component_type::text' : 'd.defect_type';
    return this.ds.query(`SELECT ${key} AS key, d.severity, count(*)::int AS n ${from} GROUP BY 1, 2 ORDER BY 1, 2`, params);
  }

  async severityPerTurbine(parkId: string, componentType: number | undefined): Promise<TurbineSeverityRow[]> {
    const params: unknown[] = [];
    const from = this.activeFrom(parkId, componentType, params);
    return this.ds.query(
      `SELECT d.turbine_id, i.turbine_name, d.severity, count(*)::int AS n ${from} GROUP BY 1, 2, 3 ORDER BY 2, 1, 3`,
      params,
    );
  }

  /** Defects per blade zone (`zoneM` metre bands of distance to root) and severity. */
  async bladeZones(parkId: string, componentType: number | undefined, zoneM: number): Promise<ZoneRow[]> {
    const params: unknown[] = [];
    const from = this.activeFrom(parkId, componentType, params);
    return this.ds.query(
      `SELECT (floor(d.distance_to_root / ${zoneM}) * ${zoneM})::int AS zone, d.severity, count(*)::int AS n
       ${from} AND d.distance_to_root IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`,
      params,
    );
  }

  /**
   * Leading-edge erosion of a park over every inspection (not only the active ones, so inspections
   * compare): type mentions erosion, side is a leading edge (view index 1 PSLE, 4 SSLE, 5 LE).
   */
  async leadingEdgeErosion(parkId: string, zoneM: number): Promise<ErosionRow[]> {
    return this.ds.query(
      `SELECT i.inspection_date::text AS inspection_date, d.turbine_id, i.turbine_name,
              (floor(coalesce(d.distance_to_root, 0) / ${zoneM}) * ${zoneM})::int AS zone, d.severity, count(*)::int AS n
       FROM ${this.s}.defect d JOIN ${this.s}.inspection i ON i.id = d.inspection_id
       WHERE d.wind_park_id = $1 AND ${this.counted('d')} AND lower(d.defect_type) LIKE '%erosion%' AND d.position IN (1, 4, 5)
       GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 3, 4, 5`,
      [parkId],
    );
  }
}
