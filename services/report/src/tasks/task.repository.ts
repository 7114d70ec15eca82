import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ErrorCode, Locale, ReportFormat, ReportScope } from '@windward/contracts';
import { SERVICE_CONFIG, type ServiceConfig, rowColumns } from '@windward/service-kit';
import type { LpsReading, ReportCampaign, ReportDefect, TimelineEntry, VanishedDefect } from '../render/report-data.js';

/** Why a render failed, as the task keeps it. */
export interface TaskError {
  code: ErrorCode;
  detail?: string;
}

/** A row of `report_task` (migration 1763700000900). */
export interface ReportTaskRow {
  id: string;
  user_id: string;
  scope_type: ReportScope;
  scope_id: string;
  scope_name: string;
  format: ReportFormat;
  template_id: string | null;
  locale: Locale;
  wind_farm_ids: string[];
  turbine_ids: string[] | null;
  severities: number[] | null;
  /** Exactly these defects (Data Center export); null = the selection's defects. */
  defect_ids: string[] | null;
  /** An image archive's images of a search, with or without defects; null = the defects' photos only. */
  archive_images: ArchiveImageRef[] | null;
  defect_count: number;
  status: number;
  progress: number;
  step: string | null;
  error: TaskError | null;
  job_id: string | null;
  file_key: string | null;
  file_name: string | null;
  /** bigint, as node-postgres reads it. */
  file_size: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  expires_at: Date | null;
}
export const REPORT_TASK_ROW_COLUMNS = rowColumns<ReportTaskRow>()('report_task', [
  'id', 'user_id', 'scope_type', 'scope_id', 'scope_name', 'format', 'template_id', 'locale', 'wind_farm_ids', 'turbine_ids',
  'severities', 'defect_ids', 'archive_images', 'defect_count', 'status', 'progress', 'step', 'error', 'job_id', 'file_key', 'file_name',
  'file_size', 'created_at', 'started_at', 'finished_at', 'expires_at'
]);

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

export type NewTask = Pick<
  ReportTaskRow,
  | 'user_id'
  | 'scope_type'
  | 'scope_id'
  | 'scope_name'
  | 'format'
  | 'template_id'
  | 'locale'
  | 'wind_farm_ids'
  | 'turbine_ids'
  | 'severities'
  | 'defect_ids'
  | 'defect_count'
  | 'archive_images'
>;

/** A row of `report_download` (migration 1764170000200). */
export interface ReportDownloadRow {
  id: string;
  report_task_id: string;
  user_id: string;
  user_name: string;
  file_name: string;
  format: ReportFormat;
  scope_name: string;
  file_size: string | null;
  downloaded_at: Date;
}
export const REPORT_DOWNLOAD_ROW_COLUMNS = rowColumns<ReportDownloadRow>()('report_download', [
  'id', 'report_task_id', 'user_id', 'user_name', 'file_name', 'format', 'scope_name', 'file_size', 'downloaded_at'
]);

export const DOWNLOAD_SORT = { downloadedAt: 'downloaded_at', fileName: 'lower(file_name)' } as const;

export const TASK_SORT = { createdAt: 'created_at', status: 'status', scopeName: 'lower(scope_name)' } as const;

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

@Injectable()
export class ReportTaskRepository {
  readonly s: string;

  constructor(
    readonly ds: DataSource,
    @Inject(SERVICE_CONFIG) cfg: ServiceConfig,
  ) {
    this.s = `"${cfg.schema}"`;
  }

