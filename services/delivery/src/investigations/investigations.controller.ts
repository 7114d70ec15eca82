import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { InvestigationsService } from './investigations.service.js';
import {
  AddInvestigationDefectsDto,
  CreateInvestigationDto,
  InvestigationDefectsQuery,
  InvestigationListQuery,
  InvestigationPoolQuery,
  InvestigationResultDto,
  InvestigationStatusDto,
} from './investigation.dto.js';
import { InvestigationCampaignPage, InvestigationCampaignView, InvestigationDefectPage, InvestigationDefectView, InvestigationParkView, PoolDefectPage } from './investigation.view.js';

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

  /** One campaign (the detail screen's header). */
  @Get('campaigns/:id')
  @RequireRights(Rights.INVESTIGATION_CAMPAIGN, Rights.INVESTIGATION_EDIT)
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<InvestigationCampaignView> {
    return this.inv.get(user, id);
  }

  /** The campaign's defects with their outcomes, paged and sorted on the server. */
  @Get('campaigns/:id/defects')
  @RequireRights(Rights.INVESTIGATION_CAMPAIGN, Rights.INVESTIGATION_EDIT)
  defects(@CurrentUser() user: AuthUser, @IdParam() id: string, @Query() q: InvestigationDefectsQuery): Promise<InvestigationDefectPage> {
    return this.inv.defects(user, id, q);
  }

  /** Records a defect's outcome and notes; only while the campaign is under investigation. */
  @Put('campaigns/:id/defects/:defectId')
  @RequireRights(Rights.INVESTIGATION_EDIT)
  setResult(@CurrentUser() user: AuthUser, @IdParam() id: string, @IdParam('defectId') defectId: string, @Body() dto: InvestigationResultDto): Promise<InvestigationDefectView> {
    return this.inv.setResult(user, id, defectId, dto);
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
