import type { ReactNode } from 'react';
import { StyleProvider, createCache } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import { Provider } from 'react-redux';
import { LocalizedProviders } from '@/shell/App';
import type { AppStore } from '@/shell/store';

/**
 * What every rendered test tree sits in: the store, the console's localized antd providers, and
 * two test-only settings. antd's CSS-in-JS is generated but not injected (`mock="server"`):
 * jsdom's getComputedStyle walks every stylesheet on each call, and testing-library's role
 * queries call it for every ancestor, so ~700 KB of injected antd CSS made role queries cost
 * ~140 ms each. The few rules that hide closed popups are in `hiddenStyles.ts` instead.
 * Virtual lists are off: jsdom has no layout, so a virtual list would render an arbitrary window.
 */
type StyleCache = ReturnType<typeof createCache>;

/**
 * antd's style cache, kept for the worker's life: antd drops a component's generated styles when
 * its last instance unmounts and builds them again on the next mount, so every test rebuilt the
 * styles of every component it rendered (about a tenth of the screen tests' CPU). In tests an
 * entry that reaches zero users stays; styles depend only on their key (token, theme, component).
 */
function keepingStyleCache(): StyleCache {
  const g = globalThis as { __antdTestStyleCache?: StyleCache };
  if (g.__antdTestStyleCache) return g.__antdTestStyleCache;
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  cache.opUpdate = (key, valueFn) =>
    update(key, (prev) => {
      const next = valueFn(prev);
      return next === null && prev ? [0, prev[1]] : next;
    });
  g.__antdTestStyleCache = cache;
  return cache;
}

export function TestProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <StyleProvider mock="server" cache={keepingStyleCache()}>
      <ConfigProvider virtual={false}>
        <Provider store={store}>
          <LocalizedProviders>{children}</LocalizedProviders>
        </Provider>
      </ConfigProvider>
    </StyleProvider>
  );
}
