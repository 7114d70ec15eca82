import { Module } from '@nestjs/common';
import { FileStoreModule, ServiceKitModule } from '@windward/service-kit';
import { ImportInitial1763700000800 } from './migrations/1763700000800-import-initial.js';
import { RefsModule } from './refs/refs.module.js';
import { UploadsModule } from './uploads/uploads.module.js';

/**
 * The import service: drone upload tasks (create → archive → verify job → complete, publishing
 * import.upload.created/completed) over the shared file store; parks and turbines from asset's
 * events. The spreadsheet import wizard arrives with its issue. Hand-written SQL, no entities.
 */
@Module({
  imports: [
    ServiceKitModule.forService({ service: 'import', entities: [], migrations: [ImportInitial1763700000800] }),
    FileStoreModule.forRoot(),
    RefsModule,
    UploadsModule,
  ],
})
export class AppModule {}
