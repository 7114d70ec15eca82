import { Injectable } from '@nestjs/common';
import type { Locale } from '@windward/contracts';
import type { AuthUser } from '@windward/service-kit';
import { TusEndpoint, tusRoutes } from '../uploads/tus-endpoint.js';
import { SheetUploadsService } from './sheet-uploads.service.js';

const ROUTE = 'gw/import/api/v2/sheet-imports/:id/images/tus';

/**
 * Step 3's archive, resumable (issue #20): `…/sheet-imports/{id}/images/tus`, the same tus routes
 * as drone archives. Opening an upload needs a run verified and not queued; the last byte checks
 * and matches the archive's photos exactly like the multipart route (`receiveImages`) and answers
 * the run (findings or photos matched). A dropped connection resumes from the bytes that arrived.
 */
@Injectable()
export class SheetArchiveUploads extends TusEndpoint {
  constructor(private readonly uploads: SheetUploadsService) {
    super(ROUTE, 'sheetImportId');
  }

  protected async accept(user: AuthUser, id: string): Promise<Record<string, string>> {
    await this.uploads.beginImages(user, id);
    return {};
  }

  protected receive(user: AuthUser, id: string, file: { path: string; originalname: string; size: number }, _metadata: Record<string, string>, locale: Locale) {
    return this.uploads.receiveImages(user, id, { archive: file as Express.Multer.File }, locale);
  }
}

export const SheetArchiveUploadsController = tusRoutes(ROUTE, SheetArchiveUploads, 'sheet imports');
