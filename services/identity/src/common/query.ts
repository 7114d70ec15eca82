import { AppError, isUuid } from '@windward/contracts';

/** `%text%` for ILIKE … ESCAPE '\': the user's own % and _ match literally. */
export const likePattern = (s: unknown) => `%${String(s).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A uuid query filter; anything else is a validation error rather than a database error. */
export function uuidParam(v: unknown, field: string): string {
  if (typeof v !== 'string' || !isUuid(v)) throw new AppError('VALIDATION_FAILED', { details: [{ field }] });
  return v;
}
