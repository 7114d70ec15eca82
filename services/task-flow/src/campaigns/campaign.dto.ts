import { IsIn } from 'class-validator';
import { CampaignTurbineStatus } from '@windward/contracts';

export class SetTurbineStatusDto {
  /** CampaignTurbineStatus: 1 not started, 2 in progress, 3 completed. */
  @IsIn(Object.values(CampaignTurbineStatus)) status!: number;
}
