import { useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import type { AppRouter } from './router/router';
import { useAppSelector } from '@/core/store';
import { antdLocaleOf, HTML_LANG } from '@/core/i18n';
import { THEME } from './theme';
import { usePrefersReducedMotion, withoutMotion } from './reducedMotion';
import { useFullStylesheet } from '@/core/styles/fullStylesheet';
import type { AppStore } from './store';

const REDUCED_MOTION_THEME = withoutMotion(THEME);
/** By [reduced motion][antd's stylesheet loaded]: the same objects each render (a new theme re-renders every antd component). */
const THEMES = {
  motion: { runtime: THEME, full: { ...THEME, zeroRuntime: true } },
  reduced: { runtime: REDUCED_MOTION_THEME, full: { ...REDUCED_MOTION_THEME, zeroRuntime: true } },
} as const;

/**
 * antd and the document's language follow the chosen language; i18next components re-render on
 * their own. antd's texts come with the language's chunk, loaded before the locale changes. A
 * system preference for reduced motion turns antd's animations off. Once antd's whole stylesheet is
 * in (core/styles/fullStylesheet), components stop writing their styles at run time.
 */
export function LocalizedProviders({ children }: { children: ReactNode }) {
  const locale = useAppSelector((s) => s.app.locale);
  const reducedMotion = usePrefersReducedMotion();
  const fullStylesheet = useFullStylesheet();
  useEffect(() => {
    document.documentElement.lang = HTML_LANG[locale];
  }, [locale]);
  return (
    <ConfigProvider locale={antdLocaleOf(locale)} theme={THEMES[reducedMotion ? 'reduced' : 'motion'][fullStylesheet ? 'full' : 'runtime']}>
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
