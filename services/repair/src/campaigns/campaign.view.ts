import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '@windward/service-kit';

export class TechnicianView {
  userId!: string;
  username!: string;
  displayName!: string;
}

export class TechnicianPage extends PageOf(TechnicianView) {}

/** How many of the campaign's defects are in each repair status (1…6). */
export class RepairStatusCountView {
  @ApiProperty({ enum: [1, 2, 3, 4, 5, 6] })
  repairStatus!: number;
  count!: number;
}

/** A repair campaign with its progress (the overview's row). */
export class RepairCampaignView {
  id!: string;
  name!: string;
  planId!: string;
  planName!: string;
  windFarmId!: string;
  windFarmName!: string | null;
  projectId!: string | null;
  projectName!: string | null;
  startDate!: string;
  endDate!: string;
  @ApiProperty({ enum: [0, 1, 2] })
  status!: number;
  defectCount!: number;
  /** Defects whose repair ended (completed, failed, won't fix, fixed). */
  doneCount!: number;
  /** doneCount / defectCount in percent, 0 for an empty campaign. */
  progress!: number;
  byStatus!: RepairStatusCountView[];
  turbineCount!: number;
  turbinesDone!: number;
  technicians!: TechnicianView[];
  createdAt!: Date;
}

export class RepairCampaignPage extends PageOf(RepairCampaignView) {}

/** A turbine's progress inside a campaign. */
export class CampaignTurbineView {
  turbineId!: string;
  turbineName!: string | null;
  @ApiProperty({ enum: [0, 1, 2] })
  status!: number;
  defectCount!: number;
  doneCount!: number;
}

export class RepairCampaignDetailView extends RepairCampaignView {
  turbines!: CampaignTurbineView[];
}

/** A before/after photo of a repair record (bytes at GET campaigns/{id}/photos/{photoId}). */
export class RepairPhotoView {
  id!: string;
  @ApiProperty({ enum: ['before', 'after'] })
  kind!: string;
  @ApiProperty({ enum: ['jpeg', 'png'] })
  format!: string;
  width!: number;
  height!: number;
}

/** One piece of repair work on a defect. */
export class RepairRecordView {
  id!: string;
  defectId!: string;
  technicianId!: string;
  technicianName!: string | null;
  repairDate!: string;
  distanceToRoot!: number;
  @ApiProperty({ enum: [2, 3, 4, 5, 6] })
  outcome!: number;
  comment!: string;
  photos!: RepairPhotoView[];
  createdAt!: Date;
}

/** A defect inside a campaign (repairDetailList / repairTurbine). */
export class CampaignDefectView {
  defectId!: string;
  defectNo!: string | null;
  turbineId!: string | null;
  turbineName!: string | null;
  defectType!: string | null;
  severity!: number | null;
  bladePosition!: number | null;
  distanceToRoot!: number | null;
  /** Length of the defect's blade in metres, when asset announced it (the record form's upper bound). */
  bladeLength!: number | null;
  repairPriority!: number | null;
  @ApiProperty({ enum: [1, 2, 3, 4, 5, 6] })
  repairStatus!: number;
  templateId!: string | null;
  templateName!: string | null;
  recordCount!: number;
  updatedAt!: Date;
}

export class CampaignDefectPage extends PageOf(CampaignDefectView) {}

/** An unfinished O&M project of delivery covering a park (the campaign form's picker); dates bound the campaign (-6009). */
export class OmProjectView {
  projectId!: string;
  projectName!: string;
  startDate!: string | null;
  endDate!: string | null;
}
