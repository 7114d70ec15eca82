import { Module } from '@nestjs/common';
import { DefectsModule } from '../defects/defects.module.js';
import { GrowthController } from './growth.controller.js';
import { GrowthRepository } from './growth.repository.js';
import { GrowthService } from './growth.service.js';

/** Defect growth across inspections and the upgrade suggestions engineers decide on. */
@Module({ imports: [DefectsModule], controllers: [GrowthController], providers: [GrowthService, GrowthRepository] })
export class GrowthModule {}
