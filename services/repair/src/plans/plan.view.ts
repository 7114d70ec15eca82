import { PageOf } from '@windward/service-kit';

export class RepairBatchView {
  id!: string;
  name!: string;
  defectCount!: number;
}

/** A repair plan; `version` goes back with every edit (a stale one is refused with EDIT_CONFLICT). */
export class RepairPlanView {
  id!: string;
  name!: string;
  windFarmId!: string;
  windFarmName!: string | null;
  version!: number;
  defectCount!: number;
  /** Defects of the plan without a repair step (a campaign needs one for each of its defects). */
  withoutStepCount!: number;
  /** Defects of the plan already in a repair campaign. */
  inCampaignCount!: number;
  campaignCount!: number;
  batches!: RepairBatchView[];
  createdAt!: Date;
  updatedAt!: Date;
}

export class RepairPlanPage extends PageOf(RepairPlanView) {}

/** A defect as repair knows it from inspection's events. */
export class RepairDefectView {
  defectId!: string;
  defectNo!: string | null;
  inspectionId!: string;
  windFarmId!: string | null;
  turbineId!: string | null;
  turbineName!: string | null;
  defectType!: string | null;
  severity!: number | null;
  bladePosition!: number | null;
  distanceToRoot!: number | null;
  repairPriority!: number | null;
  timelineStatus!: string | null;
  /** The campaign repairing it, if any. */
  campaignId!: string | null;
  campaignName!: string | null;
}

export class RepairDefectPage extends PageOf(RepairDefectView) {}

/** A defect inside a plan: its batch and repair step. */
export class PlanDefectView extends RepairDefectView {
  batchId!: string | null;
  batchName!: string | null;
  templateId!: string | null;
  templateName!: string | null;
}

export class PlanDefectPage extends PageOf(PlanDefectView) {}

/** A turbine of a park (the plan form's turbine filter). */
export class RepairTurbineRefView {
  turbineId!: string;
  turbineName!: string;
}

/** A wind park repair knows (from asset's events) and the caller may see, with its turbines by name. */
export class RepairParkView {
  windFarmId!: string;
  windFarmName!: string;
  turbines!: RepairTurbineRefView[];
}
