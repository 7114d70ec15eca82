import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ProjectStatusCode } from '@windward/contracts';
import { rowColumns, type PageRequest, Sql } from '@windward/service-kit';

export interface CampaignRow {
  id: string;
  name: string;
  plan_id: string;
  plan_name: string;
  wind_farm_id: string;
  wind_farm_name: string | null;
  customer_id: string | null;
  project_id: string | null;
  project_name: string | null;
  start_date: string;
  end_date: string;
  status: number;
  defect_count: number;
  done_count: number;
  by_status: Record<string, number> | null;
  turbine_count: number;
  turbines_done: number;
  created_at: Date;
}
export const CAMPAIGN_ROW_COLUMNS = rowColumns<
  Omit<
    CampaignRow,
    'project_name' | 'by_status' | 'done_count' | 'plan_name' | 'defect_count' | 'wind_farm_name' | 'turbine_count' | 'turbines_done'
  >>()('repair_campaign', [
  'id', 'name', 'plan_id', 'wind_farm_id', 'customer_id', 'project_id', 'start_date', 'end_date', 'status', 'created_at'
]);

export interface TechnicianRow {
  campaign_id?: string;
  user_id: string;
  username: string;
  display_name: string;
}
export const TECHNICIAN_ROW_COLUMNS = rowColumns<Omit<TechnicianRow, 'display_name' | 'username'>>()('repair_campaign_technician', [
  'campaign_id', 'user_id'
]);

export interface TurbineProgressRow {
  turbine_id: string;
  turbine_name: string | null;
  status: number;
  defect_count: number;
  done_count: number;
}
export const TURBINE_PROGRESS_ROW_COLUMNS = rowColumns<
  Omit<
    TurbineProgressRow,
    'done_count' | 'defect_count' | 'turbine_name'
  >>()('repair_campaign_turbine', [
  'turbine_id', 'status'
]);

export interface CampaignDefectRow {
  defect_id: string;
  inspection_id: string | null;
  defect_no: string | null;
  turbine_id: string | null;
  turbine_name: string | null;
  defect_type: string | null;
  severity: number | null;
  blade_position: number | null;
  distance_to_root: string | null;
  blade_length: string | null;
  repair_priority: number | null;
  repair_status: number;
  template_id: string | null;
  template_name: string | null;
  record_count: number;
  updated_at: Date;
}
export const CAMPAIGN_DEFECT_ROW_COLUMNS = rowColumns<
  Omit<
    CampaignDefectRow,
    'turbine_name' | 'template_id' | 'repair_priority' | 'defect_type' | 'defect_no' | 'distance_to_root' | 'inspection_id' |
    'blade_length' | 'severity' | 'record_count' | 'template_name' | 'blade_position'
  >>()('repair_campaign_defect', [
  'defect_id', 'turbine_id', 'repair_status', 'updated_at'
]);

export interface RecordRow {
  id: string;
  defect_id: string;
  technician_id: string;
  technician_name: string | null;
  repair_date: string;
  distance_to_root: string;
  outcome: number;
  comment: string;
  created_at: Date;
}
export const RECORD_ROW_COLUMNS = rowColumns<Omit<RecordRow, 'technician_name'>>()('repair_record', [
  'id', 'defect_id', 'technician_id', 'repair_date', 'distance_to_root', 'outcome', 'comment', 'created_at'
]);

export interface PhotoRow {
  id: string;
  record_id: string;
  kind: string;
  format: string;
  width: number;
  height: number;
}
export const PHOTO_ROW_COLUMNS = rowColumns<PhotoRow>()('repair_photo', ['id', 'record_id', 'kind', 'format', 'width', 'height']);

export interface CampaignFilter {
  name?: string;
  status?: number;
  windFarmId?: string;
  planId?: string;
  parkIds: string[] | null;
  customerIds: string[] | null;
  /** Only campaigns granted to this technician. */
  technicianId?: string;
}

/** Repair statuses whose repair ended (completed, failed, won't fix, fixed). */
export const DONE_STATUSES = [3, 4, 5, 6];

