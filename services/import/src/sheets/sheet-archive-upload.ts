import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Locale } from '@windward/contracts';
import { LOGGER, SERVICE_CONFIG, type AuthUser, type ServiceConfig } from '@windward/service-kit';
import { TusEndpoint, tusDirectory, tusRoutes } from '../uploads/tus-endpoint.js';
import { SheetImportsService } from './sheet-imports.service.js';

/**
 * Step 3's archive, resumable (issue #20): `…/sheet-imports/{id}/images/tus`, the same tus routes
 * as drone archives. Opening an upload needs a run verified and not queued; the last byte checks
 * and matches the archive's photos exactly like the multipart route (`receiveImages`) and answers
 * the run (findings or photos matched). A dropped connection resumes from the bytes that arrived.
 */
@Injectable()
export class SheetArchiveUploads extends TusEndpoint {
  constructor(
    private readonly imports: SheetImportsService,
    @Inject(SERVICE_CONFIG) cfg: ServiceConfig,
    @Inject(LOGGER) log: Logger,
  ) {
    super(tusDirectory(cfg), '/gw/import/api/v2/sheet-imports', /\/sheet-imports\/([^/]+)\/images\/tus(?:\/([^/?#]+))?\/?(?:[?#].*)?$/, 'sheetImportId', log);
  }

  protected async accept(user: AuthUser, id: string): Promise<Record<string, string>> {
    await this.imports.beginImages(user, id);
    return {};
  }

  protected receive(user: AuthUser, id: string, file: { path: string; originalname: string; size: number }, _metadata: Record<string, string>, locale: Locale) {
    return this.imports.receiveImages(user, id, { archive: file as Express.Multer.File }, locale);
  }
}

export const SheetArchiveUploadsController = tusRoutes('gw/import/api/v2/sheet-imports/:id/images/tus', SheetArchiveUploads, 'sheet imports');
