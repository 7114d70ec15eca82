import { Module } from '@nestjs/common';
import { DefectsController } from './defects.controller.js';
import { DefectsService } from './defects.service.js';
import { LabelingService } from './labeling.service.js';

@Module({ controllers: [DefectsController], providers: [DefectsService, LabelingService], exports: [DefectsService] })
export class DefectsModule {}
