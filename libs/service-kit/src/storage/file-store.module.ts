import path from 'node:path';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/config.js';
import { LocalFileStore, ScopedFileStore, type FileStore } from './file-store.js';
import { S3FileStore } from './s3-file-store.js';

/** The service's own view of the store (its scope, when it has one). */
export const FILE_STORE = Symbol('FILE_STORE');
/** The whole store, shared by the services of a platform (upload manifests pass between them). */
export const SHARED_FILE_STORE = Symbol('SHARED_FILE_STORE');

export interface FileStoreOptions {
  /** Key prefix of the service's own files (`inspection`); none = the whole store. */
  scope?: string;
}

/**
 * The file store of a service. Its root is `FILES_DIR` (default `.data/files`), which the
 * launcher sets to the same folder for every service, so a key written by one service (import's
 * `uploads/…`) is readable by another (inspection). `FILE_STORE=s3` swaps the adapter for an
 * S3-compatible bucket (S3_BUCKET, S3_ENDPOINT…), shared the same way.
 */
@Global()
@Module({})
export class FileStoreModule {
  static forRoot(o: FileStoreOptions = {}): DynamicModule {
    return {
      module: FileStoreModule,
      providers: [
        {
          provide: SHARED_FILE_STORE,
          inject: [SERVICE_CONFIG],
          useFactory: (c: ServiceConfig): FileStore =>
            c.fileStore.kind === 's3' ? new S3FileStore(c.fileStore.s3) : new LocalFileStore(path.resolve(c.filesDir)),
        },
        {
          provide: FILE_STORE,
          inject: [SHARED_FILE_STORE],
          useFactory: (root: FileStore): FileStore => (o.scope ? new ScopedFileStore(root, o.scope) : root),
        },
      ],
      exports: [FILE_STORE, SHARED_FILE_STORE],
    };
  }
}
