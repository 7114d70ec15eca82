import { PageOf } from '@windward/service-kit';

export class PoolDefectView {
  defectId!: string;
  inspectionId!: string;
  turbineId!: string;
  turbineName!: string | null;
  windFarmId!: string;
  severity!: number | null;
}
export class PoolDefectPage extends PageOf(PoolDefectView) {}

export class InvestigationCampaignView {
  campaignId!: string;
  name!: string;
  windFarmId!: string;
  windFarmName!: string | null;
  /** 1 to be investigated, 2 under investigation, 3 investigated. */
  status!: number;
  defectIds!: string[];
  updatedAt!: Date;
}
export class InvestigationCampaignPage extends PageOf(InvestigationCampaignView) {}

/** SPEC §7 investigation park list: parks with defects to investigate or investigation campaigns. */
export class InvestigationParkView {
  windFarmId!: string;
  windFarmName!: string;
  poolDefectCount!: number;
  campaignCount!: number;
}
