import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import { AppError, PHOTO_MAX_BYTES } from '@windward/contracts';

const upload = multer({
  storage: multer.memoryStorage(),
  // The size limit is enforced while streaming: multer stops reading at 20 MB + 1 byte.
  limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 21 },
}).single('file');

/**
 * Reads one multipart photo (`file`) and its form fields. Runs after the auth guard, so
 * anonymous callers never get their body read. Multer's errors become catalogue errors.
 */
@Injectable()
export class PhotoUploadInterceptor implements NestInterceptor {
  async intercept(ctx: ExecutionContext, next: CallHandler) {
    const req = ctx.switchToHttp().getRequest<Request>();
    const res = ctx.switchToHttp().getResponse<Response>();
    await new Promise<void>((resolve, reject) =>
      upload(req, res, (err: unknown) => {
        if (!err) return resolve();
        if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') {
          return reject(new AppError('FILE_TOO_LARGE', { params: { maxMb: PHOTO_MAX_BYTES / 1024 / 1024 } }));
        }
        const code = err instanceof multer.MulterError ? err.code : 'MALFORMED_MULTIPART';
        reject(new AppError('VALIDATION_FAILED', { details: [{ field: 'file', constraints: { rule: code } }] }));
      }),
    );
    return next.handle();
  }
}

/** Sends a stored photo's bytes (read through the caller's rights first) as a private, immutable image. */
export function sendStoredPhoto(res: Response, f: { stream: NodeJS.ReadableStream; size: number; type: string }): void {
  res.setHeader('content-type', f.type);
  res.setHeader('content-length', String(f.size));
  res.setHeader('cache-control', 'private, max-age=86400, immutable');
  res.setHeader('x-content-type-options', 'nosniff');
  f.stream.pipe(res);
}
