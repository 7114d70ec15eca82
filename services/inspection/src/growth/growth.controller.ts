import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { INSPECTION_WRITE_RIGHTS } from '../common/access.js';
import { API } from '../inspections/inspections.controller.js';
import { GrowthDecisionDto, GrowthQuery } from './growth.dto.js';
import { GrowthService } from './growth.service.js';
import { DefectGrowthPage, DefectGrowthView } from './growth.view.js';

@ApiTags('growth')
@ApiBearerAuth()
@Controller(API)
export class GrowthController {
  constructor(private readonly growth: GrowthService) {}

  /** Defects linked across inspections in a park, fastest growing first, with suggested upgrades. */
  @Get('growth/parks/:id')
  park(@CurrentUser() user: AuthUser, @IdParam() id: string, @Query() q: GrowthQuery): Promise<DefectGrowthPage> {
    return this.growth.park(user, id, q);
  }

  /** Accepts the suggested upgrade: the defect's severity/priority change (and its event). */
  @Post('growth/defects/:defectId/accept')
  @HttpCode(200)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  accept(@CurrentUser() user: AuthUser, @IdParam('defectId') defectId: string, @Body() dto: GrowthDecisionDto): Promise<DefectGrowthView> {
    return this.growth.accept(user, defectId, dto.rate);
  }

  /** Dismisses the suggested upgrade: nothing changes on the defect. */
  @Post('growth/defects/:defectId/dismiss')
  @HttpCode(200)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  dismiss(@CurrentUser() user: AuthUser, @IdParam('defectId') defectId: string, @Body() dto: GrowthDecisionDto): Promise<DefectGrowthView> {
    return this.growth.dismiss(user, defectId, dto.rate);
  }
}
