import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@windward/service-kit';
import { ParkListsService } from './park-lists.service.js';
import { CampaignParksQuery, InspectedFarmsQuery } from './park-list.dto.js';
import { CampaignParkView, InspectedFarmView, InspectionDataConfigView, ParkListEntryView } from './park-list.view.js';

@ApiTags('park lists')
@ApiBearerAuth()
@Controller('gw/asset/api/v2')
export class ParkListsController {
  constructor(private readonly lists: ParkListsService) {}

  /** Active parks in scope with at least one project that is not completed. */
  @Get('windPark/permittedProjectFarms')
  permittedProjectFarms(@CurrentUser() user: AuthUser): Promise<ParkListEntryView[]> {
    return this.lists.permittedProjectFarms(user);
  }

  /** Every active park in scope, with its latest project when it has one. */
  @Get('windPark/allPermittedProjectFarms')
  allPermittedProjectFarms(@CurrentUser() user: AuthUser): Promise<ParkListEntryView[]> {
    return this.lists.allPermittedProjectFarms(user);
  }

  /** Active parks in scope inspected for a component; `componentTypes` in the part-1 coding (any other value = the LPS list). */
  @Get('farm/inspectedFarms')
  inspectedFarms(@CurrentUser() user: AuthUser, @Query() q: InspectedFarmsQuery): Promise<InspectedFarmView[]> {
    return this.lists.inspectedFarms(user, q);
  }

  /** Active parks in scope whose project holds campaigns (optionally of one campaign type). */
  @Get('windPark/permittedCampaignParks')
  permittedCampaignParks(@CurrentUser() user: AuthUser, @Query() q: CampaignParksQuery): Promise<CampaignParkView[]> {
    return this.lists.permittedCampaignParks(user, q);
  }

  /** Active parks in scope covered by an O&M (operation) project. */
  @Get('windPark/permittedOperationProjectParks')
  permittedOperationProjectParks(@CurrentUser() user: AuthUser): Promise<ParkListEntryView[]> {
    return this.lists.permittedOperationProjectParks(user);
  }

  /** Inspection data configs `{id, name, componentType}`; the one named "LPS" supplies the LPS config id. */
  @Get('inspectionDataConfig/all')
  inspectionDataConfigs(): Promise<InspectionDataConfigView[]> {
    return this.lists.inspectionDataConfigs();
  }
}
