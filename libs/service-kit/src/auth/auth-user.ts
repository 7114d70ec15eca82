/** The signed-in caller as every service sees it, read from identity's access token. */
export interface AuthUser {
  userId: string;
  username: string;
  /** The name people see (identity's display name); the username when the token has none. */
  displayName: string;
  roles: number[];
  /** Granted right keys (contracts `Right`); anything absent is denied. */
  rights: string[];
  /** Data scope: `null` means every customer / park (administrators). */
  customerIds: string[] | null;
  parkIds: string[] | null;
  organizationId: string | null;
  /** The sign-in session (refresh-token family) the token belongs to, when identity set one. */
  sessionId: string | null;
  /** The user's access version when the token was issued (claim `av`; absent = 0). */
  accessVersion?: number;
}

/** Claims identity writes into its RS256 access tokens. */
export interface AccessTokenClaims {
  sub: string;
  username: string;
  /** Display name (optional: tokens issued before it was added have none). */
  name?: string;
  roles: number[];
  rights: string[];
  cid: string[] | null;
  pid: string[] | null;
  org: string | null;
  sid?: string;
  /** Access version: identity raises it when roles, rights or data scope change (issue #16). */
  av?: number;
}

export function userFromClaims(c: AccessTokenClaims): AuthUser {
  return {
    userId: c.sub,
    username: c.username,
    displayName: c.name || c.username,
    roles: c.roles ?? [],
    rights: c.rights ?? [],
    customerIds: c.cid ?? null,
    parkIds: c.pid ?? null,
    organizationId: c.org ?? null,
    sessionId: c.sid ?? null,
    accessVersion: typeof c.av === 'number' ? c.av : 0,
  };
}
