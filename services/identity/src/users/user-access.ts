import { ALL_RIGHTS, isAdminRole, rightsForRoles } from '@windward/contracts';
import type { AccessTokenClaims } from '@windward/service-kit';
import type { User } from './user.entity.js';

/** Rights of a user: the administrator's per-user choice, else the defaults of the user's roles. */
export function effectiveRights(user: Pick<User, 'roles' | 'rightsGranted'>): string[] {
  if (user.roles.some(isAdminRole)) return [...ALL_RIGHTS];
  return user.rightsGranted ?? [...rightsForRoles(user.roles)];
}

/** What every service learns about the caller from the access token. */
export function accessClaims(user: User): AccessTokenClaims {
  const admin = user.roles.some(isAdminRole);
  return {
    sub: user.id,
    username: user.username,
    name: user.displayName || user.username,
    roles: user.roles,
    rights: effectiveRights(user),
    // Administrators see every customer and park; others only their own.
    cid: admin ? null : user.customerIds,
    pid: admin || user.parkIds.length === 0 ? null : user.parkIds,
    org: user.organizationId,
    av: user.accessVersion ?? 0,
  };
}

/** What an access token says about the user's access (roles, rights, scope), to see whether it changed. */
export function accessFingerprint(user: User): string {
  const c = accessClaims(user);
  return JSON.stringify([c.roles, c.rights, c.cid, c.pid, c.org]);
}
