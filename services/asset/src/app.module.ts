import { Module } from '@nestjs/common';
import { LicenceRefConsumer, ServiceKitModule } from '@windward/service-kit';
import { AssetInitial1763700000200 } from './migrations/1763700000200-asset-initial.js';
import { AssetRegistry1763700000300 } from './migrations/1763700000300-asset-registry.js';
import { AssetTimelineLinks1763700000310 } from './migrations/1763700000310-asset-timeline-links.js';
import { AssetInspectionActive1763700000320 } from './migrations/1763700000320-asset-inspection-active.js';
import { AssetLicence1764160000000 } from './migrations/1764160000000-asset-licence.js';
import { CustomerRef } from './customers/customer-ref.entity.js';
import { WindPark } from './plants/wind-park.entity.js';
import { ComponentTypeEntity } from './component-types/component-type.entity.js';
import { Turbine } from './turbines/turbine.entity.js';
import { Blade } from './turbines/blade.entity.js';
import { InspectionRef } from './activity/inspection-ref.entity.js';
import { DefectRef } from './activity/defect-ref.entity.js';
import { TimelineLinkRef } from './activity/timeline-link-ref.entity.js';
import { ProjectRef } from './projects/project-ref.entity.js';
import { InspectionDataConfig } from './park-lists/inspection-data-config.entity.js';
import { CustomerMenu, Menu } from './menus/menu.entity.js';
import { CustomersModule } from './customers/customers.module.js';
import { PlantsModule } from './plants/plants.module.js';
import { ComponentTypesModule } from './component-types/component-types.module.js';
import { TurbinesModule } from './turbines/turbines.module.js';
import { ActivityModule } from './activity/activity.module.js';
import { ProjectsModule } from './projects/projects.module.js';
import { ParkListsModule } from './park-lists/park-lists.module.js';
import { MenusModule } from './menus/menus.module.js';

const entities = [
  CustomerRef,
  WindPark,
  ComponentTypeEntity,
  Turbine,
  Blade,
  InspectionRef,
  DefectRef,
  TimelineLinkRef,
  ProjectRef,
  InspectionDataConfig,
  Menu,
  CustomerMenu,
];

@Module({
  imports: [
    ServiceKitModule.forService({
      service: 'asset',
      entities,
      migrations: [AssetInitial1763700000200, AssetRegistry1763700000300, AssetTimelineLinks1763700000310, AssetInspectionActive1763700000320, AssetLicence1764160000000],
    }),
    CustomersModule,
    PlantsModule,
    ComponentTypesModule,
    TurbinesModule,
    ActivityModule,
    ProjectsModule,
    ParkListsModule,
    MenusModule,
  ],
  controllers: [LicenceRefConsumer],
})
export class AppModule {}
