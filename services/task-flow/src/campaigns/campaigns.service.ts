import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, CampaignTurbineStatus as CT, EventTypes, ProjectStatusCode, type CampaignTurbineStatus } from '@windward/contracts';
import { EventPublisher, canSeeCustomer, canSeePark, type AuthUser } from '@windward/service-kit';
import { CampaignRepository, type TurbineScopeRecord } from './campaign.repository.js';
import type { CampaignTurbinePage, CampaignTurbineStatusView } from './campaign.view.js';

/** Allowed turbine status changes within a campaign; nothing returns to "not started". */
export const TURBINE_TRANSITIONS: Readonly<Record<CampaignTurbineStatus, readonly CampaignTurbineStatus[]>> = {
  [CT.NOT_STARTED]: [CT.IN_PROGRESS, CT.COMPLETED],
  [CT.IN_PROGRESS]: [CT.COMPLETED],
  // Reopened while its campaign is still running (refused once the campaign is completed).
  [CT.COMPLETED]: [CT.IN_PROGRESS],
};

const visible = (user: AuthUser, t: Pick<TurbineScopeRecord, 'wind_farm_id' | 'customer_id'>) =>
  canSeePark(user, t.wind_farm_id) && canSeeCustomer(user, t.customer_id);

/** Turbine status within an inspection campaign and the completion rules of SPEC §4. */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly ds: DataSource,
    private readonly campaigns: CampaignRepository,
    @Inject(EventPublisher) private readonly events: EventPublisher,
  ) {}

  private async turbineInScope(user: AuthUser, turbineId: string): Promise<TurbineScopeRecord> {
    const t = await this.campaigns.turbine(turbineId);
    if (!t || !visible(user, t)) throw new AppError('NOT_FOUND');
    return t;
  }

  async setStatus(user: AuthUser, campaignId: string, turbineId: string, to: CampaignTurbineStatus): Promise<CampaignTurbineStatusView> {
    await this.turbineInScope(user, turbineId);
    return this.ds.transaction(async (m) => {
      const campaign = await this.campaigns.campaign(campaignId, m, true);
      if (campaign && !campaign.active) throw new AppError('CAMPAIGN_INACTIVE_TASK_CANNOT_PROCEED');
      if (to === CT.IN_PROGRESS && campaign?.status === ProjectStatusCode.COMPLETED) throw new AppError('REPAIR_CAMPAIGN_COMPLETED_CANNOT_RESUME');
      const from = await this.campaigns.lockTurbineStatus(m, campaignId, turbineId);
      if (from === to) return this.view(campaignId, turbineId, to, await this.campaigns.unfinishedQa(m, campaignId, turbineId));
      if (!TURBINE_TRANSITIONS[from].includes(to)) throw new AppError('ILLEGAL_TRANSITION', { details: { from, to } });
      const unfinished = await this.campaigns.unfinishedQa(m, campaignId, turbineId);
      if (to === CT.COMPLETED && unfinished > 0) throw new AppError('UNFINISHED_QA_TASKS', { details: { unfinishedTasks: unfinished } });
      await this.campaigns.setTurbineStatus(m, campaignId, turbineId, to);
      await this.events.publish(m, EventTypes.TaskflowTurbineStatusChanged, `${campaignId}:${turbineId}`, { campaignId, turbineId, status: to }, user.userId);
      return this.view(campaignId, turbineId, to, unfinished);
    });
  }

  private view(campaignId: string, turbineId: string, status: number, unfinishedQaTaskCount: number): CampaignTurbineStatusView {
    return { campaignId, turbineId, status, unfinishedQaTaskCount };
  }

  /** Turbines of a campaign (those with tasks or a status) with their status and unfinished QA count. */
  async list(user: AuthUser, campaignId: string): Promise<CampaignTurbinePage> {
    const rows = (await this.campaigns.turbinesOf(campaignId)).filter((r) => visible(user, r));
    const campaign = await this.campaigns.campaign(campaignId);
    return {
      campaign: campaign ? { campaignId, name: campaign.name, status: campaign.status, active: campaign.active } : null,
      results: rows.map((r) => ({ turbineId: r.turbine_id, turbineName: r.name, status: r.status, unfinishedQaTaskCount: r.unfinished })),
      totalCount: rows.length,
    };
  }
}
