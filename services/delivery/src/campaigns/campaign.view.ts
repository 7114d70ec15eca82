import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '@windward/service-kit';

/** An inspection campaign of a project. */
export class CampaignView {
  campaignId!: string;
  projectId!: string;
  projectName!: string;
  name!: string;
  @ApiProperty({ enum: [1, 2, 3, 4, 5] })
  campaignType!: number;
  /** 1 pending, 2 processing, 3 completed. */
  @ApiProperty({ enum: [1, 2, 3] })
  status!: number;
  /** false = inactive for good; its ongoing tasks cannot proceed. */
  active!: boolean;
  windFarmIds!: string[];
  startTime!: Date | null;
  endTime!: Date | null;
  updatedAt!: Date;
}

export class CampaignPage extends PageOf(CampaignView) {}
