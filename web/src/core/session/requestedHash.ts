import { SESSION_STORAGE_KEYS } from './storageKeys';
import type { KeyValueStorage } from './session';

/** Routes that are never a landing target. */
export const PUBLIC_PATHS = ['/before-login', '/login', '/casdoor-callback', '/casdoor-logout-callback'] as const;

export function hashToPath(hash: string): string {
  const withoutHash = hash.startsWith('#') ? hash.slice(1) : hash;
  return withoutHash.startsWith('/') ? withoutHash : `/${withoutHash}`;
}

export function pathnameOf(path: string): string {
  const cut = path.search(/[?#]/);
  return cut >= 0 ? path.slice(0, cut) : path;
}

/** True when the path (with optional query) is a route one may land on after login. */
export function isLandingCandidate(path: string): boolean {
  const pathname = pathnameOf(path);
  if (pathname === '' || pathname === '/') return false;
  return !PUBLIC_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Remembers the requested hash; public routes are not remembered. Keeps the first one unless `overwrite`. */
export function rememberRequestedHash(storage: KeyValueStorage, hash: string, overwrite = false): void {
  const path = hashToPath(hash);
  if (!isLandingCandidate(path)) return;
  if (!overwrite && storage.getItem(SESSION_STORAGE_KEYS.requestedHash)) return;
  storage.setItem(SESSION_STORAGE_KEYS.requestedHash, path);
}

export function takeRequestedHash(storage: KeyValueStorage): string | null {
  const value = storage.getItem(SESSION_STORAGE_KEYS.requestedHash);
  storage.removeItem(SESSION_STORAGE_KEYS.requestedHash);
  return value;
}
