import { Module } from '@nestjs/common';
import { SheetsModule } from '../sheets/sheets.module.js';
import { TableAppliedConsumer } from './table-applied.consumer.js';
import { TableImportRepository } from './table-import.repository.js';
import { TableImportsController, TableWorkbookInterceptor } from './table-imports.controller.js';
import { TableImportsService } from './table-imports.service.js';

/** LPS readings and Config Center templates from single-table workbooks (docs/import.md). */
@Module({
  imports: [SheetsModule],
  controllers: [TableImportsController, TableAppliedConsumer],
  providers: [TableImportRepository, TableImportsService, TableWorkbookInterceptor],
})
export class TablesModule {}
