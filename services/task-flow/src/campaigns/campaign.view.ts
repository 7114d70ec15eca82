import { PageOf } from '@windward/service-kit';

/** A turbine's status within a campaign. */
export class CampaignTurbineStatusView {
  campaignId!: string;
  turbineId!: string;
  /** CampaignTurbineStatus. */
  status!: number;
  /** Tasks of the turbine in the campaign whose QA/FQA is not finished. */
  unfinishedQaTaskCount!: number;
}

/** The campaign as task-flow knows it (from project's events). */
export class CampaignSummaryView {
  campaignId!: string;
  name!: string;
  /** ProjectStatusCode. */
  status!: number;
  active!: boolean;
}

/** A turbine of a campaign. */
export class CampaignTurbineView {
  turbineId!: string;
  turbineName!: string | null;
  /** CampaignTurbineStatus. */
  status!: number;
  unfinishedQaTaskCount!: number;
}

/** The turbines of a campaign (those with tasks or a status). */
export class CampaignTurbinePage extends PageOf(CampaignTurbineView) {
  /** null when task-flow has not heard of the campaign. */
  campaign!: CampaignSummaryView | null;
}
