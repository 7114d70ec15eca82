import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SERVICE_CONFIG, type PageRequest, type ServiceConfig } from '@windward/service-kit';

/** A defect of the pool (inspection's defects not yet in a campaign). */
export interface PoolDefectRow {
  defectId: string;
  inspectionId: string;
  turbineId: string;
  turbineName: string | null;
  windFarmId: string;
  severity: number | null;
}
export interface InvestigationCampaignRow {
  campaignId: string;
  name: string;
  windFarmId: string;
  windFarmName: string | null;
  status: number;
  updatedAt: Date;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  resultCount: number;
  /** In the order they were added. */
  defectIds: string[];
}
export interface InvestigationDefectRow {
  defectId: string;
  defectNo: string | null;
  inspectionId: string;
  turbineId: string | null;
  turbineName: string | null;
  bladePosition: number | null;
  defectType: string | null;
  severity: number | null;
  result: number | null;
  notes: string | null;
  resultAt: Date | null;
}
export interface InvestigationParkRow {
  windFarmId: string;
  windFarmName: string;
  poolDefectCount: number;
  campaignCount: number;
}
/** A chosen defect of the park and the campaign it is already in. */
export interface ParkDefectRow {
  id: string;
  campaign: string | null;
}
/** The caller's scope and a park filter of the pool and the campaign list. */
export interface InvestigationScope {
  windFarmId?: string;
  /** null: every park / customer. */
  parkIds: string[] | null;
  customerIds: string[] | null;
}

const CAMPAIGN_SORT: Record<string, string> = { name: 'c.name', updatedAt: 'c.updated_at', status: 'c.status' };
export const CAMPAIGN_SORT_FIELDS = Object.keys(CAMPAIGN_SORT);
/** Sortable columns of a campaign's defects. */
const DEFECT_SORT: Record<string, string> = {
  defectNo: 'd.defect_no',
  turbineName: 't.name',
  bladePosition: 'd.blade_position',
  defectType: 'd.defect_type',
  severity: 'd.severity',
  result: 'x.result',
};
export const DEFECT_SORT_FIELDS = Object.keys(DEFECT_SORT);

/** Investigation campaigns, their defects and the pool, over delivery's copies of inspection's defects. */
@Injectable()
export class InvestigationRepository {
  private readonly s: string;

  constructor(@Inject(SERVICE_CONFIG) cfg: ServiceConfig) {
    this.s = `"${cfg.schema}"`;
  }

  /** The pool's page by severity (the only sort), with its total. */
  async poolPage(m: EntityManager, f: InvestigationScope, p: PageRequest): Promise<{ rows: PoolDefectRow[]; total: number }> {
    const s = this.s;
    const where = `FROM ${s}.defect_ref d JOIN ${s}.inspection_ref i ON i.inspection_id = d.inspection_id
      JOIN ${s}.park_ref p ON p.wind_farm_id = i.wind_farm_id
      LEFT JOIN ${s}.turbine_ref t ON t.turbine_id = i.turbine_id
      WHERE NOT d.deleted AND NOT EXISTS (SELECT 1 FROM ${s}.investigation_defect x WHERE x.defect_id = d.defect_id)
        AND ($1::uuid IS NULL OR i.wind_farm_id = $1) AND ($2::uuid[] IS NULL OR i.wind_farm_id = ANY($2::uuid[]))
        AND ($3::uuid[] IS NULL OR p.customer_id = ANY($3::uuid[]))`;
    const params = [f.windFarmId ?? null, f.parkIds, f.customerIds];
    const [{ n }] = await m.query(`SELECT count(*)::int AS n ${where}`, params);
    const rows: PoolDefectRow[] = await m.query(
      `SELECT d.defect_id AS "defectId", d.inspection_id AS "inspectionId", i.turbine_id AS "turbineId", t.name AS "turbineName",
              i.wind_farm_id AS "windFarmId", d.severity ${where}
       ORDER BY d.severity ${p.descending ? 'DESC' : 'ASC'} NULLS LAST, d.defect_id LIMIT ${p.take} OFFSET ${p.skip}`,
      params,
    );
    return { rows, total: n };
  }

