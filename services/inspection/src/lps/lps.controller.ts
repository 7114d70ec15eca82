import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { INSPECTION_WRITE_RIGHTS } from '../common/access.js';
import { API } from '../inspections/inspections.controller.js';
import { LpsService, type LpsBody } from './lps.service.js';

@ApiTags('lps')
@ApiBearerAuth()
@Controller(API)
export class LpsController {
  constructor(private readonly lps: LpsService) {}

  /** `{bladePosition, receptorId, side: PS|SS, reading: number|"OC", ringCount?, templateId? | minOhm?/maxOhm?}` */
  @Post('inspections/:id/lps-measurements')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  add(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: LpsBody) {
    return this.lps.add(user, id, body);
  }

  @Get('inspections/:id/lps-measurements')
  list(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.lps.list(user, id);
  }

  @Delete('lps-measurements/:measurementId')
  @HttpCode(204)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  async remove(@CurrentUser() user: AuthUser, @Param('measurementId') measurementId: string) {
    await this.lps.remove(user, measurementId);
  }
}
