import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser, OkView } from '@windward/service-kit';
import { OrganizationsService } from './organizations.service.js';
import { OrganizationListQuery, SaveOrganizationDto } from './organization.dto.js';
import { OrganizationPage, OrganizationView } from './organization.view.js';

@ApiTags('organizations')
@ApiBearerAuth()
@Controller('context/api/v2/organizations')
export class OrganizationsController {
  constructor(private readonly orgs: OrganizationsService) {}

  /** Paged; filter `organizationName`; sort by organizationName, customerCount, pilotCount, createdAt. */
  @Get()
  @RequireRights(Rights.ORGANIZATION_LIST_SHOW)
  list(@Query() q: OrganizationListQuery): Promise<OrganizationPage> {
    return this.orgs.list(q);
  }

  /** Creates an organization; publishes identity.organization.created. */
  @Post()
  @RequireRights(Rights.ORGANIZATION_LIST_EDIT)
  create(@CurrentUser() user: AuthUser, @Body() dto: SaveOrganizationDto): Promise<OrganizationView> {
    return this.orgs.create(user, dto.organizationName);
  }

  /** Renames an organization; publishes identity.organization.updated. */
  @Put(':id')
  @RequireRights(Rights.ORGANIZATION_LIST_EDIT)
  update(@CurrentUser() user: AuthUser, @IdParam() id: string, @Body() dto: SaveOrganizationDto): Promise<OrganizationView> {
    return this.orgs.update(user, id, dto.organizationName);
  }

  /** Refused while customers or users belong to it. */
  @Delete(':id')
  @HttpCode(200)
  @RequireRights(Rights.ORGANIZATION_LIST_EDIT)
  async remove(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<OkView> {
    await this.orgs.remove(user, id);
    return {};
  }
}
