import { Module } from '@nestjs/common';
import { FileStoreModule, ServiceKitModule } from '@windward/service-kit';
import { ImportInitial1763700000800 } from './migrations/1763700000800-import-initial.js';
import { RefsModule } from './refs/refs.module.js';
import { UploadsModule } from './uploads/uploads.module.js';
import { SheetImports1764151860000 } from './migrations/1764151860000-sheet-imports.js';
import { SheetsModule } from './sheets/sheets.module.js';
import { MachineClientsModule } from './machine-clients/revoked-clients.js';
import { ImportRevokedClients1764151000100 } from './migrations/1764151000100-import-revoked-clients.js';

/**
 * The import service: drone upload tasks (create → archive → verify job → complete, publishing
 * import.upload.created/completed) over the shared file store; parks and turbines from asset's
 * events; spreadsheet imports (the 5-step wizard: verify a workbook, queue, one batch event to
 * inspection, live progress over socket.io). Hand-written SQL, no entities.
 */
@Module({
  imports: [
    ServiceKitModule.forService({
      service: 'import',
      entities: [],
      migrations: [ImportInitial1763700000800, ImportRevokedClients1764151000100, SheetImports1764151860000],
    }),
    FileStoreModule.forRoot(),
    RefsModule,
    MachineClientsModule,
    UploadsModule,
    SheetsModule,
  ],
})
export class AppModule {}
