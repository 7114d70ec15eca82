import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderApp } from '@/test/renderApp';

afterEach(() => vi.unstubAllGlobals());

const sessionResponses: Record<string, unknown> = {
  '/context/api/v1/accounts/me': { id: 'u-3', username: 'kim', displayName: 'Kim', email: '', roles: [], organizationId: null, customerIds: [] },
  '/context/api/v2/Permission/menus': ['menu.performanceStatistics'],
  '/context/api/v2/Permission/deniedModules': [],
};

function stubSessionCalls(): void {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => new Response(JSON.stringify(sessionResponses[url]), { status: 200 })));
}

describe('before-login page', () => {
  it('built-in with a token: loads the session and lands by right', async () => {
    localStorage.setItem('access_token', 'acc');
    stubSessionCalls();
    const { router } = await renderApp({ path: '/before-login' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/deliveryManagement/performanceStatistics'));
  });

  it('built-in with a token lands on the remembered address', async () => {
    localStorage.setItem('access_token', 'acc');
    sessionStorage.setItem('requested_hash', '/qaCenter/myTasks');
    stubSessionCalls();
    const { router } = await renderApp({ path: '/before-login' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/qaCenter/myTasks'));
    expect(sessionStorage.getItem('requested_hash')).toBeNull();
  });

  it('single sign-on polls once a second for a token and proceeds when one appears', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubSessionCalls();
      const { router } = await renderApp({ path: '/before-login', config: { loginMode: 'sso', identityProviderUrl: 'https://sso.example.com' } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(router.state.location.pathname).toBe('/before-login');
      localStorage.setItem('access_token', 'from-silent-sign-in');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/deliveryManagement/performanceStatistics'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('single sign-on without a provider URL says so after polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await renderApp({ path: '/before-login', locale: 'zh_cn', config: { loginMode: 'sso', identityProviderUrl: '' } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3000);
      });
      expect(await screen.findByText('本站未配置单点登录。')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
