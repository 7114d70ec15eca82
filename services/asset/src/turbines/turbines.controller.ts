import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { TurbinesService } from './turbines.service.js';
import { MoveInspectionsDto, RenameTurbineDto, SaveTurbineDto } from './turbine.dto.js';

const ITEM = 'context/api/v1/plants/:id/turbines/:turbineId';

@ApiTags('turbines')
@ApiBearerAuth()
@Controller()
export class TurbinesController {
  constructor(private readonly turbines: TurbinesService) {}

  @Get('context/api/v1/plants/:id/turbines')
  list(@CurrentUser() user: AuthUser, @Param('id') id: string, @Query() q: Record<string, unknown>) {
    return this.turbines.listForPark(user, id, q);
  }

  @Get('context/api/v2/plants/:id/all-turbines')
  all(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.turbines.allForPark(user, id);
  }

  @Get('context/api/v1/projects/:id/turbines')
  ofProject(@CurrentUser() user: AuthUser, @Param('id') id: string, @Query() q: Record<string, unknown>) {
    return this.turbines.forProject(user, id, q);
  }

  @Post('context/api/v1/plants/:id/turbines')
  @RequireRights(Rights.TURBINE_ADD, Rights.ASSET_CONFIG_EDIT)
  create(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: SaveTurbineDto) {
    return this.turbines.create(user, id, dto);
  }

  @Get(ITEM)
  get(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('turbineId') turbineId: string) {
    return this.turbines.get(user, id, turbineId);
  }

  @Put(ITEM)
  @RequireRights(Rights.ASSET_CONFIG_EDIT)
  update(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('turbineId') turbineId: string, @Body() dto: SaveTurbineDto) {
    return this.turbines.update(user, id, turbineId, dto);
  }

  @Delete(ITEM)
  @HttpCode(204)
  @RequireRights(Rights.ASSET_CONFIG_EDIT)
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('turbineId') turbineId: string) {
    await this.turbines.remove(user, id, turbineId);
  }

  /** SPEC §3 "Turbine rename" body: inspectionGuids, turbineName, turbineId. */
  @Post('gw/asset/api/v2/turbines/rename')
  @HttpCode(200)
  @RequireRights(Rights.INSPECTION_DATA, Rights.ASSET_CONFIG_EDIT)
  rename(@CurrentUser() user: AuthUser, @Body() dto: RenameTurbineDto) {
    return this.turbines.rename(user, dto);
  }

  /** Moves inspections to another turbine of the same park with the same component configuration. */
  @Post('gw/asset/api/v2/turbines/move')
  @HttpCode(200)
  @RequireRights(Rights.INSPECTION_DATA, Rights.ASSET_CONFIG_EDIT)
  move(@CurrentUser() user: AuthUser, @Body() dto: MoveInspectionsDto) {
    return this.turbines.move(user, dto);
  }
}
