import { message } from 'antd';
import { api } from '@/core/api/api';
import { i18n } from '@/core/i18n';
import type { AppConfig } from '@/core/config/appConfig';
import { clientIdFromBasicCredential } from '@/core/config/appConfig';
import { landingRoute } from '@/core/navigation/landing';
import { isViewerHost } from '@/core/navigation/restrictedHost';
import type { AppDispatch } from '@/core/store';
import { takeRequestedHash } from '@/core/session/requestedHash';
import {
  clearSession,
  getAccessToken,
  getIdToken,
  getRefreshToken,
  saveTokens,
  setClientId,
  type KeyValueStorage,
  type TokenResponse,
} from '@/core/session/session';
import { sessionLoaded, sessionReset, type PersonalInfo } from '@/core/session/sessionSlice';
import { STORAGE_KEYS } from '@/core/session/storageKeys';
import { resetUnauthorizedRedirect } from '@/core/session/unauthorized';
import { startTokenRefreshTimer } from '@/core/session/refreshTimer';
import { setAccessRenewer } from '@/core/session/renew';
import { loadFullStylesheet } from '@/core/styles/fullStylesheet';
import type { RightEntry } from '@/shared/contracts';
import { identityApi } from './identityApi';
import { appUrl, randomState, ssoLogoutUrl } from './sso';

export type ContextResult =
  | { kind: 'ok'; personalInfo: PersonalInfo; menuRights: string[]; accessDeniedModules: RightEntry[] }
  | { kind: 'accessDenied' }
  | { kind: 'failed'; step: 'personalInfo' | 'menus' | 'deniedModules' };

/**
 * Post-login loading (SPEC §2, §6): personal info, menu rights, denied-modules list.
 * An empty menu list is "Access deny"; a failed personal-info or denied-modules load sends to /login.
 * The three are asked at once (none needs another's answer: every page waits on them) and judged
 * in that order, so the outcome is the same as asking one after the other.
 */
export async function loadSessionContext(fetchers: {
  personalInfo: () => Promise<PersonalInfo>;
  menus: () => Promise<string[]>;
  deniedModules: () => Promise<RightEntry[]>;
}): Promise<ContextResult> {
  const settle = <T,>(load: () => Promise<T>) => Promise.resolve().then(load);
  const [info, menus, denied] = await Promise.allSettled([settle(fetchers.personalInfo), settle(fetchers.menus), settle(fetchers.deniedModules)]);
  if (info.status === 'rejected') return { kind: 'failed', step: 'personalInfo' };
  if (menus.status === 'rejected') return { kind: 'failed', step: 'menus' };
  const menuRights = menus.value;
  if (!Array.isArray(menuRights) || menuRights.length === 0) return { kind: 'accessDenied' };
  if (denied.status === 'rejected') return { kind: 'failed', step: 'deniedModules' };
  const accessDeniedModules = denied.value;
  return { kind: 'ok', personalInfo: info.value, menuRights, accessDeniedModules: Array.isArray(accessDeniedModules) ? accessDeniedModules : [] };
}

/** Stores a fresh token pair and the client id of the mode in use. */
export function storeSignIn(storage: KeyValueStorage, tokens: TokenResponse, clientId: string): void {
  saveTokens(storage, tokens);
  if (clientId) setClientId(storage, clientId);
  resetUnauthorizedRedirect();
}

export function builtinClientId(config: AppConfig): string {
  return clientIdFromBasicCredential(config.basicCredential);
}

export type EstablishResult = { kind: 'ok'; menuRights: string[] } | { kind: 'login' };

/** Where to land after a sign-in: consumes the remembered hash (SPEC §2). */
export function landingAfterSignIn(menuRights: readonly string[], viewerHosts: readonly string[] = []): string {
  return landingRoute(takeRequestedHash(sessionStorage), menuRights, {
    viewerHost: isViewerHost(window.location, viewerHosts),
  });
}

/** The session load under way and the token it runs with (see `establishSession`). */
let inflight: { token: string | null; result: Promise<EstablishResult> } | null = null;

