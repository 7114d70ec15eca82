import { SCROLL_DEBOUNCE_MS, SCROLL_CHECK_INTERVAL_MS, SCROLL_CHECK_MAX_TIMES } from '@/shared/contracts';

export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** True when the content is scrolled to its end (or does not scroll at all). */
export function isScrolledToEnd(m: ScrollMetrics, tolerancePx = 2): boolean {
  return m.scrollHeight - m.clientHeight - m.scrollTop <= tolerancePx;
}

/** The go-to-bottom button shows while content is not scrolled to the end. */
export function shouldShowGoToBottom(m: ScrollMetrics | null | undefined): boolean {
  return !!m && !isScrolledToEnd(m);
}

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel: () => void;
}

export function debounce<A extends unknown[]>(fn: (...args: A) => void, waitMs: number = SCROLL_DEBOUNCE_MS): Debounced<A> {
  let handle: ReturnType<typeof setTimeout> | undefined;
  const debounced = ((...args: A) => {
    if (handle !== undefined) clearTimeout(handle);
    handle = setTimeout(() => {
      handle = undefined;
      fn(...args);
    }, waitMs);
  }) as Debounced<A>;
  debounced.cancel = () => {
    if (handle !== undefined) clearTimeout(handle);
    handle = undefined;
  };
  return debounced;
}

/**
 * After a route change content may still be arriving: re-run the check every 500 ms,
 * up to 10 times (SPEC §2 "Scroll area"). Returns a cancel function.
 */
export function scheduleRechecks(
  check: () => void,
  intervalMs: number = SCROLL_CHECK_INTERVAL_MS,
  times: number = SCROLL_CHECK_MAX_TIMES,
): () => void {
  let done = 0;
  const handle = setInterval(() => {
    done += 1;
    check();
    if (done >= times) clearInterval(handle);
  }, intervalMs);
  return () => clearInterval(handle);
}
