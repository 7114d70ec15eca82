import { DEFAULT_LOCALE, type Locale } from '../enums/locale.js';
import { errorServerMessage, errorStatus, errorText, type ErrorCode } from './catalogue.js';
import type { ErrorBody, ErrorParams } from './types.js';

export interface AppErrorOptions {
  params?: ErrorParams;
  /** Extra data for the client (e.g. per-row import problems). Never secrets. */
  details?: unknown;
  /** Overrides the catalogue's status. */
  status?: number;
  cause?: unknown;
}

/**
 * The one error type domain code throws. Plain class so both services and the web can
 * use it; service-kit's exception filter turns it into the HTTP error body.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly params?: ErrorParams;
  readonly details?: unknown;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(errorServerMessage(code, options.params), options.cause !== undefined ? { cause: options.cause } : undefined);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? errorStatus(code);
    if (options.params !== undefined) this.params = options.params;
    if (options.details !== undefined) this.details = options.details;
  }

  /** Localised text for the user. */
  text(locale: Locale = DEFAULT_LOCALE): string {
    return errorText(this.code, locale, this.params);
  }

  /** Error body `{ code, message, details? }` in the request's locale. */
  toBody(locale: Locale = DEFAULT_LOCALE): ErrorBody {
    const body: ErrorBody = { code: this.code, message: this.text(locale) };
    if (this.params !== undefined) body.params = this.params;
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
