import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_CONFIG } from '@/core/config/appConfig';
import type { PersonalInfo } from '@/core/session/sessionSlice';
import { loadSessionContext, planLogout } from './sessionFlow';

const me: PersonalInfo = { id: '1', username: 'a', displayName: 'A', email: '', roles: [], organizationId: null, customerIds: [] };

describe('post-login loading', () => {
  it('loads personal info, menus and the denied-modules list', async () => {
    const result = await loadSessionContext({
      personalInfo: async () => me,
      menus: async () => ['menu.myAsset'],
      deniedModules: async () => [{ key: 'qa.show', value: true }],
    });
    expect(result).toEqual({
      kind: 'ok',
      personalInfo: me,
      menuRights: ['menu.myAsset'],
      accessDeniedModules: [{ key: 'qa.show', value: true }],
    });
  });

  it('an empty menu list is "Access deny", whatever the denied-modules list says', async () => {
    const fail = async (): Promise<never> => {
      throw new Error('x');
    };
    expect(await loadSessionContext({ personalInfo: async () => me, menus: async () => [], deniedModules: async () => [] })).toEqual({
      kind: 'accessDenied',
    });
    expect(await loadSessionContext({ personalInfo: async () => me, menus: async () => [], deniedModules: fail })).toEqual({
      kind: 'accessDenied',
    });
  });

  it('asks for the three at once: none waits for another to answer', async () => {
    const asked: string[] = [];
    let answer!: () => void;
    const gate = new Promise<void>((r) => (answer = r));
    const held = <T,>(name: string, value: T) =>
      vi.fn(async () => {
        asked.push(name);
        await gate;
        return value;
      });
    const pending = loadSessionContext({ personalInfo: held('info', me), menus: held('menus', ['m']), deniedModules: held('denied', []) });
    await vi.waitFor(() => expect(asked).toEqual(['info', 'menus', 'denied']));
    answer();
    expect(await pending).toEqual({ kind: 'ok', personalInfo: me, menuRights: ['m'], accessDeniedModules: [] });
  });

  it('reports which load failed', async () => {
    const fail = async (): Promise<never> => {
      throw new Error('x');
    };
    expect(await loadSessionContext({ personalInfo: fail, menus: async () => ['m'], deniedModules: async () => [] })).toEqual({
      kind: 'failed',
      step: 'personalInfo',
    });
    expect(await loadSessionContext({ personalInfo: async () => me, menus: async () => ['m'], deniedModules: fail })).toEqual({
      kind: 'failed',
      step: 'deniedModules',
    });
    // Judged in order: a failed personal info wins over a failed menu list.
    expect(await loadSessionContext({ personalInfo: fail, menus: fail, deniedModules: async () => [] })).toEqual({
      kind: 'failed',
      step: 'personalInfo',
    });
    expect(
      await loadSessionContext({
        personalInfo: async () => me,
        menus: () => {
          throw new Error('thrown before any promise');
        },
        deniedModules: async () => [],
      }),
    ).toEqual({ kind: 'failed', step: 'menus' });
  });
});

describe('logout plan', () => {
  const location = { origin: 'https://c.example.com', pathname: '/' };

  it('built-in: revoke with the refresh token', () => {
    localStorage.setItem('refresh_token', 'ref');
    expect(planLogout(DEFAULT_APP_CONFIG, localStorage, location)).toEqual({ kind: 'builtin', refreshToken: 'ref' });
  });

  it('single sign-on: the provider logout with id token hint, back to the logout callback', () => {
    localStorage.setItem('id_token', 'idt');
    const plan = planLogout({ ...DEFAULT_APP_CONFIG, loginMode: 'sso', identityProviderUrl: 'https://sso.example.com' }, localStorage, location, 'st');
    expect(plan.kind).toBe('sso');
    if (plan.kind === 'sso') {
      const url = new URL(plan.url);
      expect(url.searchParams.get('id_token_hint')).toBe('idt');
      expect(url.searchParams.get('post_logout_redirect_uri')).toBe('https://c.example.com/#/casdoor-logout-callback');
    }
  });
});