const CAMPAIGN_SORT: Record<string, string> = {
  name: 'lower(c.name)',
  createdAt: 'c.created_at',
  startDate: 'c.start_date',
  endDate: 'c.end_date',
  status: 'c.status',
  progress: 'coalesce(s.progress, 0)',
};
export const CAMPAIGN_SORT_FIELDS = Object.keys(CAMPAIGN_SORT);
const DEFECT_SORT: Record<string, string> = {
  defectNo: 'd.defect_no',
  turbineName: 'lower(t.name)',
  severity: 'd.severity',
  repairStatus: 'cd.repair_status',
  updatedAt: 'cd.updated_at',
};
export const CAMPAIGN_DEFECT_SORT_FIELDS = Object.keys(DEFECT_SORT);

/** Repair campaigns, their defects, turbines, technicians and repair records. */
@Injectable()
export class CampaignRepository {
  constructor(private readonly sql: Sql) {}

  private get s() {
    return this.sql.s;
  }

  /** One row per campaign with its progress, computed by one grouped pass over its defects and turbines. */
  private select(where: string) {
    const s = this.s;
    return `SELECT c.id, c.name, c.plan_id, p.name AS plan_name, c.wind_farm_id, pr.name AS wind_farm_name, c.customer_id,
        c.project_id, pj.name AS project_name, to_char(c.start_date, 'YYYY-MM-DD') AS start_date, to_char(c.end_date, 'YYYY-MM-DD') AS end_date,
        c.status, c.created_at,
        coalesce(ds.defect_count, 0) AS defect_count, coalesce(ds.done_count, 0) AS done_count, ds.by_status,
        coalesce(ts.turbine_count, 0) AS turbine_count, coalesce(ts.turbines_done, 0) AS turbines_done,
        CASE WHEN coalesce(ds.defect_count, 0) = 0 THEN 0 ELSE round(100.0 * ds.done_count / ds.defect_count) END AS progress
      FROM ${s}.repair_campaign c
      JOIN ${s}.repair_plan p ON p.id = c.plan_id
      LEFT JOIN ${s}.park_ref pr ON pr.wind_farm_id = c.wind_farm_id
      LEFT JOIN ${s}.project_ref pj ON pj.project_id = c.project_id
      LEFT JOIN LATERAL (
        SELECT count(*)::int AS defect_count, count(*) FILTER (WHERE x.repair_status = ANY('{3,4,5,6}'))::int AS done_count,
          (SELECT jsonb_object_agg(st, n) FROM (SELECT repair_status AS st, count(*)::int AS n FROM ${s}.repair_campaign_defect
             WHERE campaign_id = c.id GROUP BY repair_status) g) AS by_status
        FROM ${s}.repair_campaign_defect x WHERE x.campaign_id = c.id) ds ON true
      LEFT JOIN LATERAL (
        SELECT count(*)::int AS turbine_count, count(*) FILTER (WHERE y.status = 2)::int AS turbines_done
        FROM ${s}.repair_campaign_turbine y WHERE y.campaign_id = c.id) ts ON true
      WHERE ${where}`;
  }

  private filter(f: CampaignFilter) {
    const where = `($1::text IS NULL OR c.name ILIKE '%' || $1 || '%') AND ($2::int IS NULL OR c.status = $2)
      AND ($3::uuid IS NULL OR c.wind_farm_id = $3) AND ($4::uuid IS NULL OR c.plan_id = $4)
      AND ($5::uuid[] IS NULL OR c.wind_farm_id = ANY($5))
      AND ($6::uuid IS NULL OR EXISTS (SELECT 1 FROM ${this.s}.repair_campaign_technician g WHERE g.campaign_id = c.id AND g.user_id = $6))
      AND ($7::uuid[] IS NULL OR c.customer_id = ANY($7))`;
    return { where, params: [f.name ?? null, f.status ?? null, f.windFarmId ?? null, f.planId ?? null, f.parkIds, f.technicianId ?? null, f.customerIds] };
  }

