import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { readySession, renderApp } from '@/test/renderApp';
import { readCollapsed } from './MainLayout';

afterEach(() => vi.unstubAllGlobals());

describe('main layout', () => {
  it('builds the sidebar from the menu rights, in the chosen language', async () => {
    localStorage.setItem('access_token', 'acc');
    await renderApp({
      path: '/explore/globalMap',
      locale: 'zh_cn',
      session: readySession({ menuRights: ['menu.myAsset', 'menu.repairOverview'] }),
    });
    expect(await screen.findByText('我的资产')).toBeTruthy();
    expect(screen.getByText('维修中心')).toBeTruthy();
    expect(screen.queryByText('配置中心')).toBeNull();
    expect(screen.getByText('退出登录')).toBeTruthy();
  });

  it('logout revokes the refresh token, clears the session keys and goes to /login', async () => {
    localStorage.setItem('access_token', 'acc');
    localStorage.setItem('refresh_token', 'ref');
    localStorage.setItem('refresh_time', String(Date.now() + 3600_000));
    localStorage.setItem('park_list_lps', '[]');
    localStorage.setItem('locale', 'en_us');
    const fetchMock = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { router, store } = await renderApp({ path: '/explore/globalMap', session: readySession() });
    fireEvent.click(await screen.findByRole('button', { name: /Log out/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The kept-alive global map may load its parks meanwhile; only the revoke call matters here.
    const calls = fetchMock.mock.calls as unknown as [string | Request, RequestInit][];
    const revokes = calls.filter(([u]) => (typeof u === 'string' ? u : u.url).endsWith('/oauth/revoke'));
    expect(revokes).toHaveLength(1);
    const [url, init] = revokes[0]!;
    expect(url).toBe('/oauth/revoke');
    expect(init.body).toBe('token=ref');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('park_list_lps')).toBeNull();
    expect(localStorage.getItem('locale')).toBe('en_us');
    expect(store.getState().session.status).toBe('anonymous');
  });

  it("opens the current page's menu group when a link or the address bar leads into another group", async () => {
    localStorage.setItem('access_token', 'acc');
    const { router } = await renderApp({
      path: '/repairPlan/repairCampaignList',
      session: readySession({ menuRights: ['menu.repairOverview', 'menu.windFarmOverview'] }),
    });
    // A group by its menu key (collapsed, the sidebar shows no titles).
    const isOpen = (key: 'repair' | 'inspection') =>
      document.querySelector(`[data-menu-id$="-${key}"]`)!.closest('li')!.classList.contains('ant-menu-submenu-open');
    await waitFor(() => expect(isOpen('repair')).toBe(true));
    expect(isOpen('inspection')).toBe(false);
    await router.navigate('/inspection/windPark');
    // The new page's group opens (antd alone reads its open groups only when it mounts); the one the user had stays open.
    await waitFor(() => expect(isOpen('inspection')).toBe(true));
    expect(isOpen('repair')).toBe(true);
    // A group the user closes stays closed while the page stays in the other group.
    fireEvent.click(screen.getByText('Repair Center'));
    await waitFor(() => expect(isOpen('repair')).toBe(false));
    expect(isOpen('inspection')).toBe(true);
    // Collapsed, the groups are pop-ups; expanded again, the groups open before are open again.
    const trigger = document.querySelector('.ant-layout-sider-trigger') as HTMLElement;
    fireEvent.click(trigger);
    await waitFor(() => expect(isOpen('inspection')).toBe(false));
    fireEvent.click(trigger);
    await waitFor(() => expect(isOpen('inspection')).toBe(true));
    expect(isOpen('repair')).toBe(false);
  });

  it('keeps the sidebar collapse in localStorage (is-collapse = 1)', () => {
    expect(readCollapsed(localStorage)).toBe(false);
    localStorage.setItem('is-collapse', '1');
    expect(readCollapsed(localStorage)).toBe(true);
  });
});
