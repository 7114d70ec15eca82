import { useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import type { Locale } from '@/shared/contracts';
import type { AppRouter } from './router/router';
import { useAppSelector } from '@/core/store';
import { HTML_LANG } from '@/core/i18n';
import { THEME } from './theme';
import type { AppStore } from './store';

const ANTD_LOCALES = { en_us: enUS, zh_cn: zhCN } satisfies Record<Locale, unknown>;

/** antd and the document's language follow the chosen language; i18next components re-render on their own. */
export function LocalizedProviders({ children }: { children: ReactNode }) {
  const locale = useAppSelector((s) => s.app.locale);
  useEffect(() => {
    document.documentElement.lang = HTML_LANG[locale];
  }, [locale]);
  return (
    <ConfigProvider locale={ANTD_LOCALES[locale]} theme={THEME}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}

export function App({ store, router }: { store: AppStore; router: AppRouter }) {
  return (
    <Provider store={store}>
      <LocalizedProviders>
        <RouterProvider router={router} />
      </LocalizedProviders>
    </Provider>
  );
}
