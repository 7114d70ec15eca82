import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights, type CampaignTurbineStatus } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { READ_RIGHTS } from '../common/access.js';
import { CampaignsService } from './campaigns.service.js';
import { SetTurbineStatusDto } from './campaign.dto.js';
import { CampaignTurbinePage, CampaignTurbineStatusView } from './campaign.view.js';

@ApiTags('campaigns')
@ApiBearerAuth()
@Controller('gw/task/api/v2/campaigns')
export class CampaignsController {
  constructor(private readonly svc: CampaignsService) {}

  /** Turbines of a campaign with their status and unfinished QA count. */
  @Get(':campaignId/turbines')
  @RequireRights(...READ_RIGHTS, Rights.PROGRESS_DASHBOARD_SHOW)
  list(@CurrentUser() u: AuthUser, @IdParam('campaignId') campaignId: string): Promise<CampaignTurbinePage> {
    return this.svc.list(u, campaignId);
  }

  /** Sets a turbine's status within the campaign (completed only when its QA/FQA is finished). */
  @Put(':campaignId/turbines/:turbineId/status')
  @RequireRights(Rights.DATA_MANAGEMENT_EDIT, Rights.PROGRESS_DASHBOARD_EDIT)
  setStatus(
    @CurrentUser() u: AuthUser,
    @IdParam('campaignId') c: string,
    @IdParam('turbineId') t: string,
    @Body() b: SetTurbineStatusDto,
  ): Promise<CampaignTurbineStatusView> {
    return this.svc.setStatus(u, c, t, b.status as CampaignTurbineStatus);
  }
}
