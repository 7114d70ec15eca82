import { Module } from '@nestjs/common';
import { ReportTemplatesController } from './templates.controller.js';
import { ReportTemplateRepository } from './template.repository.js';
import { ReportTemplatesService } from './templates.service.js';

@Module({
  controllers: [ReportTemplatesController],
  providers: [ReportTemplateRepository, ReportTemplatesService],
  exports: [ReportTemplateRepository],
})
export class ReportTemplatesModule {}
