import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { createRequire } from 'node:module';
import * as React from 'react';
import { installHiddenStyles } from './hiddenStyles';

// React's development build captures an owner stack (an Error) for every element it creates, up
// to 10,000 per render: a fifth of the screen tests' CPU (docs/ci.md). Those stacks only enrich
// React's own warnings, so the tests turn them off by keeping React's counter above its limit.
const reactInternals = (React as unknown as Record<string, Record<string, unknown> | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && !Object.getOwnPropertyDescriptor(reactInternals, 'recentlyCreatedOwnerStacks')?.get) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { configurable: true, get: () => Infinity, set: () => {} });
}

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

// antd's tables and modals measure the scroll bar by adding an element and a <style>, then asking
// for computed styles: in jsdom (no layout) the answer is always 0 and each measure cost ~40 ms
// (getComputedStyle walks every style sheet), ~4% of the screen tests' CPU. Answer 0 directly.
const scrollBar = createRequire(import.meta.url)('@rc-component/util/lib/getScrollBarSize') as {
  getTargetScrollBarSize: (target: unknown) => { width: number; height: number };
};
scrollBar.getTargetScrollBarSize = () => ({ width: 0, height: 0 });

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  (window as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;
}

afterEach(async () => {
  cleanup();
  // A test's router must not answer "where was the user going" for the next test (imported here
  // so that it is this file's module instance, after vi.resetModules).
  (await import('@/core/navigation/askedAddress')).setAskedAddressSource(null);
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