/**
 * Loads the session context into the store; on failure the caller goes to /login. A load already
 * under way with the same token is shared: the console starts one at boot (main.tsx), while the
 * page's code still loads, and the route guard's own call then joins it instead of asking again.
 * antd's stylesheet for the signed-in console starts loading beside it (the guard waits for both).
 */
export function establishSession(dispatch: AppDispatch): Promise<EstablishResult> {
  void loadFullStylesheet();
  const token = getAccessToken(localStorage);
  if (inflight && inflight.token === token) return inflight.result;
  const run = { token, result: loadIntoStore(dispatch) };
  inflight = run;
  const done = () => {
    if (inflight === run) inflight = null;
  };
  run.result.then(done, done);
  return run.result;
}

async function loadIntoStore(dispatch: AppDispatch): Promise<EstablishResult> {
  const result = await loadSessionContext({
    personalInfo: () => dispatch(identityApi.endpoints.accountMe.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap(),
    menus: () => dispatch(identityApi.endpoints.accountMenus.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap(),
    deniedModules: () =>
      dispatch(identityApi.endpoints.accountDeniedModules.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap(),
  });
  switch (result.kind) {
    case 'ok':
      dispatch(sessionLoaded(result));
      localStorage.setItem(STORAGE_KEYS.userId, String(result.personalInfo.id));
      return { kind: 'ok', menuRights: result.menuRights };
    case 'accessDenied':
      void message.error(i18n.t('errors:http.accessDeny'));
      clearLocalSession(dispatch);
      return { kind: 'login' };
    case 'failed':
      return { kind: 'login' };
  }
}

function clearLocalSession(dispatch: AppDispatch): void {
  clearSession(localStorage);
  dispatch(sessionReset());
  dispatch(api.util.resetApiState());
}

export type LogoutPlan = { kind: 'sso'; url: string } | { kind: 'builtin'; refreshToken: string | null };

export function planLogout(
  config: AppConfig,
  storage: KeyValueStorage,
  location: Pick<Location, 'origin' | 'pathname'>,
  state: string = randomState(),
): LogoutPlan {
  if (config.loginMode === 'sso' && config.identityProviderUrl) {
    return {
      kind: 'sso',
      url: ssoLogoutUrl(config.identityProviderUrl, getIdToken(storage), appUrl(location, '/casdoor-logout-callback'), state),
    };
  }
  return { kind: 'builtin', refreshToken: getRefreshToken(storage) };
}

/** Built-in: revoke (sending the refresh token), clear, go to /login. SSO: clear, go to the provider's logout. */
export async function logout(dispatch: AppDispatch, config: AppConfig, navigate: (path: string) => void): Promise<void> {
  const plan = planLogout(config, localStorage, window.location);
  if (plan.kind === 'sso') {
    clearLocalSession(dispatch);
    window.location.assign(plan.url);
    return;
  }
  if (plan.refreshToken) {
    try {
      await dispatch(identityApi.endpoints.revokeToken.initiate({ token: plan.refreshToken })).unwrap();
    } catch {
      // The session ends locally whatever the server answered.
    }
  }
  clearLocalSession(dispatch);
  navigate('/login');
}

/** Starts the 10-minute refresh check; the new tokens are stored. */
export function startSessionRefresh(dispatch: AppDispatch, config: AppConfig): () => void {
  const refresh = async (): Promise<void> => {
    const refreshToken = getRefreshToken(localStorage);
    if (!refreshToken) throw new Error('no refresh token');
    const tokens = await dispatch(
      identityApi.endpoints.refreshToken.initiate({ refreshToken, sso: config.loginMode === 'sso' }),
    ).unwrap();
    if (!tokens?.access_token) throw new Error('refresh answered without an access token');
    saveTokens(localStorage, tokens);
  };
  // The same call renews at once when a service answers ACCESS_CHANGED (issue #16); the menus,
  // rights and personal info then follow the new access too.
  setAccessRenewer(async () => {
    await refresh();
    void establishSession(dispatch);
  });
  const stopTimer = startTokenRefreshTimer({ storage: localStorage, refresh });
  return () => {
    stopTimer();
    setAccessRenewer(null);
  };
}
