import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, RequireRights, type AuthUser } from '@windward/service-kit';
import { InstallLicenceDto } from './licence.dto.js';
import { LicenceView } from './licence.view.js';
import { LicenceService } from './licence.service.js';

/** The platform licence (docs/licence.md): view it and install a new licence file. */
@ApiTags('licence')
@ApiBearerAuth()
@Controller('context/api/v1/licence')
export class LicenceController {
  constructor(private readonly licence: LicenceService) {}

  /** The licence in force, verified now: status, customer, expiry, turbine quota and modules. */
  @Get()
  @RequireRights(Rights.LICENCE)
  current(): Promise<LicenceView> {
    return this.licence.current();
  }

  /** Installs a signed licence file; a changed, untrusted or expired file is refused and the licence in force stays. */
  @Put()
  @RequireRights(Rights.LICENCE)
  install(@CurrentUser() user: AuthUser, @Body() dto: InstallLicenceDto): Promise<LicenceView> {
    return this.licence.install(user, dto.licence);
  }
}
