import { RoleId } from '@windward/contracts';
import type { AuthUser } from '@windward/service-kit';

/** Base path of the repair API behind the gateway. */
export const API_BASE = 'gw/repair/api/v2';

/** A repair technician works only in the campaigns granted to them (SPEC §6, issue #17). */
export function isTechnician(user: AuthUser): boolean {
  return user.roles.includes(RoleId.REPAIR_TECHNICIAN);
}

/** Park filter for SQL: null = every park (unrestricted caller). */
export function parkScope(user: AuthUser): string[] | null {
  return user.parkIds;
}
