import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { INSPECTION_WRITE_RIGHTS } from '../common/access.js';
import { InspectionsService } from './inspections.service.js';
import { CreateInspectionDto, UpdateInspectionDto } from './inspection.dto.js';

export const API = 'gw/inspection/api/v2';

@ApiTags('inspections')
@ApiBearerAuth()
@Controller(API)
export class InspectionsController {
  constructor(private readonly inspections: InspectionsService) {}

  @Post('inspections')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateInspectionDto) {
    return this.inspections.create(user, dto);
  }

  /** Per park (`windFarmId`) or per turbine (`turbineId`), paged and sorted on the server. */
  @Get('inspections')
  list(@CurrentUser() user: AuthUser, @Query() q: Record<string, unknown>) {
    return this.inspections.list(user, q);
  }

  /** 200 `{movable}` or 409 INSPECTION_LINKED_FOR_TIMELINE: asked before asset moves inspections. */
  @Get('inspections/move-check')
  moveCheck(@CurrentUser() user: AuthUser, @Query() q: Record<string, unknown>) {
    return this.inspections.moveCheck(user, q);
  }

  @Get('inspections/:id')
  get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.inspections.get(user, id);
  }

  @Patch('inspections/:id')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  update(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: UpdateInspectionDto) {
    return this.inspections.update(user, id, dto);
  }
}
