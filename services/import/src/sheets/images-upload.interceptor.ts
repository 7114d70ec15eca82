import { rm } from 'node:fs/promises';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import multer from 'multer';
import { AppError, SHEET_IMAGE_FILES_MAX } from '@windward/contracts';
import { readMultipart, validatedQuery, type AuthUser, type UploadRequest } from '@windward/service-kit';
import { DRONE_ARCHIVE_MAX_BYTES } from '../uploads/archive.js';
import { ImagesUploadQuery } from './sheet-import.dto.js';
import { SheetUploadsService } from './sheet-uploads.service.js';
import type { ReceivedImages } from './sheet-images.js';

const upload = multer({
  // To temp files, never memory: an archive goes up to 2 GB like a drone archive; a photo above 20 MB is a finding, not a broken request.
  storage: multer.diskStorage({}),
  limits: { fileSize: DRONE_ARCHIVE_MAX_BYTES, files: SHEET_IMAGE_FILES_MAX, fields: 5, fieldSize: 1024, parts: SHEET_IMAGE_FILES_MAX + 5 },
}).fields([
  { name: 'file', maxCount: 1 },
  { name: 'files', maxCount: SHEET_IMAGE_FILES_MAX },
]);

export type ImagesRequest = UploadRequest & { user: AuthUser; received?: ReceivedImages | null };

/** Step 3: the run must be verified and not queued before the body is read (after the auth guard); `file` = one archive, or `files` = photos. */
@Injectable()
export class ImagesUploadInterceptor implements NestInterceptor {
  constructor(private readonly uploads: SheetUploadsService) {}

  async intercept(ctx: ExecutionContext, next: CallHandler) {
    const req = ctx.switchToHttp().getRequest<ImagesRequest>();
    // A bad query string is refused before the photos are read (the route's pipe would only see it after).
    await validatedQuery(ImagesUploadQuery, req.query);
    await this.uploads.beginImages(req.user, String(req.params.id));
    await readMultipart(upload, ctx, DRONE_ARCHIVE_MAX_BYTES, 'files');
    const got = (req.files ?? {}) as Record<string, Express.Multer.File[] | undefined>;
    const archive = got.file?.[0];
    const photos = got.files ?? [];
    if (archive && photos.length) {
      await Promise.all([archive, ...photos].map((f) => rm(f.path, { force: true })));
      throw new AppError('VALIDATION_FAILED', { details: [{ field: 'file', constraints: { rule: 'one archive or photos, not both' } }] });
    }
    req.received = archive ? { archive } : photos.length ? { photos } : null;
    return next.handle();
  }
}
