import { randomUUID } from 'node:crypto';
import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { AppError, errorText, exceedLimitText, type ErrorCode } from '@windward/contracts';
import { requestLocale } from './locale.js';
import { pgError } from '../database/unique-violation.js';
import { JSON_BODY_LIMIT_MB } from '../http/input-limits.js';

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
};

/**
 * Bad input the database refuses (PostgreSQL class 22, "data exception": an integer beyond the
 * column's range, a non-UUID where a UUID goes, a NUL byte, an impossible date) is the client's
 * fault, and the statement's transaction stored nothing: a 400, never a 500.
 */
function isDataException(err: unknown): boolean {
  const code = pgError(err)?.code;
  return typeof code === 'string' && code.startsWith('22');
}

/**
 * The status and reason of a body refused before any handler: the kit's parsers
 * (`entity.parse.failed`, `entity.too.deep`, `entity.too.large`) or Fastify's own reading of the
 * request (`FST_ERR_CTP_INVALID_MEDIA_TYPE` for a Content-Type it cannot parse).
 */
function parserRefusal(err: unknown): { status: number; reason: string } | undefined {
  const e = err as { type?: unknown; status?: unknown; code?: unknown; statusCode?: unknown } | null;
  if (e && typeof e.type === 'string' && e.type.startsWith('entity.') && typeof e.status === 'number')
    return { status: e.status, reason: e.type };
  if (e && typeof e.code === 'string' && e.code.startsWith('FST_ERR_CTP_') && typeof e.statusCode === 'number')
    return { status: e.statusCode, reason: e.code };
  return undefined;
}

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
    const req = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const locale = requestLocale(req.headers);
    const { status, body } = this.toBody(exception, locale, req);
    if (!reply.sent && !reply.raw.headersSent) void reply.status(status).send(body);
  }

  private toBody(exception: unknown, locale: ReturnType<typeof requestLocale>, req: FastifyRequest) {
    if (exception instanceof AppError) {
      // ExceedLimit has one text per path (SPEC §8): the report-tasks path says the download list is full.
      const message =
        exception.code === 'EXCEED_LIMIT' ? exceedLimitText(locale, req.originalUrl) : errorText(exception.code, locale, exception.params);
      const body: ErrorBody = { code: exception.code, message };
      if (exception.details !== undefined) body.details = exception.details;
      return { status: exception.status, body };
    }
    const parser = parserRefusal(exception);
    const status413 = parser?.status === 413 || (exception instanceof HttpException && exception.getStatus() === 413);
    if (status413) {
      // JSON and form bodies (uploads have their own FILE_TOO_LARGE with their own limit).
      const params = { maxMb: JSON_BODY_LIMIT_MB };
      return { status: 413, body: { code: 'BODY_TOO_LARGE', message: errorText('BODY_TOO_LARGE', locale, params) } as ErrorBody };
    }
    if (parser && parser.status < 500) {
      const body: ErrorBody = {
        code: 'VALIDATION_FAILED',
        message: errorText('VALIDATION_FAILED', locale),
        details: [{ reason: parser.reason }],
      };
      return { status: 400, body };
    }
    if (isDataException(exception)) {
      this.log.warn({ err: exception, path: req.url }, 'input refused by the database');
      const body: ErrorBody = {
        code: 'VALIDATION_FAILED',
        message: errorText('VALIDATION_FAILED', locale),
        details: [{ reason: 'value out of range or malformed' }],
      };
      return { status: 400, body };
    }
    if (exception instanceof RangeError && /call stack/i.test(exception.message)) {
      // Input nested too deeply for a recursive library; the request is refused, nothing was stored.
      return { status: 400, body: { code: 'VALIDATION_FAILED', message: errorText('VALIDATION_FAILED', locale) } as ErrorBody };
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