  /** A page of campaigns (sorted by name, updatedAt or status), with its total. */
  async campaignPage(m: EntityManager, f: InvestigationScope, p: PageRequest): Promise<{ rows: InvestigationCampaignRow[]; total: number }> {
    const params = [f.windFarmId ?? null, f.parkIds, f.customerIds];
    const where = `WHERE ($1::uuid IS NULL OR c.wind_farm_id = $1) AND ($2::uuid[] IS NULL OR c.wind_farm_id = ANY($2::uuid[]))
      AND ($3::uuid[] IS NULL OR p.customer_id = ANY($3::uuid[]))`;
    const [{ n }] = await m.query(
      `SELECT count(*)::int AS n FROM ${this.s}.investigation_campaign c LEFT JOIN ${this.s}.park_ref p ON p.wind_farm_id = c.wind_farm_id ${where}`,
      params,
    );
    const rows = await this.campaigns(m, `${where} ORDER BY ${CAMPAIGN_SORT[p.sortField]} ${p.descending ? 'DESC' : 'ASC'}, c.id LIMIT ${p.take} OFFSET ${p.skip}`, params);
    return { rows, total: n };
  }

  async campaign(m: EntityManager, id: string): Promise<InvestigationCampaignRow | undefined> {
    const [row] = await this.campaigns(m, 'WHERE c.id = $1', [id]);
    return row;
  }

  /** The campaign's park, the row locked for a change when `lock`. */
  async campaignPark(m: EntityManager, id: string, lock: boolean): Promise<{ wind_farm_id: string } | undefined> {
    const [row] = await m.query(`SELECT wind_farm_id FROM ${this.s}.investigation_campaign WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`, [id]);
    return row;
  }

