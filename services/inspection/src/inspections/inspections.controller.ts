import { Body, Controller, Get, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { INSPECTION_WRITE_RIGHTS } from '../common/access.js';
import { InspectionsService } from './inspections.service.js';
import { CreateInspectionDto, InspectionListQuery, MoveCheckQuery, UpdateInspectionDto } from './inspection.dto.js';
import { InspectionDetailView, InspectionPage, MoveCheckView } from './inspection.view.js';

export const API = 'gw/inspection/api/v2';

@ApiTags('inspections')
@ApiBearerAuth()
@Controller(API)
export class InspectionsController {
  constructor(private readonly inspections: InspectionsService) {}

  /** Creates an inspection of a turbine (-10009 when the turbine has one of this component that day). */
  @Post('inspections')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateInspectionDto): Promise<InspectionDetailView> {
    return this.inspections.create(user, dto);
  }

  /** Per park (`windFarmId`) or per turbine (`turbineId`), paged and sorted on the server. */
  @Get('inspections')
  list(@CurrentUser() user: AuthUser, @Query() q: InspectionListQuery): Promise<InspectionPage> {
    return this.inspections.list(user, q);
  }

  /** 200 `{movable}` or 409 INSPECTION_LINKED_FOR_TIMELINE: asked before asset moves inspections. */
  @Get('inspections/move-check')
  moveCheck(@CurrentUser() user: AuthUser, @Query() q: MoveCheckQuery): Promise<MoveCheckView> {
    return this.inspections.moveCheck(user, q);
  }

  /** One inspection, with its blades. */
  @Get('inspections/:id')
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<InspectionDetailView> {
    return this.inspections.get(user, id);
  }

  /** Changes the pilot, the device or the active flag. */
  @Patch('inspections/:id')
  @RequireRights(...INSPECTION_WRITE_RIGHTS)
  update(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: UpdateInspectionDto): Promise<InspectionDetailView> {
    return this.inspections.update(user, id, dto);
  }
}
