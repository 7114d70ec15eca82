import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { PlantsService } from './plants.service.js';
import { ParkProjectListQuery, PlantActiveDto, PlantListQuery, SavePlantDto } from './plant.dto.js';
import { LastInspectionInfoView, ParkProjectPage, PlantPage, PlantView } from './plant.view.js';

@ApiTags('plants')
@ApiBearerAuth()
@Controller()
export class PlantsController {
  constructor(private readonly plants: PlantsService) {}

  /** Wind parks in the caller's data scope, paged and sorted on the server. */
  @Get('context/api/v1/plants')
  list(@CurrentUser() user: AuthUser, @Query() q: PlantListQuery): Promise<PlantPage> {
    return this.plants.list(user, q);
  }

  /** Creates a wind park of a customer asset knows; publishes asset.park.created. */
  @Post('context/api/v1/plants')
  @RequireRights(Rights.ASSET_CONFIG_EDIT)
  create(@CurrentUser() user: AuthUser, @Body() dto: SavePlantDto): Promise<PlantView> {
    return this.plants.create(user, dto);
  }

  /** One wind park with customer name, turbine count and last inspection time. */
  @Get('context/api/v1/plants/:id')
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<PlantView> {
    return this.plants.get(user, id);
  }

  /** Replaces a wind park's fields; moving it to another customer checks that customer's turbine quota. */
  @Put('context/api/v1/plants/:id')
  @RequireRights(Rights.ASSET_CONFIG_EDIT)
  update(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: SavePlantDto): Promise<PlantView> {
    return this.plants.update(user, id, dto);
  }

  /** Activates or deactivates a wind park (body `{active}`). */
  @Put('context/api/v1/plants/:id/active')
  @RequireRights(Rights.ASSET_CONFIG_EDIT)
  setActive(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: PlantActiveDto): Promise<PlantView> {
    return this.plants.setActive(user, id, dto.active);
  }

  /** The park's newest inspection; 404 LAST_INSPECTION_TIME_NOT_EXIST when it has none. */
  @Get('context/api/v1/plants/:id/last-inspection-info')
  lastInspection(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<LastInspectionInfoView> {
    return this.plants.lastInspectionInfo(user, id);
  }

  /** Projects covering the park, paged and sorted on the server (newest first by default). */
  @Get('context/api/v2/plants/:id/projects')
  projects(@CurrentUser() user: AuthUser, @IdParam() id: string, @Query() q: ParkProjectListQuery): Promise<ParkProjectPage> {
    return this.plants.projects(user, id, q);
  }
}
