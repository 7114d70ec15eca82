import { Module } from '@nestjs/common';
import { INSPECTION_FILES_SCOPE } from '@windward/contracts';
import { FileStoreModule } from '@windward/service-kit';

/**
 * The kit's file store, scoped to `inspection/` of the shared root (`FILES_DIR/inspection`, where
 * inspection has always kept its files). `FILE_STORE` is that view; `SHARED_FILE_STORE` (the whole
 * root) is how ingest reads import's `uploads/…` (see docs/import.md). S3 adapter: docs/inspection.md.
 */
/** inspection's folder of the shared store (its files' `filestore:` URIs start with it; contracts, report reads images there). */
export { INSPECTION_FILES_SCOPE };

@Module({ imports: [FileStoreModule.forRoot({ scope: INSPECTION_FILES_SCOPE })] })
export class FilesModule {}
