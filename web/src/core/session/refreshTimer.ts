import { TOKEN_REFRESH_CHECK_INTERVAL_MS } from '@/shared/contracts';
import { shouldRefresh, type KeyValueStorage } from './session';

export interface RefreshTimerOptions {
  storage: KeyValueStorage;
  /** Exchanges the refresh token and stores the new tokens. */
  refresh: () => Promise<void>;
  now?: () => number;
  intervalMs?: number;
}

/**
 * Checks every 10 minutes (and once at start) whether the refresh time has passed and,
 * if so, refreshes. Overlapping refreshes are not started. Returns a stop function.
 */
export function startTokenRefreshTimer(options: RefreshTimerOptions): () => void {
  const now = options.now ?? Date.now;
  let running = false;
  const tick = async (): Promise<void> => {
    if (running || !shouldRefresh(options.storage, now())) return;
    running = true;
    try {
      await options.refresh();
    } catch {
      // A failed refresh leaves the old tokens; the next 401 sends the user to sign in.
    } finally {
      running = false;
    }
  };
  void tick();
  const handle = setInterval(() => void tick(), options.intervalMs ?? TOKEN_REFRESH_CHECK_INTERVAL_MS);
  return () => clearInterval(handle);
}
