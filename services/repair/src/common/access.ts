import { RoleId } from '@windward/contracts';
import { canSeeCustomer, canSeePark, type AuthUser } from '@windward/service-kit';

/** Base path of the repair API behind the gateway. */
export const API_BASE = 'gw/repair/api/v2';

/** A repair technician works only in the campaigns granted to them (SPEC §6, issue #17). */
export function isTechnician(user: AuthUser): boolean {
  return user.roles.includes(RoleId.REPAIR_TECHNICIAN);
}

/**
 * Data scope (SPEC §6: customer and park): a record of this park and customer is visible when both
 * scopes allow it. A technician's campaigns are the ones granted to them, whatever their customer
 * scope says (technicians usually belong to a service organization, not to the customer).
 */
export function canSeeRecord(user: AuthUser, parkId: string | null | undefined, customerId: string | null | undefined, granted = false): boolean {
  if (!canSeePark(user, parkId)) return false;
  return granted || canSeeCustomer(user, customerId);
}
