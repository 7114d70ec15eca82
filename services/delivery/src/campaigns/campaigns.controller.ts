import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { CampaignsService } from './campaigns.service.js';
import { CampaignActiveDto, CampaignListQuery, CampaignStatusDto, SaveCampaignDto } from './campaign.dto.js';
import { CampaignPage, CampaignView } from './campaign.view.js';

const API = 'gw/project/api/v2/campaigns';

@ApiTags('inspection campaigns')
@ApiBearerAuth()
@Controller()
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsService) {}

  /** Inspection campaigns of projects in the caller's data scope, paged and sorted on the server. */
  @Get(API)
  @RequireRights(Rights.MENU_INSPECTION_CAMPAIGN, Rights.PROJECT_CENTER_SHOW, Rights.CAMPAIGN_MANAGER_SHOW)
  list(@CurrentUser() user: AuthUser, @Query() q: CampaignListQuery): Promise<CampaignPage> {
    return this.campaigns.list(user, q);
  }

  /** One inspection campaign. */
  @Get(`${API}/:id`)
  @RequireRights(Rights.MENU_INSPECTION_CAMPAIGN, Rights.PROJECT_CENTER_SHOW, Rights.CAMPAIGN_MANAGER_SHOW)
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<CampaignView> {
    return this.campaigns.get(user, id);
  }

  /** Creates an inspection campaign (types 1..5 fitting the project, -6007 otherwise); publishes delivery.campaign.created. */
  @Post(API)
  @RequireRights(Rights.PROJECT_CENTER_EDIT)
  create(@CurrentUser() user: AuthUser, @Body() dto: SaveCampaignDto): Promise<CampaignView> {
    return this.campaigns.create(user, dto);
  }

  /** Edits a campaign (not one whose project an ongoing O&M project holds); publishes delivery.campaign.updated. */
  @Put(`${API}/:id`)
  @RequireRights(Rights.PROJECT_CENTER_EDIT)
  update(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: SaveCampaignDto): Promise<CampaignView> {
    return this.campaigns.update(user, id, dto);
  }

  /** pending → processing → completed, never back. */
  @Put(`${API}/:id/status`)
  @RequireRights(Rights.PROJECT_CENTER_EDIT)
  status(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: CampaignStatusDto): Promise<CampaignView> {
    return this.campaigns.changeStatus(user, id, dto.status);
  }

  /** Sets a campaign inactive (final: its ongoing tasks stop in task-flow). */
  @Put(`${API}/:id/active`)
  @RequireRights(Rights.PROJECT_CENTER_EDIT)
  active(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: CampaignActiveDto): Promise<CampaignView> {
    return this.campaigns.setActive(user, id, dto.active);
  }
}
