import type { ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import multer from 'multer';
import { AppError } from '@windward/contracts';

/** A multer handler (`multer(...).single('file')`, `.fields(...)`): typed for express, it needs only the Node request. */
export type MulterHandler = ReturnType<ReturnType<typeof multer>['single']>;

/** What multer read, on the request a controller sees (`@UploadedFile()` reads `file`). */
export type UploadRequest = FastifyRequest<{ Params: Record<string, string> }> & {
  file?: Express.Multer.File;
  files?: Express.Multer.File[] | Record<string, Express.Multer.File[]>;
};

/**
 * Runs a multer handler on the request's body (the kit leaves multipart bodies unread for this)
 * and puts what it read (`file`, `files`, the form fields as `body`) on the request. Multer's
 * refusals become catalogue errors: a file above `maxBytes` FILE_TOO_LARGE with the limit in MB,
 * anything else VALIDATION_FAILED on `field`.
 */
export async function readMultipart(handler: MulterHandler, ctx: ExecutionContext, maxBytes: number, field = 'file'): Promise<void> {
  const req = ctx.switchToHttp().getRequest<UploadRequest>();
  const raw = req.raw as IncomingMessage & { file?: Express.Multer.File; files?: UploadRequest['files']; body?: unknown };
  await new Promise<void>((resolve, reject) =>
    handler(raw as never, ctx.switchToHttp().getResponse<FastifyReply>().raw as never, (err: unknown) => {
      if (!err) return resolve();
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE')
        return reject(new AppError('FILE_TOO_LARGE', { params: { maxMb: maxBytes / 1024 / 1024 } }));
      const code = err instanceof multer.MulterError ? err.code : 'MALFORMED_MULTIPART';
      reject(new AppError('VALIDATION_FAILED', { details: [{ field, constraints: { rule: code } }] }));
    }),
  );
  // Multer leaves a body that is not multipart alone (the JSON parser may have read it then).
  if (raw.body !== undefined) req.body = raw.body;
  if (raw.file) req.file = raw.file;
  if (raw.files) req.files = raw.files;
}
