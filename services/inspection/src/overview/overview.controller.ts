import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, IdParam, type AuthUser } from '@windward/service-kit';
import { API } from '../inspections/inspections.controller.js';
import { OverviewService } from './overview.service.js';
import { ComponentResultsQuery, ParkOverviewQuery } from './overview.dto.js';
import { ComponentResultsView, ParkOverviewView } from './overview.view.js';

@ApiTags('overview')
@ApiBearerAuth()
@Controller(API)
export class OverviewController {
  constructor(private readonly overview: OverviewService) {}

  /**
   * Wind farm overview results: every turbine of the park with its latest inspection per
   * component, worst severity (blade colour level), defect counts per severity and LPS pass/fail
   * per receptor. Components without the caller's show right are left out; asking for one is
   * refused (NO_ACCESS_RIGHTS).
   */
  @Get('wind-parks/:id/overview')
  parkOverview(@CurrentUser() user: AuthUser, @IdParam() id: string, @Query() q: ParkOverviewQuery): Promise<ParkOverviewView> {
    return this.overview.parkOverview(user, id, q);
  }

  /** The component page: a turbine's inspections of one component, the chosen one with its photos and the one it is compared with. */
  @Get('turbines/:turbineId/components/:componentType')
  componentResults(
    @CurrentUser() user: AuthUser,
    @IdParam('turbineId') turbineId: string,
    @Param('componentType') componentType: string,
    @Query() q: ComponentResultsQuery,
  ): Promise<ComponentResultsView> {
    return this.overview.componentResults(user, turbineId, componentType, q);
  }
}
