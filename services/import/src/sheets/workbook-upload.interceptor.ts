import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import multer from 'multer';
import { AppError, IMPORT_FILE_MAX_BYTES } from '@windward/contracts';
import { readMultipart, validatedQuery, type AuthUser, type UploadRequest } from '@windward/service-kit';
import { WorkbookUploadQuery } from './sheet-import.dto.js';
import { SheetUploadsService } from './sheet-uploads.service.js';

const upload = multer({
  // 10 MB (SPEC §9) is enforced while the body is read: multer stops at the limit + 1 byte, before any parsing.
  storage: multer.diskStorage({}),
  limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
}).single('file');

/** Marks the sheet import as "uploading" before the body is read (after the auth guard); multer's refusals fail the check. */
@Injectable()
export class WorkbookUploadInterceptor implements NestInterceptor {
  constructor(private readonly uploads: SheetUploadsService) {}

  async intercept(ctx: ExecutionContext, next: CallHandler) {
    const req = ctx.switchToHttp().getRequest<UploadRequest & { user: AuthUser }>();
    const id = String(req.params.id);
    // Before the pipes run: the query is read through the route's DTO here, so a bad one marks nothing.
    const { mappingId } = await validatedQuery(WorkbookUploadQuery, req.query);
    await this.uploads.beginWorkbook(req.user, id, mappingId);
    try {
      await readMultipart(upload, ctx, IMPORT_FILE_MAX_BYTES);
    } catch (err) {
      await this.uploads.refuseWorkbook(id, err as AppError);
      throw err;
    }
    return next.handle();
  }
}