  async park(id: string): Promise<ParkRefRow | null> {
    return (await this.ds.query(`SELECT wind_farm_id, name, customer_id FROM ${this.s}.park_ref WHERE wind_farm_id = $1`, [id]))[0] ?? null;
  }
  async parks(ids: string[]): Promise<ParkRefRow[]> {
    return this.ds.query(
      `SELECT wind_farm_id, name, customer_id FROM ${this.s}.park_ref WHERE wind_farm_id = ANY ($1) ORDER BY lower(name)`,
      [ids],
    );
  }
  async project(id: string): Promise<ProjectRefRow | null> {
    return (
      (
        await this.ds.query(
          `SELECT project_id, name, customer_id, wind_farm_ids, turbine_ids FROM ${this.s}.project_ref WHERE project_id = $1 AND NOT deleted`,
          [id],
        )
      )[0] ?? null
    );
  }
  async turbine(id: string): Promise<TurbineRefRow | null> {
    return (
      (
        await this.ds.query(`SELECT turbine_id, wind_farm_id, name FROM ${this.s}.turbine_ref WHERE turbine_id = $1 AND NOT deleted`, [id])
      )[0] ?? null
    );
  }
  async turbinesOf(ids: string[]): Promise<TurbineRefRow[]> {
    return this.ds.query(`SELECT turbine_id, wind_farm_id, name FROM ${this.s}.turbine_ref WHERE turbine_id = ANY ($1) AND NOT deleted`, [
      ids,
    ]);
  }
  async inspection(id: string): Promise<InspectionRefRow | null> {
    return (
      (
        await this.ds.query(
          `SELECT inspection_id, turbine_id, wind_farm_id, inspection_date FROM ${this.s}.inspection_ref WHERE inspection_id = $1`,
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
        AND ($6::uuid IS NULL OR EXISTS (SELECT 1 FROM ${this.s}.repair_campaign_defect c WHERE c.campaign_id = $6::uuid AND c.defect_id = d.defect_id))`,
      params: [sel.windFarmIds, sel.turbineIds, sel.inspectionId, sel.severities, sel.defectIds, sel.campaignId ?? null],
    };
  }

  /** Inspections of some ids with their park and turbine (an archive's images must lie in the task's parks). */
  async inspectionsOf(ids: string[]): Promise<{ inspection_id: string; wind_farm_id: string; turbine_id: string }[]> {
    return this.ds.query(`SELECT inspection_id, wind_farm_id, turbine_id FROM ${this.s}.inspection_ref WHERE inspection_id = ANY ($1::uuid[])`, [ids]);
  }

  /** An archive's images with park and turbine names and inspection date, in the order given. */
  async archiveImages(refs: ArchiveImageRef[]): Promise<ArchiveImageRow[]> {
    const rows: { inspection_id: string; park_name: string | null; turbine_name: string | null; inspection_date: Date | string }[] = await this.ds.query(
      `SELECT i.inspection_id, p.name AS park_name, t.name AS turbine_name, i.inspection_date
       FROM ${this.s}.inspection_ref i LEFT JOIN ${this.s}.park_ref p ON p.wind_farm_id = i.wind_farm_id
       LEFT JOIN ${this.s}.turbine_ref t ON t.turbine_id = i.turbine_id WHERE i.inspection_id = ANY ($1::uuid[])`,
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
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${this.s}.defect_ref d JOIN ${this.s}.inspection_ref i ON i.inspection_id = d.inspection_id
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
       FROM ${this.s}.defect_ref d JOIN ${this.s}.inspection_ref i ON i.inspection_id = d.inspection_id
       LEFT JOIN ${this.s}.defect_repair r ON r.defect_id = d.defect_id
       LEFT JOIN ${this.s}.repair_campaign_defect c ON c.campaign_id = $6::uuid AND c.defect_id = d.defect_id
       LEFT JOIN ${this.s}.defect_timeline tl ON tl.defect_id = d.defect_id
       LEFT JOIN ${this.s}.park_ref p ON p.wind_farm_id = i.wind_farm_id
       LEFT JOIN ${this.s}.turbine_ref t ON t.turbine_id = i.turbine_id
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
         JOIN ${this.s}.defect_timeline t ON t.defect_id = c.defect_id
         WHERE t.previous_defect_id IS NOT NULL AND c.depth < 20
       )
       SELECT c.root, d.defect_no, i.inspection_date, d.severity, d.size_length, d.size_width, t.timeline_status, r.repair_status, r.repaired_at
       FROM chain c JOIN ${this.s}.defect_ref d ON d.defect_id = c.defect_id
       JOIN ${this.s}.inspection_ref i ON i.inspection_id = d.inspection_id
       LEFT JOIN ${this.s}.defect_timeline t ON t.defect_id = c.defect_id
       LEFT JOIN ${this.s}.defect_repair r ON r.defect_id = c.defect_id
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
         FROM ${this.s}.inspection_timeline l
         JOIN ${this.s}.inspection_ref cur ON cur.inspection_id = l.inspection_id
         JOIN ${this.s}.inspection_ref pi ON pi.inspection_id = l.previous_inspection_id
         JOIN ${this.s}.defect_ref d ON d.inspection_id = l.previous_inspection_id AND d.dps_status <> 0
         LEFT JOIN ${this.s}.defect_repair r ON r.defect_id = d.defect_id
         WHERE l.inspection_id = ANY ($1::uuid[])
           AND NOT EXISTS (SELECT 1 FROM ${this.s}.defect_timeline t WHERE t.inspection_id = l.inspection_id AND t.previous_defect_id = d.defect_id)
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
          `SELECT campaign_id, name, status, wind_farm_id, customer_id, start_date, end_date FROM ${this.s}.repair_campaign_ref
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
      `SELECT repair_status, count(*)::int AS n FROM ${this.s}.repair_campaign_defect WHERE campaign_id = $1 GROUP BY repair_status ORDER BY repair_status`,
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
          `SELECT i.turbine_id, i.inspection_date, l.readings FROM ${this.s}.lps_ref l
           JOIN ${this.s}.inspection_ref i ON i.inspection_id = l.inspection_id
           WHERE i.turbine_id = ANY ($1::uuid[]) AND i.is_active ORDER BY i.inspection_date`,
          [turbineIds],
        )
      : [];
    return new Map(rows.map((r) => [r.turbine_id, { inspectionDate: day(r.inspection_date), readings: r.readings }]));
  }

  /**
   * Inserts a task unless the user's download list is full: the per-user advisory lock makes two
   * simultaneous requests count one after the other. Null = full.
   */
  async insertIfRoom(t: NewTask, limit: number): Promise<ReportTaskRow | null> {
    return this.ds.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('report_task:' || $1))`, [t.user_id]);
      const [{ n }] = (await m.query(`SELECT count(*)::int AS n FROM ${this.s}.report_task WHERE user_id = $1 AND status IN (0, 1)`, [
        t.user_id,
      ])) as {
        n: number;
      }[];
      if (n >= limit) return null;
      const rows: ReportTaskRow[] = await m.query(
        `INSERT INTO ${this.s}.report_task (user_id, scope_type, scope_id, scope_name, format, template_id, locale, wind_farm_ids, turbine_ids, severities, defect_count, defect_ids, archive_images)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb) RETURNING *`,
        [
          t.user_id,
          t.scope_type,
          t.scope_id,
          t.scope_name,
          t.format,
          t.template_id,
          t.locale,
          t.wind_farm_ids,
          t.turbine_ids,
          t.severities,
          t.defect_count,
          t.defect_ids,
          t.archive_images ? JSON.stringify(t.archive_images) : null,
        ],
      );
      return rows[0]!;
    });
  }

  async find(id: string, m: EntityManager = this.ds.manager): Promise<ReportTaskRow | null> {
    return ((await m.query(`SELECT * FROM ${this.s}.report_task WHERE id = $1`, [id])) as ReportTaskRow[])[0] ?? null;
  }

  async page(userId: string, opts: { statuses?: number[]; sort: keyof typeof TASK_SORT; descending: boolean; skip: number; take: number }) {
    const rows: (ReportTaskRow & { total: string })[] = await this.ds.query(
      `SELECT *, count(*) OVER () AS total FROM ${this.s}.report_task
       WHERE user_id = $1 AND ($4::smallint[] IS NULL OR status = ANY ($4::smallint[]))
       ORDER BY ${TASK_SORT[opts.sort]} ${opts.descending ? 'DESC' : 'ASC'}, id LIMIT $2 OFFSET $3`,
      [userId, opts.take, opts.skip, opts.statuses?.length ? opts.statuses : null],
    );
    return { rows, totalCount: rows.length ? Number(rows[0]!.total) : 0 };
  }

  /** Records a successful download of a task's file. */
  async logDownload(t: ReportTaskRow, user: { userId: string; userName: string }): Promise<void> {
    await this.ds.query(
      `INSERT INTO ${this.s}.report_download (report_task_id, user_id, user_name, file_name, format, scope_name, file_size)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [t.id, user.userId, user.userName, t.file_name ?? `report.${t.format}`, t.format, t.scope_name, t.file_size],
    );
  }

  async downloads(userId: string, opts: { sort: keyof typeof DOWNLOAD_SORT; descending: boolean; skip: number; take: number }) {
    const rows: (ReportDownloadRow & { total: string })[] = await this.ds.query(
      `SELECT *, count(*) OVER () AS total FROM ${this.s}.report_download WHERE user_id = $1
       ORDER BY ${DOWNLOAD_SORT[opts.sort]} ${opts.descending ? 'DESC' : 'ASC'}, id LIMIT $2 OFFSET $3`,
      [userId, opts.take, opts.skip],
    );
    return { rows, totalCount: rows.length ? Number(rows[0]!.total) : 0 };
  }

  async setJob(id: string, jobId: string): Promise<void> {
    await this.ds.query(`UPDATE ${this.s}.report_task SET job_id = $2 WHERE id = $1`, [id, jobId]);
  }

  /** Claims a queued task for rendering (a retried job may find it already rendering). */
  async claim(id: string): Promise<ReportTaskRow | null> {
    const rows: [ReportTaskRow[], number] = await this.ds.query(
      `UPDATE ${this.s}.report_task SET status = 1, progress = 1, step = 'loading', started_at = now(), error = NULL
       WHERE id = $1 AND status IN (0, 1) RETURNING *`,
      [id],
    );
    return rows[0][0] ?? null;
  }

  async progress(id: string, percent: number, step: string): Promise<void> {
    await this.ds.query(`UPDATE ${this.s}.report_task SET progress = $2, step = $3 WHERE id = $1 AND status = 1`, [
      id,
      Math.round(percent),
      step,
    ]);
  }

  async done(m: EntityManager, id: string, file: { key: string; name: string; size: number }, retentionDays: number): Promise<void> {
    await m.query(
      `UPDATE ${this.s}.report_task SET status = 2, progress = 100, step = 'done', file_key = $2, file_name = $3, file_size = $4,
         finished_at = now(), expires_at = now() + make_interval(days => $5) WHERE id = $1`,
      [id, file.key, file.name, file.size, retentionDays],
    );
  }

  async failed(id: string, error: TaskError): Promise<void> {
    await this.ds.query(`UPDATE ${this.s}.report_task SET status = 3, step = 'failed', error = $2, finished_at = now() WHERE id = $1`, [
      id,
      JSON.stringify(error),
    ]);
  }

  /** A failed task back in the queue (the caller's list must have room: same lock as insertIfRoom). */
  async requeue(id: string, userId: string, limit: number): Promise<'ok' | 'full' | 'not-failed'> {
    return this.ds.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('report_task:' || $1))`, [userId]);
      const [{ n }] = (await m.query(`SELECT count(*)::int AS n FROM ${this.s}.report_task WHERE user_id = $1 AND status IN (0, 1)`, [
        userId,
      ])) as {
        n: number;
      }[];
      if (n >= limit) return 'full';
      const r: [unknown[], number] = await m.query(
        `UPDATE ${this.s}.report_task SET status = 0, progress = 0, step = NULL, error = NULL, started_at = NULL, finished_at = NULL
         WHERE id = $1 AND status = 3`,
        [id],
      );
      return r[1] ? 'ok' : 'not-failed';
    });
  }

  async remove(id: string): Promise<void> {
    await this.ds.query(`DELETE FROM ${this.s}.report_task WHERE id = $1`, [id]);
  }

  /** Finished tasks whose file is past its retention. */
  async expired(limit: number): Promise<{ id: string; file_key: string | null }[]> {
    return this.ds.query(
      `SELECT id, file_key FROM ${this.s}.report_task WHERE status = 2 AND expires_at < now() ORDER BY expires_at LIMIT $1`,
      [limit],
    );
  }

  async markExpired(id: string): Promise<void> {
    await this.ds.query(`UPDATE ${this.s}.report_task SET status = 4, file_key = NULL, file_size = NULL WHERE id = $1 AND status = 2`, [
      id,
    ]);
  }
}
