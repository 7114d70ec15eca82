import { Module } from '@nestjs/common';
import { FileStoreModule, ServiceKitModule } from '@windward/service-kit';
import { ImportInitial1763700000800 } from './migrations/1763700000800-import-initial.js';
import { RefsModule } from './refs/refs.module.js';
import { UploadsModule } from './uploads/uploads.module.js';
import { SheetImports1764151860000 } from './migrations/1764151860000-sheet-imports.js';
import { SheetsModule } from './sheets/sheets.module.js';
import { TablesModule } from './tables/tables.module.js';
import { TableImports1764300000100 } from './migrations/1764300000100-table-imports.js';
import { MachineClientsModule } from './machine-clients/revoked-clients.js';
import { ImportRevokedClients1764151000100 } from './migrations/1764151000100-import-revoked-clients.js';
import { ImportProjectRefs1764600000100 } from './migrations/1764600000100-import-project-refs.js';
import { ImportConfigRefs1764700000100 } from './migrations/1764700000100-import-config-refs.js';
import { ColumnMappings1764400000100 } from './migrations/1764400000100-column-mappings.js';
import { MappingsModule } from './mappings/mappings.module.js';

/**
 * The import service: drone upload tasks (create → archive → verify job → complete, publishing
 * import.upload.created/completed) over the shared file store; parks and turbines from asset's
 * events; spreadsheet imports (the 5-step wizard: verify a workbook, queue, one batch event to
 * inspection, live progress over socket.io), read directly or through a customer's saved column
 * mapping of another vendor's workbook. Hand-written SQL, no entities.
 */
@Module({
  imports: [
    ServiceKitModule.forService({
      service: 'import',
      entities: [],
      migrations: [ImportInitial1763700000800, ImportRevokedClients1764151000100, SheetImports1764151860000, TableImports1764300000100, ColumnMappings1764400000100, ImportProjectRefs1764600000100, ImportConfigRefs1764700000100],
    }),
    FileStoreModule.forRoot(),
    RefsModule,
    MachineClientsModule,
    UploadsModule,
    MappingsModule,
    SheetsModule,
    TablesModule,
  ],
})
export class AppModule {}
