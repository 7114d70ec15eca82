import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Sql, rowColumns } from '@windward/service-kit';
import type { LpsReading, ReportCampaign, ReportDefect, TimelineEntry, VanishedDefect } from '../render/report-data.js';

export interface ArchiveImageRef {
  inspectionId: string;
  imageId: string;
}
/** An archive image with where it belongs (park, turbine, inspection date), from the read models. */
export interface ArchiveImageRow extends ArchiveImageRef {
  parkName: string;
  turbineName: string;
  /** YYYY-MM-DD */
  inspectionDate: string;
}

export interface ParkRefRow {
  wind_farm_id: string;
  name: string;
  customer_id: string;
}
export const PARK_REF_ROW_COLUMNS = rowColumns<ParkRefRow>()('park_ref', ['wind_farm_id', 'name', 'customer_id']);

export interface ProjectRefRow {
  project_id: string;
  name: string;
  customer_id: string | null;
  wind_farm_ids: string[];
  turbine_ids: string[];
}
export const PROJECT_REF_ROW_COLUMNS = rowColumns<ProjectRefRow>()('project_ref', [
  'project_id', 'name', 'customer_id', 'wind_farm_ids', 'turbine_ids'
]);

export interface TurbineRefRow {
  turbine_id: string;
  wind_farm_id: string;
  name: string;
}
export const TURBINE_REF_ROW_COLUMNS = rowColumns<TurbineRefRow>()('turbine_ref', ['turbine_id', 'wind_farm_id', 'name']);

export interface InspectionRefRow {
  inspection_id: string;
  turbine_id: string;
  wind_farm_id: string;
  inspection_date: Date | string;
}
export const INSPECTION_REF_ROW_COLUMNS = rowColumns<InspectionRefRow>()('inspection_ref', [
  'inspection_id', 'turbine_id', 'wind_farm_id', 'inspection_date'
]);

/** Which defects a report holds: the parks, optionally some turbines, one inspection or the active ones, some severities. */
export interface DefectSelection {
  windFarmIds: string[];
  turbineIds: string[] | null;
  inspectionId: string | null;
  severities: number[] | null;
  /** Exactly these defects (still within the parks/turbines); any inspection, not only active ones. */
  defectIds: string[] | null;
  /** A repair campaign's defects (any inspection), with the campaign's repair status of each. */
  campaignId?: string | null;
}

export interface CampaignRefRow {
  campaign_id: string;
  name: string;
  status: number;
  wind_farm_id: string | null;
  customer_id: string | null;
  start_date: Date | string | null;
  end_date: Date | string | null;
}
export const CAMPAIGN_REF_ROW_COLUMNS = rowColumns<CampaignRefRow>()('repair_campaign_ref', [
  'campaign_id', 'name', 'status', 'wind_farm_id', 'customer_id', 'start_date', 'end_date'
]);

const num = (v: string | null) => (v === null ? null : Number(v));

/** A defect as seen in one inspection (timelines, defects not found again). */
interface SightingRow {
  defect_no: string | null;
  inspection_date: Date | string;
  severity: number | null;
  size_length: string | null;
  size_width: string | null;
  repair_status: number | null;
  repaired_at: Date | null;
}

const sighting = (r: SightingRow) => ({
  defectNo: r.defect_no,
  inspectionDate: day(r.inspection_date),
  severity: r.severity,
  sizeLength: num(r.size_length),
  sizeWidth: num(r.size_width),
  repairStatus: r.repair_status,
  repairedAt: r.repaired_at ? r.repaired_at.toISOString().slice(0, 10) : null,
});

/** Rows (in order) as lists by key. */
function groupBy<R, T>(rows: R[], key: (r: R) => string, value: (r: R) => T): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(key(r));
    if (list) list.push(value(r));
    else out.set(key(r), [value(r)]);
  }
  return out;
}

