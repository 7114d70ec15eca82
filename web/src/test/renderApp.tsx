import { act, render } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import type { Locale } from '@/shared/contracts';
import { createAppState } from '@/core/appSlice';
import { TestProviders } from '@/test/TestProviders';
import { DEFAULT_APP_CONFIG, type AppConfig } from '@/core/config/appConfig';
import { i18n, initI18n } from '@/core/i18n';
import { routes } from '@/shell/router/routes';
import { routerAskedAddress, setAskedAddressSource } from '@/core/navigation/askedAddress';
import type { SessionState } from '@/core/session/sessionSlice';
import { createStore } from '@/shell/store';

export const TEST_CONFIG: AppConfig = {
  ...DEFAULT_APP_CONFIG,
  basicCredential: btoa('windward-web:windward-web-secret'),
};

export function readySession(overrides: Partial<SessionState> = {}): SessionState {
  return {
    status: 'ready',
    personalInfo: {
      id: 'u-1',
      username: 'ada',
      displayName: 'Ada Lovelace',
      email: 'ada@example.com',
      roles: [100],
      organizationId: null,
      customerIds: [],
    },
    menuRights: ['menu.myAsset'],
    accessDeniedModules: [],
    ...overrides,
  };
}

/** Renders the real route table in a memory router with a fresh store. */
export async function renderApp(options: {
  path: string;
  locale?: Locale;
  config?: Partial<AppConfig>;
  session?: SessionState;
}) {
  const locale = options.locale ?? 'en_us';
  initI18n(locale);
  await i18n.changeLanguage(locale);
  const config = { ...TEST_CONFIG, ...options.config, appLocale: locale };
  const store = createStore({ app: createAppState(config, locale), ...(options.session ? { session: options.session } : {}) });
  // The route's lazy modules load before the first render: importing a feature's module graph
  // is the test environment's cost (seconds on a loaded machine), not the behaviour that the
  // tests' waits measure. The router's own lazy() call then finds them loaded.
  const matched = matchRoutes(routes, options.path.split(/[?#]/)[0]!) ?? [];
  await Promise.all(matched.map(({ route }) => (typeof route.lazy === 'function' ? route.lazy() : undefined)));
  const router = createMemoryRouter(routes, { initialEntries: [options.path] });
  setAskedAddressSource(() => routerAskedAddress(router));
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(
      <TestProviders store={store}>
        <RouterProvider router={router} />
      </TestProviders>,
    );
  });
  return { store, router, view };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
