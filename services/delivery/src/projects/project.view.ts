import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '@windward/service-kit';

export class ProjectOperatorView {
  id!: string;
  name!: string;
}

export class NamedRefView {
  id!: string;
  name!: string;
}

/** SPEC §3 project item, plus what the edit form needs. */
export class ProjectView {
  projectId!: string;
  projectName!: string;
  @ApiProperty({ enum: [1, 2, 3, 4, 5] })
  projectType!: number;
  subType!: number | null;
  serviceType!: number | null;
  /** 1 pending, 2 processing, 3 completed. */
  @ApiProperty({ enum: [1, 2, 3] })
  projectStatusType!: number;
  operation!: boolean;
  /** The O&M project this project is associated with (then it cannot be edited, deleted or change type). */
  operationProjectId!: string | null;
  /** O&M projects: the inspection projects associated with it. */
  affiliatedProjectIds!: string[];
  customerId!: string | null;
  customerName!: string | null;
  organizationId!: string | null;
  organizationName!: string | null;
  windFarmIds!: string[];
  /** Park names joined with ", " (the list column). */
  windFarmName!: string;
  windFarms!: NamedRefView[];
  internalTurbineIds!: string[];
  externalTurbineIds!: string[];
  /** Campaigns of the project completed / in progress. */
  completedCount!: number;
  processingCount!: number;
  plannedVolume!: number | null;
  operators!: ProjectOperatorView[];
  projectStartTime!: Date | null;
  projectCompleteTime!: Date | null;
  projectUpdatedTime!: Date;
  defectTemplateId!: string | null;
  dprTemplateId!: string | null;
}

export class ProjectPage extends PageOf(ProjectView) {}

export class SummaryParkView {
  windFarmId!: string;
  windFarmName!: string;
  turbineCount!: number;
  inspectedTurbineCount!: number;
}

/** GET /context/api/v1/projects/{id}/summary: the project and its inspection progress from delivery's read models. */
export class ProjectSummaryView {
  projectId!: string;
  projectName!: string;
  projectType!: number;
  subType!: number | null;
  projectStatusType!: number;
  customerName!: string | null;
  inspectionSubtype!: number;
  inspectionType!: number | null;
  inspectionDataConfigId!: string | null;
  /** Turbines the summary counts (the sub-type's list, else every turbine of the project's parks). */
  turbineCount!: number;
  inspectedTurbineCount!: number;
  inspectionCount!: number;
  campaignCount!: number;
  activeCampaignCount!: number;
  windFarms!: SummaryParkView[];
  projectStartTime!: Date | null;
  projectCompleteTime!: Date | null;
}
