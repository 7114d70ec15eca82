import { Module } from '@nestjs/common';
import { FileStoreModule, LicenceRefConsumer, ServiceKitModule } from '@windward/service-kit';
import { DeliveryInitial1763700000600 } from './migrations/1763700000600-delivery-initial.js';
import { Project } from './projects/project.entity.js';
import { InspectionCampaign } from './campaigns/campaign.entity.js';
import { DprActivity } from './dpr/dpr-activity.entity.js';
import { DprTemplate } from './dpr/dpr-template.entity.js';
import { Dpr } from './dpr/dpr.entity.js';
import { RefsModule } from './refs/refs.module.js';
import { ProjectsModule } from './projects/projects.module.js';
import { CampaignsModule } from './campaigns/campaigns.module.js';
import { DprModule } from './dpr/dpr.module.js';
import { ProgressModule } from './progress/progress.module.js';
import { StatisticsModule } from './statistics/statistics.module.js';
import { InvestigationsModule } from './investigations/investigations.module.js';
import { DeliveryInvestigations1763700000620 } from './migrations/1763700000620-delivery-investigations.js';
import { DeliveryProgress1763700000610 } from './migrations/1763700000610-delivery-progress.js';
import { DeliveryInvestigationResults1763700000630 } from './migrations/1763700000630-delivery-investigation-results.js';
import { DeliveryPerformance1763700000640 } from './migrations/1763700000640-delivery-performance.js';
import { DeliveryDprPhotos1763700000680 } from './migrations/1763700000680-delivery-dpr-photos.js';
import { DeliveryLicence1764160000000 } from './migrations/1764160000000-delivery-licence.js';
import { DeliveryDprListOrder1764710000100 } from './migrations/1764710000100-delivery-dpr-list-order.js';
import { DeliveryParkChange1764900000000 } from './migrations/1764900000000-delivery-park-change.js';

/**
 * The delivery service: projects (inspection and O&M) with their summary, inspection campaigns,
 * DPR activities and templates, and daily progress reports with approvals (docs/delivery.md).
 */
@Module({
  imports: [
    ServiceKitModule.forService({
      service: 'delivery',
      entities: [Project, InspectionCampaign, DprActivity, DprTemplate, Dpr],
      migrations: [
        DeliveryInitial1763700000600,
        DeliveryProgress1763700000610,
        DeliveryInvestigations1763700000620,
        DeliveryInvestigationResults1763700000630,
        DeliveryPerformance1763700000640,
        DeliveryDprPhotos1763700000680,
        DeliveryLicence1764160000000,
        DeliveryDprListOrder1764710000100,
        DeliveryParkChange1764900000000,
      ],
    }),
    FileStoreModule.forRoot({ scope: 'delivery' }),
    RefsModule,
    ProjectsModule,
    CampaignsModule,
    DprModule,
    ProgressModule,
    StatisticsModule,
    InvestigationsModule,
  ],
  controllers: [LicenceRefConsumer],
})
export class AppModule {}
