import { WINDOW_OPEN_HANDOFF_MS } from '@/shared/contracts';
import { STORAGE_KEYS } from '@/core/session/storageKeys';
import type { KeyValueStorage } from '@/core/session/session';

export interface WindowOpenTarget {
  /** Hash route to open, e.g. /inspection/turbine */
  path: string;
  /** Query handed over without putting it in the opener's URL. */
  query?: Record<string, string>;
}

interface Handoff extends WindowOpenTarget {
  expiresAt: number;
}

export const WINDOW_OPEN_ROUTE = '/middlePage/windowOpen';

/** Writes the handoff kept for 3 seconds (SPEC §2, §9). */
export function writeHandoff(storage: KeyValueStorage, target: WindowOpenTarget, nowMs: number): void {
  const handoff: Handoff = { ...target, expiresAt: nowMs + WINDOW_OPEN_HANDOFF_MS };
  storage.setItem(STORAGE_KEYS.windowOpenHandoff, JSON.stringify(handoff));
}

/** Reads and removes the handoff; null when absent, malformed or older than 3 seconds. */
export function readHandoff(storage: KeyValueStorage, nowMs: number): WindowOpenTarget | null {
  const raw = storage.getItem(STORAGE_KEYS.windowOpenHandoff);
  storage.removeItem(STORAGE_KEYS.windowOpenHandoff);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Handoff>;
    if (typeof parsed.path !== 'string' || !parsed.path.startsWith('/')) return null;
    if (typeof parsed.expiresAt !== 'number' || nowMs > parsed.expiresAt) return null;
    return { path: parsed.path, query: parsed.query };
  } catch {
    return null;
  }
}

export function targetHref(target: WindowOpenTarget): string {
  const query = new URLSearchParams(target.query ?? {}).toString();
  return query ? `${target.path}?${query}` : target.path;
}

/** Opens the target in a new window through the middle page; the handoff is removed after 3 s. */
export function openInNewWindow(
  target: WindowOpenTarget,
  env: { storage: KeyValueStorage; open: (url: string) => void; now: () => number } = {
    storage: localStorage,
    open: (url) => void window.open(url, '_blank'),
    now: Date.now,
  },
): void {
  writeHandoff(env.storage, target, env.now());
  setTimeout(() => env.storage.removeItem(STORAGE_KEYS.windowOpenHandoff), WINDOW_OPEN_HANDOFF_MS);
  env.open(`#${WINDOW_OPEN_ROUTE}`);
}
