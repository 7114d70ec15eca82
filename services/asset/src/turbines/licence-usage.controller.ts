import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Rights } from '@windward/contracts';
import { RequireRights, licenceExpired, readLicenceRef } from '@windward/service-kit';
import { Turbine } from './turbine.entity.js';
import { LicenceUsageView } from './licence-usage.view.js';

@ApiTags('licence')
@ApiBearerAuth()
@Controller('gw/asset/api/v2/licence')
export class LicenceUsageController {
  constructor(private readonly ds: DataSource) {}

  /** How much of the licence's turbine quota is used (the console's licence screen). */
  @Get('usage')
  @RequireRights(Rights.LICENCE)
  async usage(): Promise<LicenceUsageView> {
    const licence = await readLicenceRef(this.ds.manager);
    return {
      turbinesUsed: await this.ds.manager.count(Turbine),
      maxTurbines: licence?.maxTurbines ?? null,
      status: !licence ? 'unknown' : !licence.valid ? 'invalid' : licence.expiresAt && licenceExpired(licence.expiresAt) ? 'expired' : 'valid',
    };
  }
}
