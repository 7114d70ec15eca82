import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@windward/service-kit';
import { ParkListsService } from './park-lists.service.js';

@ApiTags('park lists')
@ApiBearerAuth()
@Controller('gw/asset/api/v2')
export class ParkListsController {
  constructor(private readonly lists: ParkListsService) {}

  @Get('windPark/permittedProjectFarms')
  permittedProjectFarms(@CurrentUser() user: AuthUser) {
    return this.lists.permittedProjectFarms(user);
  }

  @Get('windPark/allPermittedProjectFarms')
  allPermittedProjectFarms(@CurrentUser() user: AuthUser) {
    return this.lists.allPermittedProjectFarms(user);
  }

  /** `componentTypes` in the part-1 coding (any other value = the LPS list). */
  @Get('farm/inspectedFarms')
  inspectedFarms(@CurrentUser() user: AuthUser, @Query() q: Record<string, unknown>) {
    return this.lists.inspectedFarms(user, q);
  }

  @Get('windPark/permittedCampaignParks')
  permittedCampaignParks(@CurrentUser() user: AuthUser, @Query() q: Record<string, unknown>) {
    return this.lists.permittedCampaignParks(user, q);
  }

  @Get('windPark/permittedOperationProjectParks')
  permittedOperationProjectParks(@CurrentUser() user: AuthUser) {
    return this.lists.permittedOperationProjectParks(user);
  }

  /** Entries `{id, name}`; the one named "LPS" supplies the LPS config id. */
  @Get('inspectionDataConfig/all')
  inspectionDataConfigs() {
    return this.lists.inspectionDataConfigs();
  }
}
