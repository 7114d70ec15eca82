import { Body, Controller, Delete, Get, HttpCode, Param, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AppError, Rights } from '@windward/contracts';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { ComponentTypesService } from './component-types.service.js';
import { SaveComponentTypeDto } from './component-type.dto.js';
import { kindFromPath } from './component-kinds.js';

const BASE = 'context/api/v1/plants/:id';
const LIST_PATHS = ['generator', 'blade', 'nacelle', 'tower', 'foundation'].map((k) => `${BASE}/${k}-types`);
// SPEC §7: the generator item path is capitalised. Express matches paths case-insensitively,
// so `generator-types/{typeId}` reaches the same handler.
const ITEM_PATHS = ['Generator', 'blade', 'nacelle', 'tower', 'foundation'].map((k) => `${BASE}/${k}-types/:typeId`);

function kindOf(req: Request) {
  const kind = kindFromPath(req.path);
  if (!kind) throw new AppError('NOT_FOUND');
  return kind;
}

@ApiTags('component types')
@ApiBearerAuth()
@Controller()
export class ComponentTypesController {
  constructor(private readonly types: ComponentTypesService) {}

  @Get(LIST_PATHS)
  list(@CurrentUser() user: AuthUser, @Param('id') id: string, @Req() req: Request, @Query() q: Record<string, unknown>) {
    return this.types.list(user, id, kindOf(req), q);
  }

  @Put(ITEM_PATHS)
  @RequireRights(Rights.ASSET_CONFIG_EDIT)
  save(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Param('typeId') typeId: string,
    @Req() req: Request,
    @Body() dto: SaveComponentTypeDto,
  ) {
    return this.types.upsert(user, id, kindOf(req), typeId, dto);
  }

  @Delete(ITEM_PATHS)
  @HttpCode(204)
  @RequireRights(Rights.ASSET_CONFIG_EDIT)
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('typeId') typeId: string, @Req() req: Request) {
    await this.types.remove(user, id, kindOf(req), typeId);
  }
}