  /** A page of a campaign's defects, with its total. */
  async defectPage(m: EntityManager, campaignId: string, p: PageRequest): Promise<{ rows: InvestigationDefectRow[]; total: number }> {
    const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM ${this.s}.investigation_defect WHERE campaign_id = $1`, [campaignId]);
    const rows = await this.defects(
      m,
      `WHERE x.campaign_id = $1 ORDER BY ${DEFECT_SORT[p.sortField]} ${p.descending ? 'DESC' : 'ASC'} NULLS LAST, x.defect_id
       LIMIT ${p.take} OFFSET ${p.skip}`,
      [campaignId],
    );
    return { rows, total: n };
  }

  async defect(m: EntityManager, defectId: string): Promise<InvestigationDefectRow | undefined> {
    const [row] = await this.defects(m, 'WHERE x.defect_id = $1', [defectId]);
    return row;
  }

  /** Records a defect's outcome: `result` and `notes` change only when given (undefined keeps the stored value). */
  async setResult(
    m: EntityManager,
    campaignId: string,
    defectId: string,
    v: { result: number | null | undefined; notes: string | null | undefined; by: string },
  ): Promise<void> {
    await m.query(
      `UPDATE ${this.s}.investigation_defect SET
         result = CASE WHEN $3 THEN $4::int ELSE result END,
         notes = CASE WHEN $5 THEN $6::text ELSE notes END,
         result_by = $7, result_at = now()
       WHERE defect_id = $1 AND campaign_id = $2`,
      [defectId, campaignId, v.result !== undefined, v.result ?? null, v.notes !== undefined, v.notes ?? null, v.by],
    );
  }

  async touch(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE ${this.s}.investigation_campaign SET updated_at = now() WHERE id = $1`, [id]);
  }

  async nameTaken(m: EntityManager, name: string): Promise<boolean> {
    const [same] = await m.query(`SELECT 1 FROM ${this.s}.investigation_campaign WHERE lower(name) = lower($1)`, [name]);
    return !!same;
  }

  async insert(m: EntityManager, name: string, windFarmId: string): Promise<string> {
    const [row] = await m.query(`INSERT INTO ${this.s}.investigation_campaign (name, wind_farm_id) VALUES ($1, $2) RETURNING id`, [name, windFarmId]);
    return row.id;
  }

  async removeDefect(m: EntityManager, campaignId: string, defectId: string): Promise<void> {
    await m.query(`DELETE FROM ${this.s}.investigation_defect WHERE defect_id = $1 AND campaign_id = $2`, [defectId, campaignId]);
  }

  /** started_at: the first time it went under investigation; completed_at: when it was investigated. */
  async setStatus(m: EntityManager, id: string, status: number): Promise<void> {
    await m.query(
      `UPDATE ${this.s}.investigation_campaign SET status = $2, updated_at = now(),
         started_at = CASE WHEN $2 >= 2 THEN coalesce(started_at, now()) ELSE started_at END,
         completed_at = CASE WHEN $2 = 3 THEN now() ELSE NULL END
       WHERE id = $1`,
      [id, status],
    );
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.query(`DELETE FROM ${this.s}.investigation_campaign WHERE id = $1`, [id]);
  }

  /** Parks in scope with their pool's defect count and campaign count, by name. */
  async parks(m: EntityManager, parkIds: string[] | null, customerIds: string[] | null): Promise<InvestigationParkRow[]> {
    const s = this.s;
    return m.query(
      `SELECT p.wind_farm_id AS "windFarmId", p.name AS "windFarmName",
         (SELECT count(*)::int FROM ${s}.defect_ref d JOIN ${s}.inspection_ref i ON i.inspection_id = d.inspection_id
           WHERE i.wind_farm_id = p.wind_farm_id AND NOT d.deleted
             AND NOT EXISTS (SELECT 1 FROM ${s}.investigation_defect x WHERE x.defect_id = d.defect_id)) AS "poolDefectCount",
         (SELECT count(*)::int FROM ${s}.investigation_campaign c WHERE c.wind_farm_id = p.wind_farm_id) AS "campaignCount"
       FROM ${s}.park_ref p
       WHERE ($1::uuid[] IS NULL OR p.wind_farm_id = ANY($1::uuid[])) AND ($2::uuid[] IS NULL OR p.customer_id = ANY($2::uuid[]))
       ORDER BY p.name`,
      [parkIds, customerIds],
    );
  }

  /** The park's customer (undefined: no such park). */
  async parkCustomer(m: EntityManager, parkId: string): Promise<{ customer_id: string | null } | undefined> {
    const [row] = await m.query(`SELECT customer_id FROM ${this.s}.park_ref WHERE wind_farm_id = $1`, [parkId]);
    return row;
  }

  /** Those of `ids` that are live defects of the park, each with the campaign it is in. */
  async parkDefects(m: EntityManager, parkId: string, ids: string[]): Promise<ParkDefectRow[]> {
    const s = this.s;
    return m.query(
      `SELECT d.defect_id AS id, x.campaign_id AS campaign FROM ${s}.defect_ref d JOIN ${s}.inspection_ref i ON i.inspection_id = d.inspection_id
       LEFT JOIN ${s}.investigation_defect x ON x.defect_id = d.defect_id
       WHERE d.defect_id = ANY($1::uuid[]) AND NOT d.deleted AND i.wind_farm_id = $2`,
      [ids, parkId],
    );
  }

  /** Adds the defects to the campaign; one in a campaign already is skipped (its unique index decides races). */
  async insertDefects(m: EntityManager, campaignId: string, ids: string[]): Promise<void> {
    await m.query(`INSERT INTO ${this.s}.investigation_defect (defect_id, campaign_id) SELECT unnest($1::uuid[]), $2 ON CONFLICT (defect_id) DO NOTHING`, [
      ids,
      campaignId,
    ]);
  }

  private defects(m: EntityManager, tail: string, params: unknown[]): Promise<InvestigationDefectRow[]> {
    const s = this.s;
    return m.query(
      `SELECT x.defect_id AS "defectId", d.defect_no AS "defectNo", d.inspection_id AS "inspectionId", i.turbine_id AS "turbineId",
              t.name AS "turbineName", d.blade_position AS "bladePosition", d.defect_type AS "defectType", d.severity,
              x.result, x.notes, x.result_at AS "resultAt"
       FROM ${s}.investigation_defect x JOIN ${s}.defect_ref d ON d.defect_id = x.defect_id
       LEFT JOIN ${s}.inspection_ref i ON i.inspection_id = d.inspection_id
       LEFT JOIN ${s}.turbine_ref t ON t.turbine_id = i.turbine_id ${tail}`,
      params,
    );
  }

  private campaigns(m: EntityManager, tail: string, params: unknown[]): Promise<InvestigationCampaignRow[]> {
    const s = this.s;
    return m.query(
      `SELECT c.id AS "campaignId", c.name, c.wind_farm_id AS "windFarmId", p.name AS "windFarmName", c.status, c.updated_at AS "updatedAt",
         c.created_at AS "createdAt", c.started_at AS "startedAt", c.completed_at AS "completedAt",
         (SELECT count(*)::int FROM ${s}.investigation_defect x WHERE x.campaign_id = c.id AND x.result IS NOT NULL) AS "resultCount",
         coalesce((SELECT array_agg(x.defect_id ORDER BY x.added_at, x.defect_id) FROM ${s}.investigation_defect x WHERE x.campaign_id = c.id), '{}') AS "defectIds"
       FROM ${s}.investigation_campaign c LEFT JOIN ${s}.park_ref p ON p.wind_farm_id = c.wind_farm_id ${tail}`,
      params,
    );
  }
}
