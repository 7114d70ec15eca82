import type { Request, Response } from 'express';
import multer from 'multer';
import { AppError } from '@windward/contracts';

/**
 * Runs a multer handler on the request; its refusals become catalogue errors (a file above
 * `maxBytes`: FILE_TOO_LARGE with the limit in MB; anything else VALIDATION_FAILED on `field`).
 */
export function readMultipart(handler: (req: Request, res: Response, cb: (err: unknown) => void) => void, req: Request, res: Response, maxBytes: number, field = 'file') {
  return new Promise<void>((resolve, reject) =>
    handler(req, res, (err: unknown) => {
      if (!err) return resolve();
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE')
        return reject(new AppError('FILE_TOO_LARGE', { params: { maxMb: maxBytes / 1024 / 1024 } }));
      const code = err instanceof multer.MulterError ? err.code : 'MALFORMED_MULTIPART';
      reject(new AppError('VALIDATION_FAILED', { details: [{ field, constraints: { rule: code } }] }));
    }),
  );
}
