import type { ErrorCode } from '../errors/catalogue.js';
import type { ErrorParams } from '../errors/types.js';

/** Result of every rule: ok, or the catalogue code (and params) to show. */
export type ValidationResult = { ok: true } | { ok: false; code: ErrorCode; params?: ErrorParams };

export const OK: ValidationResult = Object.freeze({ ok: true });

export function fail(code: ErrorCode, params?: ErrorParams): ValidationResult {
  return params === undefined ? { ok: false, code } : { ok: false, code, params };
}

/** First failure of several rules, or OK. */
export function firstFailure(...results: ValidationResult[]): ValidationResult {
  return results.find((r) => !r.ok) ?? OK;
}
