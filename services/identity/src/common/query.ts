import { AppError } from '@windward/contracts';

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `%text%` for ILIKE … ESCAPE '\': the user's own % and _ match literally. */
export const likePattern = (s: unknown) => `%${String(s).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A uuid query filter; anything else is a validation error rather than a database error. */
export function uuidParam(v: unknown, field: string): string {
  if (typeof v !== 'string' || !UUID_RE.test(v)) throw new AppError('VALIDATION_FAILED', { details: [{ field }] });
  return v;
}
