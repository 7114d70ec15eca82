import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { INSPECTION_WRITE_RIGHTS } from '../common/access.js';
import { API } from '../inspections/inspections.controller.js';
import { LpsService } from './lps.service.js';
import { AddLpsMeasurementDto } from './lps.dto.js';
import { LpsMeasurementView } from './lps.view.js';

@ApiTags('lps')
@ApiBearerAuth()
@Controller(API)
export class LpsController {
  constructor(private readonly lps: LpsService) {}

  /** Adds a resistance reading to an LPS inspection (bounds from a template or given). */
  @Post('inspections/:id/lps-measurements')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  add(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: AddLpsMeasurementDto): Promise<LpsMeasurementView> {
    return this.lps.add(user, id, dto);
  }

  /** The inspection's readings by blade, receptor and side. */
  @Get('inspections/:id/lps-measurements')
  list(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<LpsMeasurementView[]> {
    return this.lps.list(user, id);
  }

  /** Deletes a reading. */
  @Delete('lps-measurements/:measurementId')
  @HttpCode(204)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  async remove(@CurrentUser() user: AuthUser, @IdParam('measurementId') measurementId: string): Promise<void> {
    await this.lps.remove(user, measurementId);
  }
}
