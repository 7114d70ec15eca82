import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { installHiddenStyles } from './hiddenStyles';

// Lazy routes and antd load slowly on a busy 2-core CI machine: findBy* waits up to 10 s, not 1 s.
configure({ asyncUtilTimeout: 10_000 });

// antd reads matchMedia (responsive observers); jsdom does not provide it.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
installHiddenStyles(document);

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  (window as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// React's scheduler runs queued work in a later macrotask (setImmediate under Node). Work queued by
// a file's last updates (a late fetch answer, a time-sliced render) would otherwise run after
// vitest has torn the jsdom window down and fail as "window is not defined": let it run first.
afterAll(async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  // Files share one worker (isolate: false): the next file gets fresh app modules (stores, shared
  // sockets, its own vi.mock doubles) while React, antd and jsdom stay loaded.
  vi.resetModules();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
