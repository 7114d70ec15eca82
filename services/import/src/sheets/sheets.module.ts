import { Module } from '@nestjs/common';
import { MappingsModule } from '../mappings/mappings.module.js';
import { SheetAppliedConsumer } from './sheet-applied.consumer.js';
import { SheetImportRepository } from './sheet-import.repository.js';
import { SheetImportsController } from './sheet-imports.controller.js';
import { SheetImportsService } from './sheet-imports.service.js';
import { SheetUploadsService } from './sheet-uploads.service.js';
import { SheetImportQueue } from './sheet-import-queue.service.js';
import { SheetLive } from './sheet-live.js';
import { SheetArchiveUploads, SheetArchiveUploadsController } from './sheet-archive-upload.js';
import { WorkbookUploadInterceptor } from './workbook-upload.interceptor.js';

@Module({
  imports: [MappingsModule],
  controllers: [SheetImportsController, SheetArchiveUploadsController, SheetAppliedConsumer],
  providers: [SheetImportRepository, SheetImportsService, SheetUploadsService, SheetImportQueue, SheetLive, WorkbookUploadInterceptor, SheetArchiveUploads],
  exports: [SheetImportRepository],
})
export class SheetsModule {}
