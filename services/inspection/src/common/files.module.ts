import { Module } from '@nestjs/common';
import { FileStoreModule } from '@windward/service-kit';

/**
 * The kit's file store, scoped to `inspection/` of the shared root (`FILES_DIR/inspection`, where
 * inspection has always kept its files). `FILE_STORE` is that view; `SHARED_FILE_STORE` (the whole
 * root) is how ingest reads import's `uploads/…` (see docs/import.md). S3 adapter: docs/inspection.md.
 */
@Module({ imports: [FileStoreModule.forRoot({ scope: 'inspection' })] })
export class FilesModule {}
