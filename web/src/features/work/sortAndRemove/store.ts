import { createContext, useContext, useSyncExternalStore } from 'react';
import type { SarState } from './model';

/**
 * A tiny external store for the tool's state: each strip and thumbnail subscribes to its own
 * slice (`useSar(selector)`), so moving the focus re-renders two thumbnails, not 1,000.
 */
export interface SarStore {
  get(): SarState;
  update(fn: (s: SarState) => SarState): void;
  subscribe(listener: () => void): () => void;
}

export function createSarStore(initial: SarState): SarStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    update(fn) {
      const next = fn(state);
      if (next === state) return;
      state = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export const SarStoreContext = createContext<SarStore | null>(null);

export function useSarStore(): SarStore {
  const store = useContext(SarStoreContext);
  if (!store) throw new Error('SarStoreContext missing');
  return store;
}

/** A slice of the state; the selector must return a primitive or a reference kept in the state. */
export function useSar<T>(selector: (s: SarState) => T): T {
  const store = useSarStore();
  return useSyncExternalStore(store.subscribe, () => selector(store.get()));
}
