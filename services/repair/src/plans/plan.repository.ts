import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowColumns, type PageRequest, Sql } from '@windward/service-kit';

export interface PlanRow {
  id: string;
  name: string;
  wind_farm_id: string;
  wind_farm_name: string | null;
  customer_id: string | null;
  version: number;
  defect_count: number;
  without_step_count: number;
  in_campaign_count: number;
  campaign_count: number;
  created_at: Date;
  updated_at: Date;
}
export const PLAN_ROW_COLUMNS = rowColumns<
  Omit<
    PlanRow,
    'without_step_count' | 'in_campaign_count' | 'defect_count' | 'wind_farm_name' | 'campaign_count'
  >>()('repair_plan', [
  'id', 'name', 'wind_farm_id', 'customer_id', 'version', 'created_at', 'updated_at'
]);

export interface BatchRow {
  id: string;
  plan_id: string;
  name: string;
  defect_count: number;
}
export const BATCH_ROW_COLUMNS = rowColumns<Omit<BatchRow, 'defect_count'>>()('repair_plan_batch', ['id', 'plan_id', 'name']);

export interface DefectRow {
  defect_id: string;
  defect_no: string | null;
  inspection_id: string;
  wind_farm_id: string | null;
  turbine_id: string | null;
  turbine_name: string | null;
  defect_type: string | null;
  severity: number | null;
  blade_position: number | null;
  distance_to_root: string | null;
  repair_priority: number | null;
  timeline_status: string | null;
  campaign_id: string | null;
  campaign_name: string | null;
}
export const DEFECT_ROW_COLUMNS = rowColumns<Omit<DefectRow, 'campaign_name' | 'turbine_name' | 'campaign_id'>>()('defect_ref', [
  'defect_id', 'defect_no', 'inspection_id', 'wind_farm_id', 'turbine_id', 'defect_type', 'severity', 'blade_position',
  'distance_to_root', 'repair_priority', 'timeline_status'
]);

export interface PlanDefectRow extends DefectRow {
  batch_id: string | null;
  batch_name: string | null;
  template_id: string | null;
  template_name: string | null;
}
export interface DefectFilter {
  windFarmId: string;
  turbineIds?: string[];
  severities?: number[];
  repairPriorities?: number[];
  timelineStatuses?: string[];
}
export interface PlanDefectFilter {
  batchId?: string;
  turbineId?: string;
  hasStep?: boolean;
  inCampaign?: boolean;
}

const PLAN_SORT: Record<string, string> = { name: 'lower(p.name)', createdAt: 'p.created_at', updatedAt: 'p.updated_at', defectCount: 'defect_count' };
export const PLAN_SORT_FIELDS = Object.keys(PLAN_SORT);
const DEFECT_SORT: Record<string, string> = {
  defectNo: 'd.defect_no',
  turbineName: 'lower(t.name)',
  severity: 'd.severity',
  repairPriority: 'd.repair_priority',
  distanceToRoot: 'd.distance_to_root',
};
export const DEFECT_SORT_FIELDS = Object.keys(DEFECT_SORT);

const order = (sort: Record<string, string>, p: PageRequest, tie: string) =>
  `ORDER BY ${sort[p.sortField]} ${p.descending ? 'DESC' : 'ASC'} NULLS LAST, ${tie}`;

/** Repair plans, their batches and defects, and the defect read model they are built from. */
@Injectable()
export class PlanRepository {
  constructor(private readonly sql: Sql) {}

  private get s() {
    return this.sql.s;
  }

  private planSelect(where: string) {
    const s = this.s;
    return `SELECT p.id, p.name, p.wind_farm_id, pr.name AS wind_farm_name, p.customer_id, p.version, p.created_at, p.updated_at,
        (SELECT count(*)::int FROM ${s}.repair_plan_defect pd WHERE pd.plan_id = p.id) AS defect_count,
        (SELECT count(*)::int FROM ${s}.repair_plan_defect pd WHERE pd.plan_id = p.id AND pd.template_id IS NULL) AS without_step_count,
        (SELECT count(*)::int FROM ${s}.repair_plan_defect pd JOIN ${s}.repair_campaign_defect cd ON cd.defect_id = pd.defect_id
           WHERE pd.plan_id = p.id) AS in_campaign_count,
        (SELECT count(*)::int FROM ${s}.repair_campaign c WHERE c.plan_id = p.id) AS campaign_count
      FROM ${s}.repair_plan p LEFT JOIN ${s}.park_ref pr ON pr.wind_farm_id = p.wind_farm_id
      WHERE ${where}`;
  }

