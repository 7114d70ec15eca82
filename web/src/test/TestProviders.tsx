import type { ReactNode } from 'react';
import { StyleProvider } from '@ant-design/cssinjs';
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
export function TestProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <StyleProvider mock="server">
      <ConfigProvider virtual={false}>
        <Provider store={store}>
          <LocalizedProviders>{children}</LocalizedProviders>
        </Provider>
      </ConfigProvider>
    </StyleProvider>
  );
}