/** A `date` column as 'YYYY-MM-DD' (node-postgres reads it as local midnight). */
export const day = (v: string | Date) =>
  v instanceof Date
    ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`
    : String(v).slice(0, 10);

/**
 * What a report is made of, read from the service's read models (parks, projects, turbines,
 * inspections, defects, timelines, campaigns, LPS): the scope checks of a new task and the
 * content the renderer prints.
 */
@Injectable()
export class ReportDataRepository {
  constructor(
    readonly ds: DataSource,
    private readonly sql: Sql,
  ) {}

  async park(id: string): Promise<ParkRefRow | null> {
    return (await this.ds.query(`SELECT wind_farm_id, name, customer_id FROM ${this.sql.s}.park_ref WHERE wind_farm_id = $1`, [id]))[0] ?? null;
  }
  async parks(ids: string[]): Promise<ParkRefRow[]> {
    return this.ds.query(
      `SELECT wind_farm_id, name, customer_id FROM ${this.sql.s}.park_ref WHERE wind_farm_id = ANY ($1) ORDER BY lower(name)`,
      [ids],
    );
  }
  async project(id: string): Promise<ProjectRefRow | null> {
    return (
      (
        await this.ds.query(
          `SELECT project_id, name, customer_id, wind_farm_ids, turbine_ids FROM ${this.sql.s}.project_ref WHERE project_id = $1 AND NOT deleted`,
          [id],
        )
      )[0] ?? null
    );
  }
  async turbine(id: string): Promise<TurbineRefRow | null> {
    return (
      (
        await this.ds.query(`SELECT turbine_id, wind_farm_id, name FROM ${this.sql.s}.turbine_ref WHERE turbine_id = $1 AND NOT deleted`, [id])
      )[0] ?? null
    );
  }
  async turbinesOf(ids: string[]): Promise<TurbineRefRow[]> {
    return this.ds.query(`SELECT turbine_id, wind_farm_id, name FROM ${this.sql.s}.turbine_ref WHERE turbine_id = ANY ($1) AND NOT deleted`, [
      ids,
    ]);
  }
  async inspection(id: string): Promise<InspectionRefRow | null> {
    return (
      (
        await this.ds.query(
          `SELECT inspection_id, turbine_id, wind_farm_id, inspection_date FROM ${this.sql.s}.inspection_ref WHERE inspection_id = $1`,
          [id],
        )
      )[0] ?? null
    );
  }

  private selectionSql(sel: DefectSelection): { where: string; params: unknown[] } {
    return {
      // DPS "deleted" defects are out of every report; without one inspection, each turbine's active inspections count.
      where: `d.dps_status <> 0 AND i.wind_farm_id = ANY ($1::uuid[])
        AND ($2::uuid[] IS NULL OR i.turbine_id = ANY ($2::uuid[]))
        AND (CASE WHEN $3::uuid IS NOT NULL THEN i.inspection_id = $3::uuid WHEN $5::uuid[] IS NOT NULL OR $6::uuid IS NOT NULL THEN TRUE ELSE i.is_active END)
        AND ($4::smallint[] IS NULL OR d.severity = ANY ($4::smallint[]))
        AND ($5::uuid[] IS NULL OR d.defect_id = ANY ($5::uuid[]))
        AND ($6::uuid IS NULL OR EXISTS (SELECT 1 FROM ${this.sql.s}.repair_campaign_defect c WHERE c.campaign_id = $6::uuid AND c.defect_id = d.defect_id))`,
      params: [sel.windFarmIds, sel.turbineIds, sel.inspectionId, sel.severities, sel.defectIds, sel.campaignId ?? null],
    };
  }

  /** Inspections of some ids with their park and turbine (an archive's images must lie in the task's parks). */
  async inspectionsOf(ids: string[]): Promise<{ inspection_id: string; wind_farm_id: string; turbine_id: string }[]> {
    return this.ds.query(`SELECT inspection_id, wind_farm_id, turbine_id FROM ${this.sql.s}.inspection_ref WHERE inspection_id = ANY ($1::uuid[])`, [ids]);
  }

  /** An archive's images with park and turbine names and inspection date, in the order given. */
  async archiveImages(refs: ArchiveImageRef[]): Promise<ArchiveImageRow[]> {
    const rows: { inspection_id: string; park_name: string | null; turbine_name: string | null; inspection_date: Date | string }[] = await this.ds.query(
      `SELECT i.inspection_id, p.name AS park_name, t.name AS turbine_name, i.inspection_date
       FROM ${this.sql.s}.inspection_ref i LEFT JOIN ${this.sql.s}.park_ref p ON p.wind_farm_id = i.wind_farm_id
       LEFT JOIN ${this.sql.s}.turbine_ref t ON t.turbine_id = i.turbine_id WHERE i.inspection_id = ANY ($1::uuid[])`,
      [[...new Set(refs.map((r) => r.inspectionId))]],
    );
    const byId = new Map(rows.map((r) => [r.inspection_id, r]));
    return refs.flatMap((r) => {
      const i = byId.get(r.inspectionId);
      return i ? [{ ...r, parkName: i.park_name ?? '', turbineName: i.turbine_name ?? '', inspectionDate: day(i.inspection_date) }] : [];
    });
  }

  /** How many defects the selection holds, counting at most `cap` + 1 (enough to refuse). */
  async countDefects(sel: DefectSelection, cap: number): Promise<number> {
    const { where, params } = this.selectionSql(sel);
    const rows: { n: number }[] = await this.ds.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${this.sql.s}.defect_ref d JOIN ${this.sql.s}.inspection_ref i ON i.inspection_id = d.inspection_id
       WHERE ${where} LIMIT ${cap + 1}) x`,
      params,
    );
    return rows[0]!.n;
  }

  /** The selection's defects with park and turbine names, in report order (park, turbine, blade, distance). */
  async defects(sel: DefectSelection, limit: number): Promise<ReportDefect[]> {
    const { where, params } = this.selectionSql(sel);
    const rows: {
      defect_id: string;
      defect_no: string | null;
      park_name: string | null;
      turbine_name: string | null;
      inspection_date: Date | string;
      blade_position: number | null;
      position: number | null;
      distance_to_root: string | null;
      defect_type: string | null;
      severity: number | null;
      size_length: string | null;
      size_width: string | null;
      repair_priority: number | null;
      dps_status: number;
      recommendation: string | null;
      turbine_id: string;
      polygon: [number, number][] | null;
      image_uri: string | null;
      image_width: number | null;
      image_height: number | null;
      repair_status: number | null;
      repaired_at: Date | null;
      inspection_id: string;
      timeline_status: string | null;
    }[] = await this.ds.query(
      `SELECT d.defect_id, d.defect_no, p.name AS park_name, t.name AS turbine_name, i.inspection_date, d.blade_position, d.position,
         d.distance_to_root, d.defect_type, d.severity, d.size_length, d.size_width, d.repair_priority, d.dps_status, d.recommendation,
         i.turbine_id, d.polygon, d.image_uri, d.image_width, d.image_height,
         COALESCE(c.repair_status, r.repair_status) AS repair_status, CASE WHEN c.repair_status IS NULL OR c.repair_status IN (3, 6) THEN r.repaired_at END AS repaired_at,
         i.inspection_id, tl.timeline_status
       FROM ${this.sql.s}.defect_ref d JOIN ${this.sql.s}.inspection_ref i ON i.inspection_id = d.inspection_id
       LEFT JOIN ${this.sql.s}.defect_repair r ON r.defect_id = d.defect_id
       LEFT JOIN ${this.sql.s}.repair_campaign_defect c ON c.campaign_id = $6::uuid AND c.defect_id = d.defect_id
       LEFT JOIN ${this.sql.s}.defect_timeline tl ON tl.defect_id = d.defect_id
       LEFT JOIN ${this.sql.s}.park_ref p ON p.wind_farm_id = i.wind_farm_id
       LEFT JOIN ${this.sql.s}.turbine_ref t ON t.turbine_id = i.turbine_id
       WHERE ${where}
       ORDER BY lower(p.name), lower(t.name), i.inspection_date DESC, d.blade_position NULLS LAST, d.distance_to_root NULLS LAST, d.defect_no
       LIMIT ${limit}`,
      params,
    );
    return rows.map((r) => ({
      defectId: r.defect_id,
      defectNo: r.defect_no,
      parkName: r.park_name ?? '—',
      turbineName: r.turbine_name ?? '—',
      inspectionDate: day(r.inspection_date),
      bladePosition: r.blade_position,
      position: r.position,
      distanceToRoot: num(r.distance_to_root),
      defectType: r.defect_type,
      severity: r.severity,
      sizeLength: num(r.size_length),
      sizeWidth: num(r.size_width),
      repairPriority: r.repair_priority,
      dpsStatus: r.dps_status,
      recommendation: r.recommendation,
      turbineId: r.turbine_id,
      polygon: r.polygon,
      image: r.image_uri && r.image_width && r.image_height ? { uri: r.image_uri, width: r.image_width, height: r.image_height } : null,
      repairStatus: r.repair_status,
      repairedAt: r.repaired_at ? r.repaired_at.toISOString().slice(0, 10) : null,
      inspectionId: r.inspection_id,
      timelineStatus: r.timeline_status,
    }));
  }

  /**
   * Each defect's history across inspections (inspection.timeline.changed chains): the defect and
   * the earlier defects it was matched to, oldest first, with date, severity, size, timeline status
   * and repair outcome. At most 20 inspections back (a chain never loops, the cap guards anyway).
   */
  async timelines(defectIds: string[]): Promise<Map<string, TimelineEntry[]>> {
    if (!defectIds.length) return new Map();
    const rows: (SightingRow & { root: string; timeline_status: string | null })[] = await this.ds.query(
      `WITH RECURSIVE chain AS (
         SELECT x.id AS root, x.id AS defect_id, 0 AS depth FROM unnest($1::uuid[]) AS x(id)
         UNION ALL
         SELECT c.root, t.previous_defect_id, c.depth + 1 FROM chain c
         JOIN ${this.sql.s}.defect_timeline t ON t.defect_id = c.defect_id
         WHERE t.previous_defect_id IS NOT NULL AND c.depth < 20
       )
       SELECT c.root, d.defect_no, i.inspection_date, d.severity, d.size_length, d.size_width, t.timeline_status, r.repair_status, r.repaired_at
       FROM chain c JOIN ${this.sql.s}.defect_ref d ON d.defect_id = c.defect_id
       JOIN ${this.sql.s}.inspection_ref i ON i.inspection_id = d.inspection_id
       LEFT JOIN ${this.sql.s}.defect_timeline t ON t.defect_id = c.defect_id
       LEFT JOIN ${this.sql.s}.defect_repair r ON r.defect_id = c.defect_id
       ORDER BY c.root, c.depth DESC`,
      [defectIds],
    );
    return groupBy(rows, (r) => r.root, (r) => ({ ...sighting(r), timelineStatus: r.timeline_status }));
  }

  /**
   * Defects of the previous inspection (timeline link) that no defect of the given inspection was
   * matched to: not found again, so repaired (inspection's rule), by turbine.
   */
  async vanished(inspectionIds: string[]): Promise<Map<string, VanishedDefect[]>> {
    if (!inspectionIds.length) return new Map();
    const rows: (SightingRow & { turbine_id: string; defect_type: string | null; blade_position: number | null; distance_to_root: string | null })[] =
      await this.ds.query(
        `SELECT cur.turbine_id, d.defect_no, pi.inspection_date, d.defect_type, d.blade_position, d.distance_to_root, d.severity,
           d.size_length, d.size_width, r.repair_status, r.repaired_at
         FROM ${this.sql.s}.inspection_timeline l
         JOIN ${this.sql.s}.inspection_ref cur ON cur.inspection_id = l.inspection_id
         JOIN ${this.sql.s}.inspection_ref pi ON pi.inspection_id = l.previous_inspection_id
         JOIN ${this.sql.s}.defect_ref d ON d.inspection_id = l.previous_inspection_id AND d.dps_status <> 0
         LEFT JOIN ${this.sql.s}.defect_repair r ON r.defect_id = d.defect_id
         WHERE l.inspection_id = ANY ($1::uuid[])
           AND NOT EXISTS (SELECT 1 FROM ${this.sql.s}.defect_timeline t WHERE t.inspection_id = l.inspection_id AND t.previous_defect_id = d.defect_id)
         ORDER BY cur.turbine_id, d.blade_position NULLS LAST, d.distance_to_root NULLS LAST, d.defect_no`,
        [inspectionIds],
      );
    return groupBy(
      rows,
      (r) => r.turbine_id,
      (r) => ({ ...sighting(r), defectType: r.defect_type, bladePosition: r.blade_position, distanceToRoot: num(r.distance_to_root) }),
    );
  }

  async campaign(id: string): Promise<CampaignRefRow | null> {
    return (
      (
        await this.ds.query(
          `SELECT campaign_id, name, status, wind_farm_id, customer_id, start_date, end_date FROM ${this.sql.s}.repair_campaign_ref
           WHERE campaign_id = $1 AND NOT deleted`,
          [id],
        )
      )[0] ?? null
    );
  }

  /** A campaign as the report prints it: name, status, dates, defects per repair status. */
  async reportCampaign(id: string): Promise<ReportCampaign | null> {
    const c = await this.campaign(id);
    if (!c) return null;
    const counts: { repair_status: number; n: number }[] = await this.ds.query(
      `SELECT repair_status, count(*)::int AS n FROM ${this.sql.s}.repair_campaign_defect WHERE campaign_id = $1 GROUP BY repair_status ORDER BY repair_status`,
      [id],
    );
    return {
      name: c.name,
      status: c.status,
      startDate: c.start_date ? day(c.start_date) : null,
      endDate: c.end_date ? day(c.end_date) : null,
      byRepairStatus: Object.fromEntries(counts.map((x) => [x.repair_status, x.n])),
    };
  }

  /** LPS readings of each turbine's active LPS inspection (inspection.lps.changed copies), by turbine. */
  async lps(turbineIds: string[]): Promise<Map<string, { inspectionDate: string; readings: LpsReading[] }>> {
    const rows: { turbine_id: string; inspection_date: Date | string; readings: LpsReading[] }[] = turbineIds.length
      ? await this.ds.query(
          `SELECT i.turbine_id, i.inspection_date, l.readings FROM ${this.sql.s}.lps_ref l
           JOIN ${this.sql.s}.inspection_ref i ON i.inspection_id = l.inspection_id
           WHERE i.turbine_id = ANY ($1::uuid[]) AND i.is_active ORDER BY i.inspection_date`,
          [turbineIds],
        )
      : [];
    return new Map(rows.map((r) => [r.turbine_id, { inspectionDate: day(r.inspection_date), readings: r.readings }]));
  }
}