  async page(m: EntityManager, f: { name?: string; windFarmId?: string; parkIds: string[] | null; customerIds: string[] | null }, p: PageRequest) {
    const where = `($1::text IS NULL OR p.name ILIKE '%' || $1 || '%') AND ($2::uuid IS NULL OR p.wind_farm_id = $2)
      AND ($3::uuid[] IS NULL OR p.wind_farm_id = ANY($3)) AND ($4::uuid[] IS NULL OR p.customer_id = ANY($4))`;
    const params = [f.name ?? null, f.windFarmId ?? null, f.parkIds, f.customerIds];
    const rows: PlanRow[] = await m.query(`${this.planSelect(where)} ${order(PLAN_SORT, p, 'p.id')} LIMIT $5 OFFSET $6`, [...params, p.take, p.skip]);
    const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM ${this.s}.repair_plan p WHERE ${where}`, params);
    return { rows, total: n as number };
  }

  async find(m: EntityManager, id: string): Promise<PlanRow | undefined> {
    const [row] = await m.query(this.planSelect('p.id = $1'), [id]);
    return row;
  }

  async batches(m: EntityManager, planIds: string[]): Promise<BatchRow[]> {
    return m.query(
      `SELECT b.id, b.plan_id, b.name, (SELECT count(*)::int FROM ${this.s}.repair_plan_defect pd WHERE pd.batch_id = b.id) AS defect_count
       FROM ${this.s}.repair_plan_batch b WHERE b.plan_id = ANY($1::uuid[]) ORDER BY lower(b.name)`,
      [planIds],
    );
  }

  async nameTaken(m: EntityManager, name: string, exceptId: string | null): Promise<boolean> {
    return (await m.query(`SELECT 1 FROM ${this.s}.repair_plan WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2`, [name, exceptId])).length > 0;
  }

  async insert(m: EntityManager, v: { name: string; windFarmId: string; customerId: string | null; createdBy: string }): Promise<string> {
    const [row] = await m.query(
      `INSERT INTO ${this.s}.repair_plan (name, wind_farm_id, customer_id, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
      [v.name, v.windFarmId, v.customerId, v.createdBy],
    );
    return row.id;
  }

  /**
   * Optimistic locking: the edit goes through only from the version the editor loaded. Returns
   * the new version, or null when the plan moved on (or does not exist).
   */
  async bump(m: EntityManager, id: string, version: number, name?: string): Promise<number | null> {
    // TypeORM answers an UPDATE … RETURNING with [rows, affected].
    const [rows]: [{ version: number }[], number] = await m.query(
      `UPDATE ${this.s}.repair_plan SET version = version + 1, updated_at = now(), name = coalesce($3, name)
       WHERE id = $1 AND version = $2 RETURNING version`,
      [id, version, name ?? null],
    );
    return rows[0]?.version ?? null;
  }

  async exists(m: EntityManager, id: string): Promise<{ wind_farm_id: string; customer_id: string | null; version: number } | undefined> {
    // (customer_id: the plan's data scope)
    const [row] = await m.query(`SELECT wind_farm_id, customer_id, version FROM ${this.s}.repair_plan WHERE id = $1`, [id]);
    return row;
  }

  /** Serialises a delete with campaign creation (which locks the plan the same way). */
  async lock(m: EntityManager, id: string): Promise<void> {
    await m.query(`SELECT 1 FROM ${this.s}.repair_plan WHERE id = $1 FOR UPDATE`, [id]);
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.query(`DELETE FROM ${this.s}.repair_plan WHERE id = $1`, [id]);
  }

