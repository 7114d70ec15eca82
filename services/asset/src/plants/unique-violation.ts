import { QueryFailedError } from 'typeorm';
import { AppError, type ErrorCode } from '@windward/contracts';

/**
 * The checks before a write give the catalogue's message; the unique indexes stay the last
 * word when two requests race, and their violation becomes the same message instead of a 500.
 */
export async function uniqueAsConflict<T>(work: () => Promise<T>, byIndex: Record<string, ErrorCode>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const constraint = err instanceof QueryFailedError ? (err.driverError as { code?: string; constraint?: string }) : undefined;
    if (constraint?.code === '23505' && constraint.constraint && byIndex[constraint.constraint]) {
      throw new AppError(byIndex[constraint.constraint]!);
    }
    throw err;
  }
}
