import { Module } from '@nestjs/common';
import { FileStoreModule, ServiceKitModule } from '@windward/service-kit';
import { RepairInitial1763700000700 } from './migrations/1763700000700-repair-initial.js';
import { RepairPhotos1763700000710 } from './migrations/1763700000710-repair-photos.js';
import { RepairOmOverview1764202000000 } from './migrations/1764202000000-repair-om-overview.js';
import { RepairParkChange1764710000000 } from './migrations/1764710000000-repair-park-change.js';
import { RefsModule } from './refs/refs.module.js';
import { TemplatesModule } from './templates/templates.module.js';
import { PlansModule } from './plans/plans.module.js';
import { CampaignsModule } from './campaigns/campaigns.module.js';
import { OmOverviewModule } from './overview/om-overview.module.js';

/**
 * The repair service (issue #17, docs/repair.md): repair-step templates, repair plans, repair
 * campaigns with technicians and repair records, fed by inspection's defects, asset's parks and
 * turbines, identity's users and delivery's O&M projects. Hand-written SQL (schema in
 * migrations/), so no TypeORM entities.
 */
@Module({
  imports: [
    ServiceKitModule.forService({ service: 'repair', entities: [], migrations: [RepairInitial1763700000700, RepairPhotos1763700000710, RepairOmOverview1764202000000, RepairParkChange1764710000000] }),
    // Record photos live in the shared store under `repair/`.
    FileStoreModule.forRoot({ scope: 'repair' }),
    RefsModule,
    TemplatesModule,
    PlansModule,
    CampaignsModule,
    OmOverviewModule,
  ],
})
export class AppModule {}
