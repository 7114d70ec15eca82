import { randomUUID } from 'node:crypto';
import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { AppError, errorText, exceedLimitText, type ErrorCode } from '@windward/contracts';
import { requestLocale } from './locale.js';

export interface ErrorBody {
  code: ErrorCode | number;
  message: string;
  title?: string;
  details?: unknown;
  correlationId?: string;
}

/** Framework statuses that carry no domain code are mapped onto catalogue keys. */
const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'NO_ACCESS_RIGHTS',
  404: 'NOT_FOUND',
  413: 'FILE_TOO_LARGE',
};

/**
 * The one exception filter: domain errors become `{code, message, title?}` in the request's
 * locale with the catalogue's HTTP status; anything unexpected becomes a 500 whose body hides
 * the internals and carries a correlation id that is also in the log.
 */
@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  constructor(private readonly log: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const locale = requestLocale(req.headers);
    const { status, body } = this.toBody(exception, locale, req);
    if (!res.headersSent) res.status(status).json(body);
  }

  private toBody(exception: unknown, locale: ReturnType<typeof requestLocale>, req: Request) {
    if (exception instanceof AppError) {
      // ExceedLimit has one text per path (SPEC §8): the report-tasks path says the download list is full.
      const message =
        exception.code === 'EXCEED_LIMIT' ? exceedLimitText(locale, req.originalUrl ?? req.url) : errorText(exception.code, locale, exception.params);
      const body: ErrorBody = { code: exception.code, message };
      if (exception.details !== undefined) body.details = exception.details;
      return { status: exception.status, body };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code = STATUS_CODES[status];
      if (code) return { status, body: { code, message: errorText(code, locale) } as ErrorBody };
      if (status < 500) {
        return { status, body: { code: status, message: exception.message } as ErrorBody };
      }
    }
    const correlationId = String(req.headers['x-request-id'] ?? randomUUID());
    this.log.error({ err: exception, correlationId, path: req.url }, 'unhandled error');
    const body: ErrorBody = { code: 'INTERNAL_ERROR', message: errorText('INTERNAL_ERROR', locale), correlationId };
    return { status: 500, body };
  }
}
