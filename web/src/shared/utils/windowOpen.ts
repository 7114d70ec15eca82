import { WINDOW_OPEN_HANDOFF_MS } from '@/shared/contracts';
import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from '@/core/session/storageKeys';
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

/**
 * Called first thing when a tab starts on the middle page (main.tsx), before configuration,
 * sign-in state and the route's code load: the 3-second rule applies to the hand-over between the
 * two tabs, not to how long this tab then takes to load on a busy machine. The claimed target is
 * kept in this tab's sessionStorage for the middle page.
 */
export function claimHandoff(local: KeyValueStorage, session: KeyValueStorage, nowMs: number): void {
  const target = readHandoff(local, nowMs);
  if (target) session.setItem(SESSION_STORAGE_KEYS.windowOpenClaimed, JSON.stringify(target));
}

/** The target this tab claimed as it started (and forgets it), else a handoff still in storage. */
export function takeHandoff(local: KeyValueStorage, session: KeyValueStorage, nowMs: number): WindowOpenTarget | null {
  const claimed = session.getItem(SESSION_STORAGE_KEYS.windowOpenClaimed);
  session.removeItem(SESSION_STORAGE_KEYS.windowOpenClaimed);
  if (claimed) {
    try {
      const t = JSON.parse(claimed) as WindowOpenTarget;
      if (typeof t.path === 'string' && t.path.startsWith('/')) return { path: t.path, query: t.query };
    } catch {
      // fall through to storage
    }
  }
  return readHandoff(local, nowMs);
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
