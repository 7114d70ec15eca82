import { useSyncExternalStore } from 'react';
import antdStylesheet from 'antd/dist/antd.css?url';

/**
 * antd's whole stylesheet for the signed-in console (issue #22 item 3). antd writes each
 * component's styles at run time the first time the component renders (CSS-in-JS): opening a
 * labeling task spent ~0.2 s of its main thread on that. With the prebuilt stylesheet loaded,
 * the theme's `zeroRuntime` skips that work (our tokens still apply: antd's styles read them as
 * CSS variables, which it keeps writing). The file is ~104 kB gzip, too much for the first page
 * (item 4's 250 kB initial bundle): the sign-in page renders with run-time styles, and the file is
 * loaded with the session (at boot when a token is kept, on sign-in otherwise); the route guard
 * renders the signed-in console once it is in (docs/performance.md, session 29).
 *
 * - `full`: loaded; components mounted from now on use it (antd fixes the mode per component
 *   when it mounts, so ones already on screen keep their run-time styles, which are the same).
 * - `runtime`: failed or too slow (`timeoutMs`): run-time styles as before, for good.
 */
export type StylesheetState = 'idle' | 'loading' | 'full' | 'runtime';

export interface StylesheetLoader {
  /** Starts the load once; resolves when it has settled (loaded, failed or timed out). */
  load(): Promise<void>;
  state(): StylesheetState;
  subscribe(listener: () => void): () => void;
}

export function createStylesheetLoader(
  href: string,
  doc: Document,
  timeoutMs: number,
  initial: StylesheetState = 'idle',
): StylesheetLoader {
  let state = initial;
  let settled: Promise<void> | null = initial === 'full' || initial === 'runtime' ? Promise.resolve() : null;
  const listeners = new Set<() => void>();
  const settle = (to: StylesheetState) => {
    if (state !== 'loading') return;
    state = to;
    for (const l of listeners) l();
  };
  return {
    load() {
      settled ??= new Promise<void>((resolve) => {
        state = 'loading';
        const link = doc.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        const timer = setTimeout(() => {
          settle('runtime');
          resolve();
        }, timeoutMs);
        const done = (to: StylesheetState) => () => {
          clearTimeout(timer);
          settle(to);
          resolve();
        };
        link.addEventListener('load', done('full'), { once: true });
        link.addEventListener('error', done('runtime'), { once: true });
        // First in <head>, where antd's run-time styles go too: the console's own stylesheet,
        // later in the document, keeps winning over antd's rules of the same specificity.
        doc.head.insertBefore(link, doc.head.firstChild);
        for (const l of listeners) l();
      });
      return settled;
    },
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The console's loader. jsdom (the screen tests) loads no stylesheets and would never answer:
 * there the console runs with run-time styles, as before.
 */
const loader = createStylesheetLoader(antdStylesheet, document, 10_000, import.meta.env.MODE === 'test' ? 'runtime' : 'idle');

export const loadFullStylesheet = (): Promise<void> => loader.load();

/** Whether antd's stylesheet is in (the theme's `zeroRuntime`). */
export function useFullStylesheet(): boolean {
  return useSyncExternalStore(loader.subscribe, () => loader.state() === 'full');
}

/** Whether the load has settled either way (the route guard waits for it). */
export function useStylesheetSettled(): boolean {
  return useSyncExternalStore(loader.subscribe, () => loader.state() === 'full' || loader.state() === 'runtime');
}
