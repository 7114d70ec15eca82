import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

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
