import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import multer from 'multer';
import { PHOTO_MAX_BYTES } from '@windward/contracts';
import { readMultipart } from '../http/multipart.js';
import { sendFile, type StreamedFile } from '../http/send-file.js';

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
    await readMultipart(upload, ctx, PHOTO_MAX_BYTES);
    return next.handle();
  }
}

/** Sends a stored photo's bytes (read through the caller's rights first) as a private, immutable image. */
export function sendStoredPhoto(reply: FastifyReply, f: StreamedFile): void {
  sendFile(reply, f, { 'cache-control': 'private, max-age=86400, immutable' });
}
