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
  /** Defects with a recorded outcome. */
  resultCount!: number;
  createdAt!: Date;
  /** When it went under investigation / was investigated (null until then). */
  startedAt!: Date | null;
  completedAt!: Date | null;
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

/** A defect of an investigation campaign with the outcome recorded for it. */
export class InvestigationDefectView {
  defectId!: string;
  /** The 6-digit defect id users see (null when inspection has not announced it). */
  defectNo!: string | null;
  inspectionId!: string;
  turbineId!: string | null;
  turbineName!: string | null;
  /** Blade 1..3 on the rotor. */
  bladePosition!: number | null;
  defectType!: string | null;
  severity!: number | null;
  /** 1 confirmed, 2 not confirmed, 3 inconclusive; null = not recorded yet. */
  result!: number | null;
  notes!: string | null;
  resultAt!: Date | null;
}
export class InvestigationDefectPage extends PageOf(InvestigationDefectView) {}
