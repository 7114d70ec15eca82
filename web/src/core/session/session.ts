import type { TokenView } from '@/core/api/generated/identity';
import { isTokenRefreshDue, refreshTimeOfNewToken } from '@/shared/contracts';
import { KEYS_CLEARED_ON_LOGOUT, STORAGE_KEYS } from './storageKeys';

/** What the session keeps of a token response (identity's `TokenView`: /oauth/token, /oauth/refresh, /oauth/v2/token). */
export type TokenResponse = Pick<TokenView, 'access_token' | 'refresh_token' | 'expires_in'> & Partial<Pick<TokenView, 'id_token' | 'token_type'>>;

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function saveTokens(storage: KeyValueStorage, tokens: TokenResponse, nowMs: number = Date.now()): void {
  storage.setItem(STORAGE_KEYS.accessToken, tokens.access_token);
  if (tokens.refresh_token) storage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh_token);
  if (tokens.id_token) storage.setItem(STORAGE_KEYS.idToken, tokens.id_token);
  storage.setItem(STORAGE_KEYS.refreshTime, String(refreshTimeOfNewToken(nowMs, tokens.expires_in)));
}

export function getAccessToken(storage: KeyValueStorage = localStorage): string | null {
  return storage.getItem(STORAGE_KEYS.accessToken) || null;
}

export function getRefreshToken(storage: KeyValueStorage = localStorage): string | null {
  return storage.getItem(STORAGE_KEYS.refreshToken) || null;
}

export function getIdToken(storage: KeyValueStorage = localStorage): string | null {
  return storage.getItem(STORAGE_KEYS.idToken) || null;
}

export function getClientId(storage: KeyValueStorage = localStorage): string | null {
  return storage.getItem(STORAGE_KEYS.clientId) || null;
}

export function setClientId(storage: KeyValueStorage, clientId: string): void {
  storage.setItem(STORAGE_KEYS.clientId, clientId);
}

export function getRefreshTime(storage: KeyValueStorage): number | null {
  const raw = storage.getItem(STORAGE_KEYS.refreshTime);
  if (raw === null || raw === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** The timer's decision: refresh only with a refresh token and once the refresh time has passed. */
export function shouldRefresh(storage: KeyValueStorage, nowMs: number): boolean {
  if (!getRefreshToken(storage)) return false;
  const refreshTime = getRefreshTime(storage);
  return refreshTime === null || isTokenRefreshDue(refreshTime, nowMs);
}

/** Logout clears exactly: tokens, client id, loaded-report list, current tab, user id, dashboard tab, park lists. */
export function clearSession(storage: KeyValueStorage): void {
  for (const key of KEYS_CLEARED_ON_LOGOUT) storage.removeItem(key);
}