  /**
   * The page's ids first (progress counted in one grouped pass only when it is the sort), then the
   * progress of those rows alone: the overview costs the same with 20 or 20,000 campaigns.
   */
  async page(m: EntityManager, f: CampaignFilter, p: PageRequest): Promise<{ rows: CampaignRow[]; total: number }> {
    const { where, params } = this.filter(f);
    const stats =
      p.sortField === 'progress'
        ? `LEFT JOIN (SELECT campaign_id, round(100.0 * count(*) FILTER (WHERE repair_status = ANY('{3,4,5,6}')) / count(*)) AS progress
             FROM ${this.s}.repair_campaign_defect GROUP BY campaign_id) s ON s.campaign_id = c.id`
        : '';
    const ids: { id: string }[] = await m.query(
      `SELECT c.id FROM ${this.s}.repair_campaign c ${stats} WHERE ${where}
       ORDER BY ${CAMPAIGN_SORT[p.sortField]} ${p.descending ? 'DESC' : 'ASC'}, c.id LIMIT $8 OFFSET $9`,
      [...params, p.take, p.skip],
    );
    const found: CampaignRow[] = ids.length ? await m.query(this.select('c.id = ANY($1::uuid[])'), [ids.map((r) => r.id)]) : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    const rows = ids.map((r) => byId.get(r.id)!).filter(Boolean);
    const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM ${this.s}.repair_campaign c WHERE ${where}`, params);
    return { rows, total: n };
  }

  async find(m: EntityManager, id: string): Promise<CampaignRow | undefined> {
    const [row] = await m.query(this.select('c.id = $1'), [id]);
    return row;
  }

  /** The campaign row locked for a change (status, defects, records serialise on it). */
  async lock(m: EntityManager, id: string): Promise<{ id: string; name: string; status: number; wind_farm_id: string } | undefined> {
    const [row] = await m.query(`SELECT id, name, status, wind_farm_id FROM ${this.s}.repair_campaign WHERE id = $1 FOR UPDATE`, [id]);
    return row;
  }

  async isGranted(m: EntityManager, campaignId: string, userId: string): Promise<boolean> {
    return (await m.query(`SELECT 1 FROM ${this.s}.repair_campaign_technician WHERE campaign_id = $1 AND user_id = $2`, [campaignId, userId])).length > 0;
  }

  async technicians(m: EntityManager, campaignIds: string[]): Promise<TechnicianRow[]> {
    return m.query(
      `SELECT g.campaign_id, g.user_id, coalesce(u.username, '') AS username, coalesce(u.display_name, u.username, '') AS display_name
       FROM ${this.s}.repair_campaign_technician g LEFT JOIN ${this.s}.user_ref u ON u.user_id = g.user_id
       WHERE g.campaign_id = ANY($1::uuid[]) ORDER BY lower(coalesce(u.display_name, ''))`,
      [campaignIds],
    );
  }

  async turbines(m: EntityManager, campaignId: string): Promise<TurbineProgressRow[]> {
    const s = this.s;
    return m.query(
      `SELECT ct.turbine_id, t.name AS turbine_name, ct.status,
         (SELECT count(*)::int FROM ${s}.repair_campaign_defect cd WHERE cd.campaign_id = ct.campaign_id AND cd.turbine_id = ct.turbine_id) AS defect_count,
         (SELECT count(*)::int FROM ${s}.repair_campaign_defect cd WHERE cd.campaign_id = ct.campaign_id AND cd.turbine_id = ct.turbine_id
            AND cd.repair_status = ANY('{3,4,5,6}')) AS done_count
       FROM ${s}.repair_campaign_turbine ct LEFT JOIN ${s}.turbine_ref t ON t.turbine_id = ct.turbine_id
       WHERE ct.campaign_id = $1 ORDER BY lower(t.name) NULLS LAST, ct.turbine_id`,
      [campaignId],
    );
  }

  async nameTaken(m: EntityManager, name: string): Promise<boolean> {
    return (await m.query(`SELECT 1 FROM ${this.s}.repair_campaign WHERE lower(name) = lower($1)`, [name])).length > 0;
  }

  /** The plan locked for campaign creation (its version must be the one the user saw). */
  async lockPlan(m: EntityManager, planId: string): Promise<{ id: string; version: number; wind_farm_id: string; customer_id: string | null } | undefined> {
    const [row] = await m.query(`SELECT id, version, wind_farm_id, customer_id FROM ${this.s}.repair_plan WHERE id = $1 FOR UPDATE`, [planId]);
    return row;
  }

  /** For each chosen id: in the plan?, its repair step, and the campaign (and that campaign's plan) it is already in. */
  async chosen(m: EntityManager, planId: string, ids: string[]) {
    const s = this.s;
    return m.query(
      `SELECT x.id AS defect_id, pd.defect_id IS NOT NULL AS in_plan, pd.template_id, d.turbine_id, cd.campaign_id, c.plan_id AS campaign_plan_id
       FROM unnest($2::uuid[]) AS x(id)
       LEFT JOIN ${s}.repair_plan_defect pd ON pd.plan_id = $1 AND pd.defect_id = x.id
       LEFT JOIN ${s}.defect_ref d ON d.defect_id = x.id
       LEFT JOIN ${s}.repair_campaign_defect cd ON cd.defect_id = x.id
       LEFT JOIN ${s}.repair_campaign c ON c.id = cd.campaign_id`,
      [planId, ids],
    ) as Promise<{ defect_id: string; in_plan: boolean; template_id: string | null; turbine_id: string | null; campaign_id: string | null; campaign_plan_id: string | null }[]>;
  }

  /** Unfinished O&M projects covering a park, in the caller's customers (null: all). */
  async omProjects(
    m: EntityManager,
    windFarmId: string,
    customerIds: string[] | null,
  ): Promise<{ project_id: string; name: string; start_date: string | null; end_date: string | null }[]> {
    return m.query(
      `SELECT project_id, name, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date
       FROM ${this.s}.project_ref
       WHERE operation AND status <> $3 AND $1 = ANY(wind_farm_ids) AND ($2::uuid[] IS NULL OR customer_id = ANY($2))
       ORDER BY lower(name)`,
      [windFarmId, customerIds, ProjectStatusCode.COMPLETED],
    );
  }

  async project(m: EntityManager, projectId: string): Promise<{ operation: boolean; start_date: string | null; end_date: string | null } | undefined> {
    const [row] = await m.query(
      `SELECT operation, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date FROM ${this.s}.project_ref WHERE project_id = $1`,
      [projectId],
    );
    return row;
  }

  async insert(
    m: EntityManager,
    v: { planId: string; name: string; windFarmId: string; customerId: string | null; projectId: string | null; startDate: string; endDate: string; createdBy: string },
    defects: { defectId: string; turbineId: string | null }[],
  ): Promise<string> {
    const s = this.s;
    const [row] = await m.query(
      `INSERT INTO ${s}.repair_campaign (plan_id, name, wind_farm_id, customer_id, project_id, start_date, end_date, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [v.planId, v.name, v.windFarmId, v.customerId, v.projectId, v.startDate, v.endDate, v.createdBy],
    );
    await m.query(
      `INSERT INTO ${s}.repair_campaign_defect (campaign_id, defect_id, turbine_id) SELECT $1, d, t FROM unnest($2::uuid[], $3::uuid[]) AS x(d, t)`,
      [row.id, defects.map((d) => d.defectId), defects.map((d) => d.turbineId)],
    );
    await m.query(
      `INSERT INTO ${s}.repair_campaign_turbine (campaign_id, turbine_id)
       SELECT DISTINCT $1::uuid, turbine_id FROM ${s}.repair_campaign_defect WHERE campaign_id = $1 AND turbine_id IS NOT NULL`,
      [row.id],
    );
    return row.id;
  }

