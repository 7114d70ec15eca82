import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { createAppState } from '@/core/appSlice';
import { TestProviders } from '@/test/TestProviders';
import { i18n, initI18n } from '@/core/i18n';
import { createStore } from '@/test/store';
import { readySession, TEST_CONFIG } from '@/test/renderApp';
import type { Locale, RightEntry } from '../contracts';
import { Component as UserCenterPage } from '../UserCenterPage';
import { UserMenu } from '../password/UserMenu';
import { userCenterFetch } from './fakeServer';

export const ALL_UC_RIGHTS: RightEntry[] = [
  'userList.show',
  'userList.edit',
  'customerList.show',
  'customerList.edit',
  'organizationList.show',
  'organizationList.edit',
].map((key) => ({ key, value: true }));

/** The user centre (and the header's user menu) in a memory router with a fresh store and a fake server. */
export async function renderUserCenter(
  options: { path?: string; locale?: Locale; rights?: RightEntry[]; roles?: number[]; oldPassword?: string } = {},
) {
  const locale = options.locale ?? 'en_us';
  localStorage.setItem('access_token', 'acc');
  localStorage.setItem('refresh_token', 'ref');
  const server = userCenterFetch({ oldPassword: options.oldPassword });
  vi.stubGlobal('fetch', server.fetchMock);
  initI18n(locale);
  await i18n.changeLanguage(locale);
  const base = readySession();
  const session = readySession({
    accessDeniedModules: options.rights ?? ALL_UC_RIGHTS,
    personalInfo: { ...base.personalInfo!, id: 'u-1', roles: options.roles ?? [100] },
  });
  const store = createStore({ app: createAppState({ ...TEST_CONFIG, appLocale: locale }, locale), session });
  const routes: RouteObject[] = [
    { path: '/configuration/userCenter', Component: UserCenterPage },
    { path: '/menu', element: <UserMenu name="Ada Lovelace" /> },
    { path: '/login', element: <div data-testid="login-page" /> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/configuration/userCenter'] });
  await act(async () => {
    render(
      <TestProviders store={store}>
        <RouterProvider router={router} />
      </TestProviders>,
    );
  });
  return { store, router, ...server };
}
