import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CampaignTurbineStatus as CT, TaskStageStatus as SS, TaskStatus as TS, type CampaignTurbineStatus } from '@windward/contracts';
import { REVIEWED_WORK } from '../tasks/pipeline.js';
import type { Queryable } from '../tasks/task.repository.js';
import { rowColumns, Sql } from '@windward/service-kit';

const REVIEW_STAGES = Object.keys(REVIEWED_WORK).map(Number);

/** A row of `campaign_ref` (read model of project's campaigns). */
export interface CampaignRefRecord {
  campaign_id: string;
  name: string;
  project_id: string | null;
  project_type: number | null;
  /** ProjectStatusCode. */
  status: number;
  active: boolean;
}
export const CAMPAIGN_REF_ROW_COLUMNS = rowColumns<CampaignRefRecord>()('campaign_ref', [
  'campaign_id', 'name', 'project_id', 'project_type', 'status', 'active'
]);

/** A turbine with the park and customer its scope check needs. */
export interface TurbineScopeRecord {
  turbine_id: string;
  name: string | null;
  wind_farm_id: string | null;
  customer_id: string | null;
}
export const TURBINE_SCOPE_ROW_COLUMNS = rowColumns<Omit<TurbineScopeRecord, 'customer_id'>>()('turbine_ref', [
  'turbine_id', 'name', 'wind_farm_id'
]);

/** A turbine of a campaign with its status and unfinished QA count. */
export interface CampaignTurbineRow extends TurbineScopeRecord {
  status: CampaignTurbineStatus;
  unfinished: number;
}

/** Hand-written SQL over campaign_turbine and the campaign/turbine read models. */
@Injectable()
export class CampaignRepository {
  constructor(
    private readonly ds: DataSource,
    private readonly sql: Sql,
  ) {}

  private get s() {
    return this.sql.s;
  }

  /** Tasks of the turbine in the campaign whose QA/FQA is not finished (terminated and inactive tasks do not count). */
  async unfinishedQa(m: Queryable, campaignId: string, turbineId: string): Promise<number> {
    const [row] = await m.query<{ n: number }[]>(
      `SELECT count(DISTINCT t.id)::int AS n FROM ${this.s}.task t JOIN ${this.s}.task_stage ts ON ts.task_id = t.id
       WHERE t.campaign_id = $1 AND t.turbine_id = $2 AND t.status NOT IN (${TS.TERMINATED}, ${TS.INACTIVE})
         AND ts.stage = ANY($3::int[]) AND ts.status NOT IN (${SS.COMPLETED}, ${SS.SKIP})`,
      [campaignId, turbineId, REVIEW_STAGES],
    );
    return row!.n;
  }

  /** A turbine that is not deleted, with its park's customer. */
  async turbine(turbineId: string): Promise<TurbineScopeRecord | undefined> {
    const [t] = await this.ds.query<TurbineScopeRecord[]>(
      `SELECT tr.turbine_id, tr.name, tr.wind_farm_id, p.customer_id FROM ${this.s}.turbine_ref tr LEFT JOIN ${this.s}.park_ref p ON p.wind_farm_id = tr.wind_farm_id
       WHERE tr.turbine_id = $1 AND NOT tr.deleted`,
      [turbineId],
    );
    return t;
  }

  async campaign(campaignId: string, m: Queryable = this.ds, lock = false): Promise<CampaignRefRecord | undefined> {
    const [c] = await m.query<CampaignRefRecord[]>(`SELECT * FROM ${this.s}.campaign_ref WHERE campaign_id = $1${lock ? ' FOR SHARE' : ''}`, [campaignId]);
    return c;
  }

  /** The turbine's status in the campaign (not started when new), locked for this transaction. */
  async lockTurbineStatus(m: Queryable, campaignId: string, turbineId: string): Promise<CampaignTurbineStatus> {
    await m.query(`INSERT INTO ${this.s}.campaign_turbine (campaign_id, turbine_id, status) VALUES ($1, $2, ${CT.NOT_STARTED}) ON CONFLICT DO NOTHING`, [campaignId, turbineId]);
    const [row] = await m.query<{ status: CampaignTurbineStatus }[]>(
      `SELECT status FROM ${this.s}.campaign_turbine WHERE campaign_id = $1 AND turbine_id = $2 FOR UPDATE`,
      [campaignId, turbineId],
    );
    return row!.status;
  }

  async setTurbineStatus(m: Queryable, campaignId: string, turbineId: string, status: CampaignTurbineStatus): Promise<void> {
    await m.query(`UPDATE ${this.s}.campaign_turbine SET status = $3, updated_at = now() WHERE campaign_id = $1 AND turbine_id = $2`, [campaignId, turbineId, status]);
  }

  /** Turbines of a campaign (those with tasks or a status) with their status and unfinished QA count, by name. */
  async turbinesOf(campaignId: string): Promise<CampaignTurbineRow[]> {
    return this.ds.query<CampaignTurbineRow[]>(
      `WITH turbines AS (
         SELECT turbine_id FROM ${this.s}.task WHERE campaign_id = $1 AND turbine_id IS NOT NULL
         UNION SELECT turbine_id FROM ${this.s}.campaign_turbine WHERE campaign_id = $1)
       SELECT x.turbine_id, tr.name, tr.wind_farm_id, p.customer_id, coalesce(ct.status, ${CT.NOT_STARTED}) AS status,
         (SELECT count(DISTINCT t.id)::int FROM ${this.s}.task t JOIN ${this.s}.task_stage ts ON ts.task_id = t.id
          WHERE t.campaign_id = $1 AND t.turbine_id = x.turbine_id AND t.status NOT IN (${TS.TERMINATED}, ${TS.INACTIVE})
            AND ts.stage = ANY($2::int[]) AND ts.status NOT IN (${SS.COMPLETED}, ${SS.SKIP})) AS unfinished
       FROM turbines x
       LEFT JOIN ${this.s}.turbine_ref tr ON tr.turbine_id = x.turbine_id
       LEFT JOIN ${this.s}.park_ref p ON p.wind_farm_id = tr.wind_farm_id
       LEFT JOIN ${this.s}.campaign_turbine ct ON ct.campaign_id = $1 AND ct.turbine_id = x.turbine_id
       ORDER BY lower(tr.name), x.turbine_id`,
      [campaignId, REVIEW_STAGES],
    );
  }
}
