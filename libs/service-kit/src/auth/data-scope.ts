import { AppError } from '@windward/contracts';
import type { AuthUser } from './auth-user.js';

/** True when the caller may see data of this customer (null scope = every customer). */
export function canSeeCustomer(user: AuthUser, customerId: string | null | undefined): boolean {
  return user.customerIds === null || (!!customerId && user.customerIds.includes(customerId));
}

/** True when the caller may see data of this wind park (null scope = every park). */
export function canSeePark(user: AuthUser, parkId: string | null | undefined): boolean {
  return user.parkIds === null || (!!parkId && user.parkIds.includes(parkId));
}

export function assertCustomerScope(user: AuthUser, customerId: string | null | undefined): void {
  if (!canSeeCustomer(user, customerId)) throw new AppError('NO_ACCESS_RIGHTS');
}

export function assertParkScope(user: AuthUser, parkId: string | null | undefined): void {
  if (!canSeePark(user, parkId)) throw new AppError('NO_ACCESS_RIGHTS');
}

/**
 * Narrows a requested id filter to the caller's scope: `undefined` means "no filter needed"
 * (unrestricted caller, nothing requested); an empty array means "nothing visible".
 */
export function scopeIds(scope: string[] | null, requested?: string[]): string[] | undefined {
  if (scope === null) return requested?.length ? requested : undefined;
  return requested?.length ? requested.filter((id) => scope.includes(id)) : scope;
}