  async setStatus(m: EntityManager, id: string, status: number): Promise<void> {
    await m.query(`UPDATE ${this.s}.repair_campaign SET status = $2, updated_at = now() WHERE id = $1`, [id, status]);
  }

  async hasRepairWork(m: EntityManager, id: string): Promise<boolean> {
    const s = this.s;
    const [row] = await m.query(
      `SELECT EXISTS (SELECT 1 FROM ${s}.repair_campaign_defect WHERE campaign_id = $1 AND repair_status <> 1)
           OR EXISTS (SELECT 1 FROM ${s}.repair_record WHERE campaign_id = $1) AS started`,
      [id],
    );
    return row.started;
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.query(`DELETE FROM ${this.s}.repair_campaign WHERE id = $1`, [id]);
  }

  async activeTechnicians(m: EntityManager, ids: string[], technicianRole: number): Promise<string[]> {
    const rows: { user_id: string }[] = await m.query(
      `SELECT user_id FROM ${this.s}.user_ref WHERE user_id = ANY($1::uuid[]) AND active AND NOT deleted AND $2 = ANY(roles)`,
      [ids, technicianRole],
    );
    return rows.map((r) => r.user_id);
  }

  async setTechnicians(m: EntityManager, campaignId: string, ids: string[]): Promise<void> {
    await m.query(`DELETE FROM ${this.s}.repair_campaign_technician WHERE campaign_id = $1`, [campaignId]);
    await m.query(`INSERT INTO ${this.s}.repair_campaign_technician (campaign_id, user_id) SELECT $1, unnest($2::uuid[])`, [campaignId, ids]);
  }

