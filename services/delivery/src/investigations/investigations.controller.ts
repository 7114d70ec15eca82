import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { InvestigationsService } from './investigations.service.js';
import { AddInvestigationDefectsDto, CreateInvestigationDto, InvestigationListQuery, InvestigationPoolQuery, InvestigationStatusDto } from './investigation.dto.js';
import { InvestigationCampaignPage, InvestigationCampaignView, InvestigationParkView, PoolDefectPage } from './investigation.view.js';

const API = 'gw/project/api/v2/investigation';

@ApiTags('investigations')
@ApiBearerAuth()
@Controller(API)
export class InvestigationsController {
  constructor(private readonly inv: InvestigationsService) {}

  /** The pool: defects of parks in scope that no investigation campaign holds. */
  @Get('pool')
  @RequireRights(Rights.INVESTIGATION_POOL, Rights.INVESTIGATION_EDIT)
  pool(@CurrentUser() user: AuthUser, @Query() q: InvestigationPoolQuery): Promise<PoolDefectPage> {
    return this.inv.pool(user, q);
  }

  /** SPEC §7 investigation park list. */
  @Get('plan/windParks')
  @RequireRights(Rights.INVESTIGATION_POOL, Rights.INVESTIGATION_CAMPAIGN, Rights.INVESTIGATION_EDIT)
  parks(@CurrentUser() user: AuthUser): Promise<InvestigationParkView[]> {
    return this.inv.parks(user);
  }

  /** Investigation campaigns in scope, paged and sorted on the server. */
  @Get('campaigns')
  @RequireRights(Rights.INVESTIGATION_CAMPAIGN, Rights.INVESTIGATION_EDIT)
  list(@CurrentUser() user: AuthUser, @Query() q: InvestigationListQuery): Promise<InvestigationCampaignPage> {
    return this.inv.list(user, q);
  }

  /** Creates a campaign of one park from pool defects (a defect in one campaign only). */
  @Post('campaigns')
  @RequireRights(Rights.INVESTIGATION_EDIT)
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateInvestigationDto): Promise<InvestigationCampaignView> {
    return this.inv.create(user, dto);
  }

  /** Adds pool defects of the campaign's park. */
  @Post('campaigns/:id/defects')
  @RequireRights(Rights.INVESTIGATION_EDIT)
  add(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: AddInvestigationDefectsDto): Promise<InvestigationCampaignView> {
    return this.inv.add(user, id, dto);
  }

  /** Removes a defect from a campaign that has not started. */
  @Delete('campaigns/:id/defects/:defectId')
  @RequireRights(Rights.INVESTIGATION_EDIT)
  removeDefect(@CurrentUser() user: AuthUser, @IdParam() id: string, @IdParam('defectId') defectId: string): Promise<InvestigationCampaignView> {
    return this.inv.removeDefect(user, id, defectId);
  }

  /** 1 to be investigated, 2 under investigation, 3 investigated; investigated is final. */
  @Put('campaigns/:id/status')
  @RequireRights(Rights.INVESTIGATION_EDIT)
  status(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: InvestigationStatusDto): Promise<InvestigationCampaignView> {
    return this.inv.changeStatus(user, id, dto.status);
  }

  /** Deletes a campaign that has not started; answers 204. */
  @Delete('campaigns/:id')
  @HttpCode(204)
  @RequireRights(Rights.INVESTIGATION_EDIT)
  async remove(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<void> {
    await this.inv.remove(user, id);
  }
}
