import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getAccessToken,
  getRefreshTime,
  saveTokens,
  shouldRefresh,
} from './session';
import { startTokenRefreshTimer } from './refreshTimer';
import { KEYS_CLEARED_ON_LOGOUT, STORAGE_KEYS } from './storageKeys';
import { handleUnauthorized, resetUnauthorizedRedirect } from './unauthorized';
import { isLandingCandidate, rememberRequestedHash, takeRequestedHash } from './requestedHash';

const MIN = 60_000;

describe('token storage', () => {
  it('stores access token, refresh token and refresh time = expiry − 10 min', () => {
    const now = 1_700_000_000_000;
    saveTokens(localStorage, { access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 3600 }, now);
    expect(localStorage.getItem('access_token')).toBe('a');
    expect(localStorage.getItem('refresh_token')).toBe('r');
    expect(getRefreshTime(localStorage)).toBe(now + 3600_000 - 10 * MIN);
    expect(getAccessToken(localStorage)).toBe('a');
  });

  it('stores the refresh time and never puts it before now', () => {
    const stored = (nowMs: number, expiresIn: number) => {
      saveTokens(localStorage, { access_token: 'a', refresh_token: 'r', expires_in: expiresIn }, nowMs);
      return getRefreshTime(localStorage);
    };
    expect(stored(0, 7200)).toBe(7200_000 - 10 * MIN);
    expect(stored(1000, 300)).toBe(1000);
    expect(stored(1000, -5)).toBe(1000);
  });
});

describe('refresh decision', () => {
  it('refreshes only with a refresh token and once the refresh time has passed', () => {
    expect(shouldRefresh(localStorage, Date.now())).toBe(false);
    saveTokens(localStorage, { access_token: 'a', refresh_token: 'r', expires_in: 3600 }, 0);
    const refreshAt = 3600_000 - 10 * MIN;
    expect(shouldRefresh(localStorage, refreshAt - 1)).toBe(false);
    expect(shouldRefresh(localStorage, refreshAt)).toBe(true);
    expect(shouldRefresh(localStorage, refreshAt + 1)).toBe(true);
  });

  it('refreshes when the refresh time is missing or unreadable', () => {
    localStorage.setItem('refresh_token', 'r');
    expect(shouldRefresh(localStorage, 0)).toBe(true);
    localStorage.setItem('refresh_time', 'garbage');
    expect(shouldRefresh(localStorage, 0)).toBe(true);
  });
});

describe('refresh timer', () => {
  afterEach(() => vi.useRealTimers());

  it('checks at start and every 10 minutes, refreshing only when due', async () => {
    vi.useFakeTimers();
    let now = 0;
    saveTokens(localStorage, { access_token: 'a', refresh_token: 'r', expires_in: 30 * 60 }, now); // due at 20 min
    const refresh = vi.fn(async () => {
      saveTokens(localStorage, { access_token: 'b', refresh_token: 'r2', expires_in: 30 * 60 }, now);
    });
    const stop = startTokenRefreshTimer({ storage: localStorage, refresh, now: () => now });
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).not.toHaveBeenCalled();

    now = 10 * MIN;
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(refresh).not.toHaveBeenCalled();

    now = 20 * MIN;
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('access_token')).toBe('b');

    now = 30 * MIN; // next due at 40 min
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(refresh).toHaveBeenCalledTimes(1);

    stop();
    now = 100 * MIN;
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('survives a failing refresh and tries again at the next check', async () => {
    vi.useFakeTimers();
    localStorage.setItem('refresh_token', 'r');
    localStorage.setItem('refresh_time', '0');
    const refresh = vi.fn(async () => {
      throw new Error('offline');
    });
    const stop = startTokenRefreshTimer({ storage: localStorage, refresh, now: () => 1 });
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
  });
});

describe('logout clearing', () => {
  it('clears exactly tokens, client id, loaded reports, current tab, user id, dashboard tab and all park lists', () => {
    expect([...KEYS_CLEARED_ON_LOGOUT].sort()).toEqual(
      [
        'access_token',
        'refresh_token',
        'refresh_time',
        'id_token',
        'client_id',
        'loaded_reports',
        'current_tab',
        'user_id',
        'dashboard_tab',
        'park_list_blade',
        'park_list_tower',
        'park_list_foundation',
        'park_list_nacelle',
        'park_list_blade_internal',
        'park_list_lps',
      ].sort(),
    );
    for (const key of KEYS_CLEARED_ON_LOGOUT) localStorage.setItem(key, 'x');
    localStorage.setItem(STORAGE_KEYS.locale, 'zh_cn');
    localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, '1');
    localStorage.setItem('unrelated', 'keep');

    clearSession(localStorage);

    for (const key of KEYS_CLEARED_ON_LOGOUT) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('locale')).toBe('zh_cn');
    expect(localStorage.getItem('is-collapse')).toBe('1');
    expect(localStorage.getItem('unrelated')).toBe('keep');
    expect(localStorage.length).toBe(3);
  });
});

describe('requested hash', () => {
  it('keeps the first requested address, not public routes', () => {
    rememberRequestedHash(sessionStorage, '#/login');
    expect(takeRequestedHash(sessionStorage)).toBeNull();
    rememberRequestedHash(sessionStorage, '#/inspection/turbine?id=3');
    rememberRequestedHash(sessionStorage, '#/qaCenter/taskPool');
    expect(takeRequestedHash(sessionStorage)).toBe('/inspection/turbine?id=3');
    expect(takeRequestedHash(sessionStorage)).toBeNull();
  });

  it('recognises landing candidates', () => {
    expect(isLandingCandidate('/explore/globalMap')).toBe(true);
    for (const p of ['/', '', '/before-login', '/login?x=1', '/casdoor-callback?code=1', '/casdoor-logout-callback']) {
      expect(isLandingCandidate(p)).toBe(false);
    }
  });
});

describe('401 handling', () => {
  it('remembers the current hash, clears the session and redirects once', () => {
    resetUnauthorizedRedirect();
    const dispatch = vi.fn();
    const location = { hash: '#/repairPlan/repairPlanList' };
    localStorage.setItem('access_token', 'a');
    localStorage.setItem('locale', 'zh_cn');
    sessionStorage.setItem('requested_hash', '/old');

    handleUnauthorized(dispatch, { local: localStorage, session: sessionStorage, location });
    expect(location.hash).toBe('#/before-login');
    expect(sessionStorage.getItem('requested_hash')).toBe('/repairPlan/repairPlanList');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('locale')).toBe('zh_cn');
    expect(dispatch).toHaveBeenCalledWith({ type: 'session/sessionReset' });

    location.hash = '#/elsewhere';
    handleUnauthorized(dispatch, { local: localStorage, session: sessionStorage, location });
    expect(location.hash).toBe('#/elsewhere');

    resetUnauthorizedRedirect();
    handleUnauthorized(dispatch, { local: localStorage, session: sessionStorage, location });
    expect(location.hash).toBe('#/before-login');
  });
});
