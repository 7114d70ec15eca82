import { Body, Controller, Delete, Get, HttpCode, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AppError, Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, urlPathname, type AuthUser } from '@windward/service-kit';
import { ComponentTypesService } from './component-types.service.js';
import { ComponentTypeListQuery, SaveComponentTypeDto } from './component-type.dto.js';
import { ComponentTypePage, ComponentTypeView } from './component-type.view.js';
import { kindFromPath } from './component-kinds.js';

const BASE = 'context/api/v1/plants/:id';
const LIST_PATHS = ['generator', 'blade', 'nacelle', 'tower', 'foundation'].map((k) => `${BASE}/${k}-types`);
// SPEC §7: the generator item path is capitalised. Express matches paths case-insensitively,
// so `generator-types/{typeId}` reaches the same handler.
const ITEM_PATHS = ['Generator', 'blade', 'nacelle', 'tower', 'foundation'].map((k) => `${BASE}/${k}-types/:typeId`);

function kindOf(req: FastifyRequest) {
  const kind = kindFromPath(urlPathname(req.url));
  if (!kind) throw new AppError('NOT_FOUND');
  return kind;
}

@ApiTags('component types')
@ApiBearerAuth()
@Controller()
export class ComponentTypesController {
  constructor(private readonly types: ComponentTypesService) {}

  /** The park's types of the path's kind, paged and sorted on the server. */
  @Get(LIST_PATHS)
  list(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @Req() req: FastifyRequest,
    @Query() q: ComponentTypeListQuery,
  ): Promise<ComponentTypePage> {
    return this.types.list(user, id, kindOf(req), q);
  }

  /** Creates the type under the client's id or replaces it (the id never changes park or kind). */
  @Put(ITEM_PATHS)
  @RequireRights(Rights.ASSET_CONFIG_EDIT)
  save(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @IdParam('typeId') typeId: string,
    @Req() req: FastifyRequest,
    @Body() dto: SaveComponentTypeDto,
  ): Promise<ComponentTypeView> {
    return this.types.upsert(user, id, kindOf(req), typeId, dto);
  }

  /** Deletes a type no turbine uses (409 COMPONENT_TYPE_IN_USE otherwise); answers 204 without a body. */
  @Delete(ITEM_PATHS)
  @HttpCode(204)
  @RequireRights(Rights.ASSET_CONFIG_EDIT)
  async remove(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @IdParam('typeId') typeId: string,
    @Req() req: FastifyRequest,
  ): Promise<void> {
    await this.types.remove(user, id, kindOf(req), typeId);
  }
}
