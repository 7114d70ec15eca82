import { Module } from '@nestjs/common';
import { TurbinesController } from './turbines.controller.js';
import { LicenceUsageController } from './licence-usage.controller.js';
import { TurbineQueriesService } from './turbine-queries.service.js';
import { TurbineRegistryService } from './turbine-registry.service.js';
import { TurbineRenameService } from './turbine-rename.service.js';
import { InspectionMoveService } from './inspection-move.service.js';
import { TurbineListRepository } from './turbine-list.repository.js';

@Module({
  controllers: [TurbinesController, LicenceUsageController],
  providers: [TurbineQueriesService, TurbineRegistryService, TurbineRenameService, InspectionMoveService, TurbineListRepository],
})
export class TurbinesModule {}