  async technicianPage(m: EntityManager, name: string | undefined, technicianRole: number, p: PageRequest): Promise<{ rows: TechnicianRow[]; total: number }> {
    const where = `active AND NOT deleted AND $1 = ANY(roles) AND ($2::text IS NULL OR username ILIKE '%' || $2 || '%' OR display_name ILIKE '%' || $2 || '%')`;
    const rows: TechnicianRow[] = await m.query(
      `SELECT user_id, username, display_name FROM ${this.s}.user_ref WHERE ${where}
       ORDER BY lower(display_name) ${p.descending ? 'DESC' : 'ASC'}, user_id LIMIT $3 OFFSET $4`,
      [technicianRole, name ?? null, p.take, p.skip],
    );
    const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM ${this.s}.user_ref WHERE ${where}`, [technicianRole, name ?? null]);
    return { rows, total: n };
  }

  async turbineStatus(m: EntityManager, campaignId: string, turbineId: string): Promise<number | undefined> {
    const [row] = await m.query(`SELECT status FROM ${this.s}.repair_campaign_turbine WHERE campaign_id = $1 AND turbine_id = $2`, [campaignId, turbineId]);
    return row?.status;
  }

  async setTurbineStatus(m: EntityManager, campaignId: string, turbineId: string, status: number): Promise<void> {
    await m.query(`UPDATE ${this.s}.repair_campaign_turbine SET status = $3 WHERE campaign_id = $1 AND turbine_id = $2`, [campaignId, turbineId, status]);
  }

  private defectFrom() {
    const s = this.s;
    return `FROM ${s}.repair_campaign_defect cd
      JOIN ${s}.repair_campaign c ON c.id = cd.campaign_id
      LEFT JOIN ${s}.defect_ref d ON d.defect_id = cd.defect_id
      LEFT JOIN ${s}.turbine_ref t ON t.turbine_id = cd.turbine_id
      LEFT JOIN ${s}.blade_ref b ON b.turbine_id = cd.turbine_id AND b.position = d.blade_position
      LEFT JOIN ${s}.repair_plan_defect pd ON pd.plan_id = c.plan_id AND pd.defect_id = cd.defect_id
      LEFT JOIN ${s}.repair_template tp ON tp.id = pd.template_id`;
  }

  private defectColumns() {
    return `cd.defect_id, d.inspection_id, d.defect_no, cd.turbine_id, t.name AS turbine_name, d.defect_type, d.severity, d.blade_position,
      d.distance_to_root, b.length_m AS blade_length, d.repair_priority, cd.repair_status, pd.template_id, tp.name AS template_name, cd.updated_at,
      (SELECT count(*)::int FROM ${this.s}.repair_record r WHERE r.campaign_id = cd.campaign_id AND r.defect_id = cd.defect_id) AS record_count`;
  }

  async defects(m: EntityManager, campaignId: string, f: { turbineId?: string; repairStatus?: number }, p: PageRequest) {
    const where = `cd.campaign_id = $1 AND ($2::uuid IS NULL OR cd.turbine_id = $2) AND ($3::int IS NULL OR cd.repair_status = $3)`;
    const params = [campaignId, f.turbineId ?? null, f.repairStatus ?? null];
    const rows: CampaignDefectRow[] = await m.query(
      `SELECT ${this.defectColumns()} ${this.defectFrom()} WHERE ${where}
       ORDER BY ${DEFECT_SORT[p.sortField]} ${p.descending ? 'DESC' : 'ASC'} NULLS LAST, cd.defect_id LIMIT $4 OFFSET $5`,
      [...params, p.take, p.skip],
    );
    const [{ n }] = await m.query(`SELECT count(*)::int AS n ${this.defectFrom()} WHERE ${where}`, params);
    return { rows, total: n as number };
  }

  async defect(m: EntityManager, campaignId: string, defectId: string, lock = false): Promise<CampaignDefectRow | undefined> {
    const [row] = await m.query(
      `SELECT ${this.defectColumns()} ${this.defectFrom()} WHERE cd.campaign_id = $1 AND cd.defect_id = $2${lock ? ' FOR UPDATE OF cd' : ''}`,
      [campaignId, defectId],
    );
    return row;
  }

  async setRepairStatus(m: EntityManager, campaignId: string, defectId: string, status: number): Promise<void> {
    await m.query(`UPDATE ${this.s}.repair_campaign_defect SET repair_status = $3, updated_at = now() WHERE campaign_id = $1 AND defect_id = $2`, [
      campaignId,
      defectId,
      status,
    ]);
  }

  async insertRecord(
    m: EntityManager,
    v: { campaignId: string; defectId: string; technicianId: string; repairDate: string; distanceToRoot: number; outcome: number; comment: string; createdBy: string },
  ): Promise<string> {
    const [row] = await m.query(
      `INSERT INTO ${this.s}.repair_record (campaign_id, defect_id, technician_id, repair_date, distance_to_root, outcome, comment, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [v.campaignId, v.defectId, v.technicianId, v.repairDate, v.distanceToRoot, v.outcome, v.comment, v.createdBy],
    );
    return row.id;
  }

