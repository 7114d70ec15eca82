import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { READ_RIGHTS } from '../common/access.js';
import { CampaignsService } from './campaigns.service.js';

@ApiTags('campaigns')
@ApiBearerAuth()
@Controller('gw/task/api/v2/campaigns')
export class CampaignsController {
  constructor(private readonly svc: CampaignsService) {}

  @Get(':campaignId/turbines')
  @RequireRights(...READ_RIGHTS, Rights.PROGRESS_DASHBOARD_SHOW)
  list(@CurrentUser() u: AuthUser, @Param('campaignId') campaignId: string) {
    return this.svc.list(u, campaignId);
  }

  @Put(':campaignId/turbines/:turbineId/status')
  @RequireRights(Rights.DATA_MANAGEMENT_EDIT, Rights.PROGRESS_DASHBOARD_EDIT)
  setStatus(@CurrentUser() u: AuthUser, @Param('campaignId') c: string, @Param('turbineId') t: string, @Body() b: Record<string, unknown>) {
    return this.svc.setStatus(u, c, t, b?.status);
  }
}
