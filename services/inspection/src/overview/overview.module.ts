import { Module } from '@nestjs/common';
import { InspectionsModule } from '../inspections/inspections.module.js';
import { ImagesModule } from '../images/images.module.js';
import { LpsModule } from '../lps/lps.module.js';
import { OverviewController } from './overview.controller.js';
import { OverviewRepository } from './overview.repository.js';
import { OverviewService } from './overview.service.js';

/** Read-only results across inspections: the wind farm overview and the component page. */
@Module({ imports: [InspectionsModule, ImagesModule, LpsModule], controllers: [OverviewController], providers: [OverviewService, OverviewRepository] })
export class OverviewModule {}