  /** Parks of the given live defects (for -7007 and the single-park rule). */
  async defectParks(m: EntityManager, ids: string[]): Promise<{ defect_id: string; wind_farm_id: string | null }[]> {
    return m.query(`SELECT defect_id, wind_farm_id FROM ${this.s}.defect_ref WHERE defect_id = ANY($1::uuid[]) AND NOT deleted`, [ids]);
  }

  async customerOfPark(m: EntityManager, parkId: string): Promise<string | null> {
    const [row] = await m.query(`SELECT customer_id FROM ${this.s}.park_ref WHERE wind_farm_id = $1`, [parkId]);
    return row?.customer_id ?? null;
  }

  async countDefects(m: EntityManager, planId: string): Promise<number> {
    const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM ${this.s}.repair_plan_defect WHERE plan_id = $1`, [planId]);
    return n;
  }

  async addDefects(m: EntityManager, planId: string, ids: string[]): Promise<void> {
    await m.query(
      `INSERT INTO ${this.s}.repair_plan_defect (plan_id, defect_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
      [planId, ids],
    );
  }

  /** Of these defects of the plan, the ones already in a repair campaign. */
  async inCampaign(m: EntityManager, ids: string[]): Promise<string[]> {
    const rows: { defect_id: string }[] = await m.query(
      `SELECT defect_id FROM ${this.s}.repair_campaign_defect WHERE defect_id = ANY($1::uuid[])`,
      [ids],
    );
    return rows.map((r) => r.defect_id);
  }

  async removeDefects(m: EntityManager, planId: string, ids: string[]): Promise<void> {
    await m.query(`DELETE FROM ${this.s}.repair_plan_defect WHERE plan_id = $1 AND defect_id = ANY($2::uuid[])`, [planId, ids]);
  }

  /** Of these ids, the ones that are not defects of the plan. */
  async notInPlan(m: EntityManager, planId: string, ids: string[]): Promise<string[]> {
    const rows: { id: string }[] = await m.query(
      `SELECT x.id FROM unnest($2::uuid[]) AS x(id)
       WHERE NOT EXISTS (SELECT 1 FROM ${this.s}.repair_plan_defect pd WHERE pd.plan_id = $1 AND pd.defect_id = x.id)`,
      [planId, ids],
    );
    return rows.map((r) => r.id);
  }

  async setTemplate(m: EntityManager, planId: string, ids: string[], templateId: string | null): Promise<void> {
    await m.query(`UPDATE ${this.s}.repair_plan_defect SET template_id = $3 WHERE plan_id = $1 AND defect_id = ANY($2::uuid[])`, [planId, ids, templateId]);
  }

  async batchNameTaken(m: EntityManager, planId: string, name: string): Promise<boolean> {
    return (await m.query(`SELECT 1 FROM ${this.s}.repair_plan_batch WHERE plan_id = $1 AND lower(name) = lower($2)`, [planId, name])).length > 0;
  }

  async insertBatch(m: EntityManager, planId: string, name: string, ids: string[]): Promise<string> {
    const [row] = await m.query(`INSERT INTO ${this.s}.repair_plan_batch (plan_id, name) VALUES ($1, $2) RETURNING id`, [planId, name]);
    await m.query(`UPDATE ${this.s}.repair_plan_defect SET batch_id = $3 WHERE plan_id = $1 AND defect_id = ANY($2::uuid[])`, [planId, ids, row.id]);
    return row.id;
  }

  private defectColumns() {
    return `d.defect_id, d.defect_no, d.inspection_id, d.wind_farm_id, d.turbine_id, t.name AS turbine_name, d.defect_type, d.severity,
      d.blade_position, d.distance_to_root, d.repair_priority, d.timeline_status, c.id AS campaign_id, c.name AS campaign_name`;
  }

  private defectJoins() {
    const s = this.s;
    return `LEFT JOIN ${s}.turbine_ref t ON t.turbine_id = d.turbine_id
      LEFT JOIN ${s}.repair_campaign_defect cd ON cd.defect_id = d.defect_id
      LEFT JOIN ${s}.repair_campaign c ON c.id = cd.campaign_id`;
  }

