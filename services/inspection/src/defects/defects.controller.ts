import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { INSPECTION_WRITE_RIGHTS } from '../common/access.js';
import { API } from '../inspections/inspections.controller.js';
import { DefectsService } from './defects.service.js';
import { CreateDefectDto, DpsStatusDto, UpdateDefectDto } from './defect.dto.js';

@ApiTags('defects')
@ApiBearerAuth()
@Controller(API)
export class DefectsController {
  constructor(private readonly defects: DefectsService) {}

  @Post('inspections/:id/defects')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  create(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: CreateDefectDto) {
    return this.defects.create(user, id, dto);
  }

  @Get('defects')
  list(@CurrentUser() user: AuthUser, @Query() q: Record<string, unknown>) {
    return this.defects.list(user, q);
  }

  @Get('defects/:defectId')
  get(@CurrentUser() user: AuthUser, @Param('defectId') defectId: string) {
    return this.defects.get(user, defectId);
  }

  @Patch('defects/:defectId')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  update(@CurrentUser() user: AuthUser, @Param('defectId') defectId: string, @Body() dto: UpdateDefectDto) {
    return this.defects.update(user, defectId, dto);
  }

  /** Review (DPS) status: engineers and QA reviewers move defects through the report flow. */
  @Put('defects/:defectId/dps-status')
  @RequireRights(Rights.INSPECTION_DATA, Rights.QA_EDIT, Rights.APPROVAL_TASKS_EDIT)
  dps(@CurrentUser() user: AuthUser, @Param('defectId') defectId: string, @Body() dto: DpsStatusDto) {
    return this.defects.setDpsStatus(user, defectId, dto.dpsStatus);
  }

  @Delete('defects/:defectId')
  @HttpCode(204)
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  async remove(@CurrentUser() user: AuthUser, @Param('defectId') defectId: string) {
    await this.defects.remove(user, defectId);
  }
}
