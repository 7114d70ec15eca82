import { Module } from '@nestjs/common';
import { DefectsController } from './defects.controller.js';
import { DefectsService } from './defects.service.js';
import { DefectListService } from './defect-list.service.js';
import { DefectBulkService } from './defect-bulk.service.js';
import { SuggestionsService } from './suggestions.service.js';
import { DefectRepository } from './defect.repository.js';
import { LabelingService } from './labeling.service.js';
import { LabelingRepository } from './labeling.repository.js';

@Module({
  controllers: [DefectsController],
  providers: [DefectsService, DefectListService, DefectBulkService, SuggestionsService, DefectRepository, LabelingService, LabelingRepository],
  exports: [DefectsService],
})
export class DefectsModule {}
