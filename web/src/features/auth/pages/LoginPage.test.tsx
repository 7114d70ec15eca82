import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { lookupMessage } from '@/shared/contracts';
import { changeLocale } from '@/core/i18n';
import { localeChanged } from '@/core/appSlice';
import { jsonResponse, renderApp } from '@/test/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
});

function fill(label: RegExp | string, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('login page', () => {
  it('renders in English', async () => {
    await renderApp({ path: '/login', locale: 'en_us' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Sign in/ })).toBeTruthy();
    expect(screen.getByTestId('language-switch')).toBeTruthy();
  });

  it('renders in Chinese', async () => {
    await renderApp({ path: '/login', locale: 'zh_cn' });
    expect(await screen.findByRole('heading', { name: '登录' })).toBeTruthy();
    expect(screen.getByLabelText('用户名')).toBeTruthy();
    expect(screen.getByLabelText('密码')).toBeTruthy();
    expect(screen.getByText('风机巡检与运维平台')).toBeTruthy();
  });

  it('requires username and password (translated)', async () => {
    await renderApp({ path: '/login', locale: 'zh_cn' });
    fireEvent.click(await screen.findByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
  });

  it('posts the password grant and shows the server error in the current language, re-rendered on switch', async () => {
    const body = { code: 'WRONG_USERNAME_OR_PASSWORD', message: 'Wrong username or password' };
    const fetchMock = vi.fn(async () => jsonResponse(401, body));
    vi.stubGlobal('fetch', fetchMock);
    const { store } = await renderApp({ path: '/login', locale: 'en_us' });

    fill('Username', 'ada');
    fill('Password', 'secret#1');
    fireEvent.click(screen.getByRole('button', { name: /Sign in/ }));

    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toContain(lookupMessage(body, 'en_us', '/oauth/token'));

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/oauth/token');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('grant_type=password&username=ada&password=secret%231&scope=');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Basic ${btoa('windward-web:windward-web-secret')}`);
    expect(headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(headers.locale).toBe('en_us');
    expect(localStorage.getItem('access_token')).toBeNull();

    await act(async () => {
      await changeLocale('zh_cn');
      store.dispatch(localeChanged('zh_cn'));
    });
    expect(screen.getByTestId('login-error').textContent).toContain(lookupMessage(body, 'zh_cn', '/oauth/token'));
    expect(screen.getByRole('heading', { name: '登录' })).toBeTruthy();
    expect(localStorage.getItem('locale')).toBe('zh_cn');
  });

  it('signs in, loads the session and lands with the display name in the header', async () => {
    const responses: Record<string, unknown> = {
      '/oauth/token': { access_token: 'acc', refresh_token: 'ref', token_type: 'Bearer', expires_in: 3600 },
      '/context/api/v1/accounts/me': {
        id: 'u-7',
        username: 'grace',
        displayName: 'Grace Hopper',
        email: 'g@example.com',
        roles: [1],
        organizationId: 'o-1',
        customerIds: [],
      },
      '/context/api/v2/Permission/menus': ['menu.myAsset', 'menu.windFarmOverview'],
      '/context/api/v2/Permission/deniedModules': [{ key: 'qa.show', value: true }],
    };
    const fetchMock = vi.fn(async (url: string) => jsonResponse(200, responses[url]));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderApp({ path: '/login', locale: 'en_us' });

    fill('Username', 'grace');
    fill('Password', 'Cobol1959');
    fireEvent.click(screen.getByRole('button', { name: /Sign in/ }));

    expect(await screen.findByTestId('user-display-name')).toHaveProperty('textContent', 'Grace Hopper');
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore/globalMap'));
    expect(await screen.findByTestId('page-globalMap')).toBeTruthy();
    expect(localStorage.getItem('access_token')).toBe('acc');
    expect(localStorage.getItem('refresh_token')).toBe('ref');
    expect(localStorage.getItem('client_id')).toBe('windward-web');
    expect(localStorage.getItem('user_id')).toBe('u-7');
    const meCall = fetchMock.mock.calls.find(([u]) => u === '/context/api/v1/accounts/me') as unknown as [string, RequestInit];
    expect((meCall[1].headers as Record<string, string>).Authorization).toBe('Bearer acc');
    expect((meCall[1].headers as Record<string, string>)['client-id']).toBe('windward-web');
  });

  it('an empty menu list denies access and stays on /login', async () => {
    const responses: Record<string, unknown> = {
      '/oauth/token': { access_token: 'acc', refresh_token: 'ref', expires_in: 3600 },
      '/context/api/v1/accounts/me': { id: 'u', username: 'u', displayName: 'U', email: '', roles: [], organizationId: null, customerIds: [] },
      '/context/api/v2/Permission/menus': [],
    };
    vi.stubGlobal('fetch', vi.fn(async (url: string) => jsonResponse(200, responses[url])));
    const { router } = await renderApp({ path: '/login', locale: 'en_us' });
    fill('Username', 'u');
    fill('Password', 'p');
    fireEvent.click(screen.getByRole('button', { name: /Sign in/ }));
    expect(await screen.findByTestId('login-error')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
