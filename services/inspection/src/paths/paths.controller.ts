import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { INSPECTION_WRITE_RIGHTS } from '../common/access.js';
import { API } from '../inspections/inspections.controller.js';
import { PathsService } from './paths.service.js';
import { SavePathDto } from './path.dto.js';
import { SortAndRemoveTaskView } from './path.view.js';

@ApiTags('paths')
@ApiBearerAuth()
@Controller(API)
export class PathsController {
  constructor(private readonly paths: PathsService) {}

  /** SPEC §3 sort-and-remove task: the inspection's paths with every image (inactive ones too). */
  @Get('inspections/:id/sort-and-remove')
  task(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<SortAndRemoveTaskView> {
    return this.paths.task(user, id);
  }

  /** Saves one path (order, moves, active flags, distance to root, key-part tags); labelers (qa.edit) sort too. */
  @Put('inspections/:id/paths/:pathGuid')
  @RequireRights(...INSPECTION_WRITE_RIGHTS, Rights.QA_EDIT)
  save(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @IdParam('pathGuid') pathGuid: string,
    @Body() dto: SavePathDto,
  ): Promise<SortAndRemoveTaskView> {
    return this.paths.save(user, id, pathGuid, dto);
  }
}
