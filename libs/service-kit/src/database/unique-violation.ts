import { QueryFailedError } from 'typeorm';
import { AppError, type ErrorCode } from '@windward/contracts';

/** The PostgreSQL error behind a failed query (code, constraint), if it was one. */
export function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  if (err instanceof QueryFailedError) return err.driverError as { code?: string; constraint?: string };
  if (err && typeof err === 'object' && 'code' in err) return err as { code?: string; constraint?: string };
  return undefined;
}

/** True when `err` is a unique-index violation (of `constraint`, if given). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/**
 * The checks before a write give the catalogue's message; the unique indexes stay the last
 * word when two requests race, and their violation becomes the same message instead of a 500.
 */
export async function uniqueAsConflict<T>(work: () => Promise<T>, byIndex: Record<string, ErrorCode>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const e = pgError(err);
    if (e?.code === '23505' && e.constraint && byIndex[e.constraint]) throw new AppError(byIndex[e.constraint]!);
    throw err;
  }
}
