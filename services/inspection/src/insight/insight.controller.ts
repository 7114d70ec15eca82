import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, IdParam, type AuthUser } from '@windward/service-kit';
import { API } from '../inspections/inspections.controller.js';
import { HealthParksQuery, InsightQuery } from './insight.dto.js';
import { InsightService } from './insight.service.js';
import { ParkHealthListView, ParkHealthView, ParkInsightView } from './insight.view.js';

@ApiTags('insight')
@ApiBearerAuth()
@Controller(API)
export class InsightController {
  constructor(private readonly insight: InsightService) {}

  /** Health of every park of my scope (SPEC §9, past year). */
  @Get('health/parks')
  async parksHealth(@CurrentUser() user: AuthUser, @Query() q: HealthParksQuery): Promise<ParkHealthListView> {
    return { results: await this.insight.parksHealth(user, q) };
  }

  /** Health of one park and each of its turbines (SPEC §9, past year), with the figures the rule used. */
  @Get('health/parks/:id')
  parkHealth(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<ParkHealthView> {
    return this.insight.parkHealth(user, id);
  }

  /** Data insight of one park: counts by type, severity, component, turbine, blade zone; leading-edge erosion. */
  @Get('insights/parks/:id')
  parkInsight(@CurrentUser() user: AuthUser, @IdParam() id: string, @Query() q: InsightQuery): Promise<ParkInsightView> {
    return this.insight.parkInsight(user, id, q);
  }
}
