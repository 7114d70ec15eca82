import { RoleId, isRoleId } from '@windward/contracts';

/** Single sign-on settings (docs/identity.md "Single sign-on"). */
export interface SsoConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Web hosts that sign in through SSO; empty = every host. */
  hosts: string[];
  scope: string;
  /** Role of accounts created at their first SSO sign-in. */
  defaultRole: number;
  postLogoutRedirectUri: string | null;
  /** Plain-http issuers are accepted only on loopback (tests, local IdPs) or when allowed explicitly. */
  allowInsecure: boolean;
}

export function ssoConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SsoConfig | null {
  if (!env.SSO_ISSUER || !env.SSO_CLIENT_ID) return null;
  const issuer = new URL(env.SSO_ISSUER);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
  // Least privilege by default: a customer reader with no customers sees nothing until an admin grants scope.
  const defaultRole = Number(env.SSO_DEFAULT_ROLE ?? RoleId.CR);
  if (!isRoleId(defaultRole)) throw new Error(`SSO_DEFAULT_ROLE must be a role id of SPEC §6, got ${env.SSO_DEFAULT_ROLE}`);
  return {
    issuer: env.SSO_ISSUER,
    clientId: env.SSO_CLIENT_ID,
    clientSecret: env.SSO_CLIENT_SECRET ?? '',
    hosts: (env.SSO_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    scope: env.SSO_SCOPE ?? 'openid profile email',
    defaultRole,
    postLogoutRedirectUri: env.SSO_POST_LOGOUT_REDIRECT_URI ?? null,
    allowInsecure: loopback || env.SSO_ALLOW_INSECURE === 'true',
  };
}
