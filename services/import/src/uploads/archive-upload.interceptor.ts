import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import multer from 'multer';
import { readMultipart, type AuthUser, type UploadRequest } from '@windward/service-kit';
import { DRONE_ARCHIVE_MAX_BYTES } from './archive.js';
import { UploadsService } from './uploads.service.js';

const upload = multer({
  // To a temp file, never memory: archives go up to 2 GB. Multer stops reading at the limit + 1 byte.
  storage: multer.diskStorage({}),
  limits: { fileSize: DRONE_ARCHIVE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
}).single('file');

/** The task's status to go back to when the archive is refused (set by the interceptor). */
export type ArchiveRequest = UploadRequest & { previousStatus?: number };

/**
 * Marks the upload task "uploading" (refusing a second concurrent archive) before multer reads
 * the body; runs after the auth guard, so anonymous callers never get their body read. A failed
 * read restores the task; multer's errors become catalogue errors.
 */
@Injectable()
export class ArchiveUploadInterceptor implements NestInterceptor {
  constructor(private readonly uploads: UploadsService) {}

  async intercept(ctx: ExecutionContext, next: CallHandler) {
    const req = ctx.switchToHttp().getRequest<ArchiveRequest & { user: AuthUser }>();
    const id = String(req.params.id);
    const previous = await this.uploads.beginArchive(req.user, id);
    try {
      await readMultipart(upload, ctx, DRONE_ARCHIVE_MAX_BYTES);
    } catch (err) {
      await this.uploads.abortArchive(id, previous);
      throw err;
    }
    req.previousStatus = previous;
    return next.handle();
  }
}
