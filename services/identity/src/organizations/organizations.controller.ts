import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { OrganizationsService } from './organizations.service.js';

@ApiTags('organizations')
@ApiBearerAuth()
@Controller('context/api/v2/organizations')
export class OrganizationsController {
  constructor(private readonly orgs: OrganizationsService) {}

  /** Paged; filter `organizationName`; sort by organizationName, customerCount, pilotCount, createdAt. */
  @Get()
  @RequireRights(Rights.ORGANIZATION_LIST_SHOW)
  list(@Query() q: Record<string, unknown>) {
    return this.orgs.list(q);
  }

  @Post()
  @RequireRights(Rights.ORGANIZATION_LIST_EDIT)
  create(@CurrentUser() user: AuthUser, @Body('organizationName') name: unknown) {
    return this.orgs.create(user, name);
  }

  @Put(':id')
  @RequireRights(Rights.ORGANIZATION_LIST_EDIT)
  update(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body('organizationName') name: unknown) {
    return this.orgs.update(user, id, name);
  }

  @Delete(':id')
  @HttpCode(200)
  @RequireRights(Rights.ORGANIZATION_LIST_EDIT)
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.orgs.remove(user, id);
    return {};
  }
}