  async record(m: EntityManager, campaignId: string, defectId: string, recordId: string): Promise<{ id: string } | undefined> {
    const [row] = await m.query(`SELECT id FROM ${this.s}.repair_record WHERE id = $1 AND campaign_id = $2 AND defect_id = $3`, [recordId, campaignId, defectId]);
    return row;
  }

  async insertPhoto(m: EntityManager, v: { id: string; recordId: string; kind: string; fileKey: string; format: string; width: number; height: number; sizeBytes: number }) {
    await m.query(
      `INSERT INTO ${this.s}.repair_photo (id, record_id, kind, file_key, format, width, height, size_bytes) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [v.id, v.recordId, v.kind, v.fileKey, v.format, v.width, v.height, v.sizeBytes],
    );
  }

  async photo(m: EntityManager, campaignId: string, photoId: string): Promise<{ file_key: string; format: string } | undefined> {
    const [row] = await m.query(
      `SELECT p.file_key, p.format FROM ${this.s}.repair_photo p JOIN ${this.s}.repair_record r ON r.id = p.record_id WHERE p.id = $1 AND r.campaign_id = $2`,
      [photoId, campaignId],
    );
    return row;
  }

  async photos(m: EntityManager, recordIds: string[]): Promise<PhotoRow[]> {
    return m.query(
      `SELECT id, record_id, kind, format, width, height FROM ${this.s}.repair_photo WHERE record_id = ANY($1::uuid[]) ORDER BY created_at, id`,
      [recordIds],
    );
  }

  async records(m: EntityManager, campaignId: string, defectId: string): Promise<RecordRow[]> {
    return m.query(
      `SELECT r.id, r.defect_id, r.technician_id, coalesce(u.display_name, u.username) AS technician_name, to_char(r.repair_date, 'YYYY-MM-DD') AS repair_date,
         r.distance_to_root, r.outcome, r.comment, r.created_at
       FROM ${this.s}.repair_record r LEFT JOIN ${this.s}.user_ref u ON u.user_id = r.technician_id
       WHERE r.campaign_id = $1 AND r.defect_id = $2 ORDER BY r.created_at DESC, r.id`,
      [campaignId, defectId],
    );
  }
}
