import { useSyncExternalStore } from 'react';
import type { ThemeConfig } from 'antd';

const QUERY = '(prefers-reduced-motion: reduce)';

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const m = media();
  m?.addEventListener?.('change', onChange);
  return () => m?.removeEventListener?.('change', onChange);
}

/**
 * Whether the user asked the system for less motion (WCAG 2.3.3): followed live, so switching the
 * setting takes effect without a reload.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false, () => false);
}

/**
 * The theme without antd's motion: dropdowns, modals, messages and form hints appear and leave at
 * once instead of sliding, zooming or growing. Browser tests run with this preference too: a
 * control still moving in an animation could be clicked where it was a frame before (docs/ci.md).
 */
export function withoutMotion(theme: ThemeConfig): ThemeConfig {
  return { ...theme, token: { ...theme.token, motion: false } };
}
