import path from 'node:path';
import { Global, Module } from '@nestjs/common';
import { SERVICE_CONFIG, type ServiceConfig } from '@windward/service-kit';
import { FILE_STORE, LocalFileStore } from './file-store.js';

/** The file store: a local folder below FILES_DIR (S3 adapter: see docs/inspection.md). */
@Global()
@Module({
  providers: [
    {
      provide: FILE_STORE,
      inject: [SERVICE_CONFIG],
      useFactory: (c: ServiceConfig) => new LocalFileStore(path.resolve(c.filesDir, 'inspection')),
    },
  ],
  exports: [FILE_STORE],
})
export class FilesModule {}