  async parks(
    m: EntityManager,
    parkIds: string[] | null,
    customerIds: string[] | null,
  ): Promise<{ wind_farm_id: string; name: string; turbines: { turbineId: string; turbineName: string }[] }[]> {
    const s = this.s;
    return m.query(
      `SELECT p.wind_farm_id, p.name,
         COALESCE(json_agg(json_build_object('turbineId', t.turbine_id, 'turbineName', t.name) ORDER BY lower(t.name))
           FILTER (WHERE t.turbine_id IS NOT NULL), '[]') AS turbines
       FROM ${s}.park_ref p LEFT JOIN ${s}.turbine_ref t ON t.wind_farm_id = p.wind_farm_id AND NOT t.deleted
       WHERE p.active AND ($1::uuid[] IS NULL OR p.wind_farm_id = ANY($1)) AND ($2::uuid[] IS NULL OR p.customer_id = ANY($2))
       GROUP BY p.wind_farm_id, p.name ORDER BY lower(p.name)`,
      [parkIds, customerIds],
    );
  }

  /** Live defects of one park, filtered as the plan form filters them. */
  async candidates(m: EntityManager, f: DefectFilter, p: PageRequest): Promise<{ rows: DefectRow[]; total: number }> {
    const s = this.s;
    const where = `d.wind_farm_id = $1 AND NOT d.deleted AND ($2::uuid[] IS NULL OR d.turbine_id = ANY($2))
      AND ($3::int[] IS NULL OR d.severity = ANY($3)) AND ($4::int[] IS NULL OR d.repair_priority = ANY($4))
      AND ($5::text[] IS NULL OR d.timeline_status = ANY($5))`;
    const params = [f.windFarmId, f.turbineIds ?? null, f.severities ?? null, f.repairPriorities ?? null, f.timelineStatuses ?? null];
    const rows: DefectRow[] = await m.query(
      `SELECT ${this.defectColumns()} FROM ${s}.defect_ref d ${this.defectJoins()} WHERE ${where}
       ${order(DEFECT_SORT, p, 'd.defect_id')} LIMIT $6 OFFSET $7`,
      [...params, p.take, p.skip],
    );
    const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM ${s}.defect_ref d LEFT JOIN ${s}.turbine_ref t ON t.turbine_id = d.turbine_id WHERE ${where}`, params);
    return { rows, total: n };
  }

  async planDefects(m: EntityManager, planId: string, f: PlanDefectFilter, p: PageRequest): Promise<{ rows: PlanDefectRow[]; total: number }> {
    const s = this.s;
    const where = `pd.plan_id = $1 AND ($2::uuid IS NULL OR pd.batch_id = $2) AND ($3::uuid IS NULL OR d.turbine_id = $3)
      AND ($4::boolean IS NULL OR (pd.template_id IS NOT NULL) = $4) AND ($5::boolean IS NULL OR (cd.defect_id IS NOT NULL) = $5)`;
    const params = [planId, f.batchId ?? null, f.turbineId ?? null, f.hasStep ?? null, f.inCampaign ?? null];
    const from = `FROM ${s}.repair_plan_defect pd JOIN ${s}.defect_ref d ON d.defect_id = pd.defect_id ${this.defectJoins()}
      LEFT JOIN ${s}.repair_plan_batch b ON b.id = pd.batch_id LEFT JOIN ${s}.repair_template tp ON tp.id = pd.template_id`;
    const rows: PlanDefectRow[] = await m.query(
      `SELECT ${this.defectColumns()}, pd.batch_id, b.name AS batch_name, pd.template_id, tp.name AS template_name ${from}
       WHERE ${where} ${order(DEFECT_SORT, p, 'd.defect_id')} LIMIT $6 OFFSET $7`,
      [...params, p.take, p.skip],
    );
    const [{ n }] = await m.query(`SELECT count(*)::int AS n ${from} WHERE ${where}`, params);
    return { rows, total: n };
  }
}
