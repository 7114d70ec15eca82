import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, CampaignTurbineStatus as CT, EventTypes, ProjectStatusCode, TaskStageStatus as SS, TaskStatus as TS, isEnumValue, type CampaignTurbineStatus, isUuid } from '@windward/contracts';
import { EventPublisher, canSeeCustomer, canSeePark, type AuthUser } from '@windward/service-kit';
import { Inject } from '@nestjs/common';
import { Sql, type Row } from '../common/sql.js';
import { bad } from '../common/access.js';
import { REVIEWED_WORK } from '../tasks/pipeline.js';

/** Allowed turbine status changes within a campaign; nothing returns to "not started". */
export const TURBINE_TRANSITIONS: Readonly<Record<CampaignTurbineStatus, readonly CampaignTurbineStatus[]>> = {
  [CT.NOT_STARTED]: [CT.IN_PROGRESS, CT.COMPLETED],
  [CT.IN_PROGRESS]: [CT.COMPLETED],
  // Reopened while its campaign is still running (refused once the campaign is completed).
  [CT.COMPLETED]: [CT.IN_PROGRESS],
};

const REVIEW_STAGES = Object.keys(REVIEWED_WORK).map(Number);

/** Turbine status within an inspection campaign and the completion rules of SPEC §4. */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly ds: DataSource,
    private readonly sql: Sql,
    @Inject(EventPublisher) private readonly events: EventPublisher,
  ) {}

  private get s() {
    return this.sql.s;
  }

  /** Tasks of the turbine in the campaign whose QA/FQA is not finished (terminated and inactive tasks do not count). */
  private async unfinishedQa(m: { query: DataSource['query'] }, campaignId: string, turbineId: string): Promise<number> {
    const [{ n }] = await m.query(
      `SELECT count(DISTINCT t.id)::int AS n FROM ${this.s}.task t JOIN ${this.s}.task_stage ts ON ts.task_id = t.id
       WHERE t.campaign_id = $1 AND t.turbine_id = $2 AND t.status NOT IN (${TS.TERMINATED}, ${TS.INACTIVE})
         AND ts.stage = ANY($3::int[]) AND ts.status NOT IN (${SS.COMPLETED}, ${SS.SKIP})`,
      [campaignId, turbineId, REVIEW_STAGES],
    );
    return n;
  }

  private async turbineInScope(user: AuthUser, turbineId: string): Promise<Row> {
    const [t] = await this.ds.query(
      `SELECT tr.turbine_id, tr.name, tr.wind_farm_id, p.customer_id FROM ${this.s}.turbine_ref tr LEFT JOIN ${this.s}.park_ref p ON p.wind_farm_id = tr.wind_farm_id
       WHERE tr.turbine_id = $1 AND NOT tr.deleted`,
      [turbineId],
    );
    if (!t || !canSeePark(user, t.wind_farm_id) || !canSeeCustomer(user, t.customer_id)) throw new AppError('NOT_FOUND');
    return t;
  }

  async setStatus(user: AuthUser, campaignId: string, turbineId: string, status: unknown) {
    if (!isUuid(campaignId) || !isUuid(turbineId)) throw new AppError('NOT_FOUND');
    if (!isEnumValue(CT, status)) bad('status', status);
    const to = status as CampaignTurbineStatus;
    await this.turbineInScope(user, turbineId);
    return this.ds.transaction(async (m) => {
      const [campaign] = await m.query(`SELECT * FROM ${this.s}.campaign_ref WHERE campaign_id = $1 FOR SHARE`, [campaignId]);
      if (campaign && !campaign.active) throw new AppError('CAMPAIGN_INACTIVE_TASK_CANNOT_PROCEED');
      if (to === CT.IN_PROGRESS && campaign?.status === ProjectStatusCode.COMPLETED) throw new AppError('REPAIR_CAMPAIGN_COMPLETED_CANNOT_RESUME');
      await m.query(`INSERT INTO ${this.s}.campaign_turbine (campaign_id, turbine_id, status) VALUES ($1, $2, ${CT.NOT_STARTED}) ON CONFLICT DO NOTHING`, [
        campaignId,
        turbineId,
      ]);
      const [row] = await m.query(`SELECT status FROM ${this.s}.campaign_turbine WHERE campaign_id = $1 AND turbine_id = $2 FOR UPDATE`, [campaignId, turbineId]);
      const from = row.status as CampaignTurbineStatus;
      if (from === to) return this.view(campaignId, turbineId, to, await this.unfinishedQa(m, campaignId, turbineId));
      if (!TURBINE_TRANSITIONS[from].includes(to)) throw new AppError('ILLEGAL_TRANSITION', { details: { from, to } });
      const unfinished = await this.unfinishedQa(m, campaignId, turbineId);
      if (to === CT.COMPLETED && unfinished > 0) throw new AppError('UNFINISHED_QA_TASKS', { details: { unfinishedTasks: unfinished } });
      await m.query(`UPDATE ${this.s}.campaign_turbine SET status = $3, updated_at = now() WHERE campaign_id = $1 AND turbine_id = $2`, [campaignId, turbineId, to]);
      await this.events.publish(m, EventTypes.TaskflowTurbineStatusChanged, `${campaignId}:${turbineId}`, { campaignId, turbineId, status: to }, user.userId);
      return this.view(campaignId, turbineId, to, unfinished);
    });
  }

  private view(campaignId: string, turbineId: string, status: number, unfinishedQaTaskCount: number) {
    return { campaignId, turbineId, status, unfinishedQaTaskCount };
  }

  /** Turbines of a campaign (those with tasks or a status) with their status and unfinished QA count. */
  async list(user: AuthUser, campaignId: string) {
    if (!isUuid(campaignId)) throw new AppError('NOT_FOUND');
    const rows: Row[] = await this.ds.query(
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
    const visible = rows.filter((r) => canSeePark(user, r.wind_farm_id) && canSeeCustomer(user, r.customer_id));
    const [campaign] = await this.ds.query(`SELECT * FROM ${this.s}.campaign_ref WHERE campaign_id = $1`, [campaignId]);
    return {
      campaign: campaign ? { campaignId, name: campaign.name, status: campaign.status, active: campaign.active } : null,
      results: visible.map((r) => ({ turbineId: r.turbine_id, turbineName: r.name, status: r.status, unfinishedQaTaskCount: r.unfinished })),
      totalCount: visible.length,
    };
  }
}
