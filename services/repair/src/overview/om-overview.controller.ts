import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { API_BASE } from '../common/access.js';
import { OmOverviewQuery, OmParkListQuery } from './om-overview.dto.js';
import { OmOverviewService } from './om-overview.service.js';
import { OmOverviewView, OmParkPage } from './om-overview.view.js';

/** Data insight readers (the console's data center) and repair readers see the overview. */
const READ = [Rights.MENU_DATA_INSIGHT, Rights.MENU_REPAIR_OVERVIEW, Rights.REPAIR_PLAN_SHOW];

@ApiTags('O&M overview')
@ApiBearerAuth()
@Controller(API_BASE)
export class OmOverviewController {
  constructor(private readonly overview: OmOverviewService) {}

  /** The KPI cards of one customer: open defects by repair priority, campaigns by status, inspections due. */
  @Get('om-overview')
  @RequireRights(...READ)
  get(@CurrentUser() user: AuthUser, @Query() q: OmOverviewQuery): Promise<OmOverviewView> {
    return this.overview.overview(user, q);
  }

  /** The same figures per park of the customer, paged and sorted on the server. */
  @Get('om-overview/parks')
  @RequireRights(...READ)
  parks(@CurrentUser() user: AuthUser, @Query() q: OmParkListQuery): Promise<OmParkPage> {
    return this.overview.parks(user, q);
  }
}
