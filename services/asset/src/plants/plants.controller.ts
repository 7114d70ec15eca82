import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { PlantsService } from './plants.service.js';
import { PlantActiveDto, SavePlantDto } from './plant.dto.js';

@ApiTags('plants')
@ApiBearerAuth()
@Controller()
export class PlantsController {
  constructor(private readonly plants: PlantsService) {}

  /** Wind parks in the caller's data scope, paged and sorted on the server. */
  @Get('context/api/v1/plants')
  list(@CurrentUser() user: AuthUser, @Query() q: Record<string, unknown>) {
    return this.plants.list(user, q);
  }

  @Post('context/api/v1/plants')
  @RequireRights(Rights.ASSET_CONFIG_EDIT)
  create(@CurrentUser() user: AuthUser, @Body() dto: SavePlantDto) {
    return this.plants.create(user, dto);
  }

  @Get('context/api/v1/plants/:id')
  get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.plants.get(user, id);
  }

  @Put('context/api/v1/plants/:id')
  @RequireRights(Rights.ASSET_CONFIG_EDIT)
  update(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: SavePlantDto) {
    return this.plants.update(user, id, dto);
  }

  @Put('context/api/v1/plants/:id/active')
  @RequireRights(Rights.ASSET_CONFIG_EDIT)
  setActive(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: PlantActiveDto) {
    return this.plants.setActive(user, id, dto.active);
  }

  @Get('context/api/v1/plants/:id/last-inspection-info')
  lastInspection(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.plants.lastInspectionInfo(user, id);
  }

  @Get('context/api/v2/plants/:id/projects')
  projects(@CurrentUser() user: AuthUser, @Param('id') id: string, @Query() q: Record<string, unknown>) {
    return this.plants.projects(user, id, q);
  }
}
