/** Single sign-on helpers (OpenID Connect authorisation-code flow against the configured provider). */
import { SSO_TOKEN_POLL_INTERVAL_MS } from '@/shared/contracts';

export const SSO_SILENT_POLL_INTERVAL_MS = SSO_TOKEN_POLL_INTERVAL_MS;
/** How many one-second polls for an access token before sending the user to the provider. */
export const SSO_SILENT_POLL_ATTEMPTS = 3;
export const SSO_STATE_KEY = 'sso_state';

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Where the provider sends the user back: the hash route, so the console needs no server-side path. */
export function appUrl(location: Pick<Location, 'origin' | 'pathname'>, hashPath: string): string {
  return `${location.origin}${location.pathname}#${hashPath}`;
}

export function ssoAuthorizeUrl(identityProviderUrl: string, clientId: string, redirectUri: string, state: string): string {
  const query = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    state,
  });
  return `${trimSlash(identityProviderUrl)}/login/oauth/authorize?${query.toString()}`;
}

export function ssoLogoutUrl(identityProviderUrl: string, idToken: string | null, postLogoutRedirectUri: string, state: string): string {
  const query = new URLSearchParams({ post_logout_redirect_uri: postLogoutRedirectUri, state });
  if (idToken) query.set('id_token_hint', idToken);
  return `${trimSlash(identityProviderUrl)}/api/logout?${query.toString()}`;
}

/**
 * The provider appends `?code=…&state=…` to the redirect URI; with a hash route it lands in
 * the hash's query, some providers put it in the real query. Read both.
 */
export function readCallbackParams(location: Pick<Location, 'search' | 'hash'>): { code: string | null; state: string | null; error: string | null } {
  const hashQuery = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?') + 1) : '';
  const fromHash = new URLSearchParams(hashQuery);
  const fromSearch = new URLSearchParams(location.search);
  const pick = (key: string): string | null => fromHash.get(key) ?? fromSearch.get(key);
  return { code: pick('code'), state: pick('state'), error: pick('error') };
}

export function randomState(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
