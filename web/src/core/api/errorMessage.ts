import type { SerializedError } from '@reduxjs/toolkit';
import { lookupMessage, type Locale } from '@/shared/contracts';
import { isApiError, type ApiError } from './baseQuery';

/**
 * The text of a failed call in `locale`: the catalogue lookup of the server's body (so a
 * language switch re-translates it), or the base query's own text for network/time-out failures.
 */
export function errorMessageOf(error: ApiError | SerializedError | undefined | null, locale: Locale, path?: string): string {
  if (!error) return '';
  if (isApiError(error)) {
    if (
      typeof error.status === 'number' &&
      error.status !== 403 &&
      error.status !== 408 &&
      error.data !== undefined &&
      error.data !== null
    ) {
      return lookupMessage(error.data, locale, path);
    }
    return error.message;
  }
  return error.message ?? '';
}
