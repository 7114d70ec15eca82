import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { TurbineQueriesService } from './turbine-queries.service.js';
import { TurbineRegistryService } from './turbine-registry.service.js';
import { TurbineRenameService } from './turbine-rename.service.js';
import { InspectionMoveService } from './inspection-move.service.js';
import { MoveInspectionsDto, ProjectTurbineListQuery, RenameTurbineDto, SaveTurbineDto, TurbineListQuery } from './turbine.dto.js';
import { InspectionsMovedView, TurbinePage, TurbineRenamedView, TurbineView } from './turbine.view.js';

const ITEM = 'context/api/v1/plants/:id/turbines/:turbineId';

@ApiTags('turbines')
@ApiBearerAuth()
@Controller()
export class TurbinesController {
  constructor(
    private readonly queries: TurbineQueriesService,
    private readonly registry: TurbineRegistryService,
    private readonly renames: TurbineRenameService,
    private readonly moves: InspectionMoveService,
  ) {}

  /** A park's turbines, paged and sorted on the server, with inspection and defect counts. */
  @Get('context/api/v1/plants/:id/turbines')
  list(@CurrentUser() user: AuthUser, @IdParam() id: string, @Query() q: TurbineListQuery): Promise<TurbinePage> {
    return this.queries.listForPark(user, id, q);
  }

  /** Every turbine of a park with its inspections, sorted by name (for selectors). */
  @Get('context/api/v2/plants/:id/all-turbines')
  all(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<TurbineView[]> {
    return this.queries.allForPark(user, id);
  }

  /** A project's turbines (its listed turbines, or every turbine of its parks), paged. */
  @Get('context/api/v1/projects/:id/turbines')
  ofProject(@CurrentUser() user: AuthUser, @IdParam() id: string, @Query() q: ProjectTurbineListQuery): Promise<TurbinePage> {
    return this.queries.forProject(user, id, q);
  }

  /** Adds a turbine to the park (within the customer's turbine quota); publishes asset.turbine.created. */
  @Post('context/api/v1/plants/:id/turbines')
  @RequireRights(Rights.TURBINE_ADD, Rights.ASSET_CONFIG_EDIT)
  create(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: SaveTurbineDto): Promise<TurbineView> {
    return this.registry.create(user, id, dto);
  }

  /** One turbine with its inspections. */
  @Get(ITEM)
  get(@CurrentUser() user: AuthUser, @IdParam() id: string, @IdParam('turbineId') turbineId: string): Promise<TurbineView> {
    return this.queries.get(user, id, turbineId);
  }

  /** Replaces a turbine's data; publishes asset.turbine.updated (and asset.turbine.renamed on a new name). */
  @Put(ITEM)
  @RequireRights(Rights.ASSET_CONFIG_EDIT)
  update(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @IdParam('turbineId') turbineId: string,
    @Body() dto: SaveTurbineDto,
  ): Promise<TurbineView> {
    return this.registry.update(user, id, turbineId, dto);
  }

  /** Deletes a turbine without inspections (409 TURBINE_HAS_DATA otherwise); answers 204 without a body. */
  @Delete(ITEM)
  @HttpCode(204)
  @RequireRights(Rights.ASSET_CONFIG_EDIT)
  async remove(@CurrentUser() user: AuthUser, @IdParam() id: string, @IdParam('turbineId') turbineId: string): Promise<void> {
    await this.registry.remove(user, id, turbineId);
  }

  /** SPEC §3 "Turbine rename" body: inspectionGuids, turbineName, turbineId. */
  @Post('gw/asset/api/v2/turbines/rename')
  @HttpCode(200)
  @RequireRights(Rights.INSPECTION_DATA, Rights.ASSET_CONFIG_EDIT)
  rename(@CurrentUser() user: AuthUser, @Body() dto: RenameTurbineDto): Promise<TurbineRenamedView> {
    return this.renames.rename(user, dto);
  }

  /** Moves inspections to another turbine of the same park with the same component configuration. */
  @Post('gw/asset/api/v2/turbines/move')
  @HttpCode(200)
  @RequireRights(Rights.INSPECTION_DATA, Rights.ASSET_CONFIG_EDIT)
  move(@CurrentUser() user: AuthUser, @Body() dto: MoveInspectionsDto): Promise<InspectionsMovedView> {
    return this.moves.move(user, dto);
  }
}
