import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import { AppError, IMPORT_FILE_MAX_BYTES } from '@windward/contracts';
import type { AuthUser } from '@windward/service-kit';
import { SheetImportsService } from './sheet-imports.service.js';

const upload = multer({
  // 10 MB (SPEC §9) is enforced while the body is read: multer stops at the limit + 1 byte, before any parsing.
  storage: multer.diskStorage({}),
  limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
}).single('file');

/** Marks the sheet import as "uploading" before the body is read (after the auth guard); multer's refusals fail the check. */
@Injectable()
export class WorkbookUploadInterceptor implements NestInterceptor {
  constructor(private readonly imports: SheetImportsService) {}

  async intercept(ctx: ExecutionContext, next: CallHandler) {
    const req = ctx.switchToHttp().getRequest<Request & { user: AuthUser }>();
    const res = ctx.switchToHttp().getResponse<Response>();
    const id = String(req.params.id);
    await this.imports.beginWorkbook(req.user, id);
    try {
      await new Promise<void>((resolve, reject) =>
        upload(req, res, (err: unknown) => {
          if (!err) return resolve();
          if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE')
            return reject(new AppError('FILE_TOO_LARGE', { params: { maxMb: IMPORT_FILE_MAX_BYTES / 1024 / 1024 } }));
          const code = err instanceof multer.MulterError ? err.code : 'MALFORMED_MULTIPART';
          reject(new AppError('VALIDATION_FAILED', { details: [{ field: 'file', constraints: { rule: code } }] }));
        }),
      );
    } catch (err) {
      await this.imports.refuseWorkbook(id, err as AppError);
      throw err;
    }
    return next.handle();
  }
}
