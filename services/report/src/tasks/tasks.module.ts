import { Module } from '@nestjs/common';
import { ChromiumBrowser } from '../render/browser.js';
import { ReportTemplatesModule } from '../templates/templates.module.js';
import { ExpiryWorker } from './expiry.worker.js';
import { ReportLive } from './report-live.js';
import { RenderWorker } from './render.worker.js';
import { ReportTaskRepository } from './task.repository.js';
import { ReportDataRepository } from './report-data.repository.js';
import { ReportTasksController } from './tasks.controller.js';
import { ReportTasksService } from './tasks.service.js';

@Module({
  imports: [ReportTemplatesModule],
  controllers: [ReportTasksController],
  providers: [ReportTaskRepository, ReportDataRepository, ReportTasksService, RenderWorker, ExpiryWorker, ChromiumBrowser, ReportLive],
})
export class ReportTasksModule {}
