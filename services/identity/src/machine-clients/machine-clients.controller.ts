import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { CreateMachineClientDto, MachineClientListQuery } from './machine-client.dto.js';
import { CreatedMachineClientView, MachineClientPage, MachineClientView } from './machine-client.view.js';
import { MachineClientsService } from './machine-clients.service.js';

/**
 * Machine clients (OAuth2 client-credentials grant) for software such as drone ingestion:
 * user administrators register them (the secret is answered once), list and revoke them.
 */
@ApiTags('machine clients')
@ApiBearerAuth()
@Controller('context/api/v2/machine-clients')
export class MachineClientsController {
  constructor(private readonly clients: MachineClientsService) {}

  /** Paged; filters keyword (name or client id), revoked; sort by name, createdAt (default, newest first), lastUsedAt. */
  @Get()
  @RequireRights(Rights.USER_LIST_SHOW)
  list(@Query() q: MachineClientListQuery): Promise<MachineClientPage> {
    return this.clients.list(q);
  }

  /** Registers a client with rights and a data scope within the caller's own; answers its secret this once. */
  @Post()
  @RequireRights(Rights.USER_LIST_EDIT)
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateMachineClientDto): Promise<CreatedMachineClientView> {
    return this.clients.create(user, dto);
  }

  /** Revokes a client: its credentials get no more tokens, and tokens it holds are refused by the import service. */
  @Post(':id/revoke')
  @HttpCode(200)
  @RequireRights(Rights.USER_LIST_EDIT)
  revoke(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<MachineClientView> {
    return this.clients.revoke(user, id);
  }
}
