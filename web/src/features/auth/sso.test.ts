import { describe, expect, it } from 'vitest';
import { appUrl, readCallbackParams, ssoAuthorizeUrl, ssoLogoutUrl } from './sso';

describe('single sign-on helpers', () => {
  const location = { origin: 'https://console.example.com', pathname: '/app/' };

  it('builds the redirect URIs on hash routes', () => {
    expect(appUrl(location, '/casdoor-callback')).toBe('https://console.example.com/app/#/casdoor-callback');
  });

  it('builds the authorize URL', () => {
    const url = new URL(ssoAuthorizeUrl('https://sso.example.com/', 'cid', 'https://c/#/casdoor-callback', 'st'));
    expect(url.origin + url.pathname).toBe('https://sso.example.com/login/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'cid',
      response_type: 'code',
      redirect_uri: 'https://c/#/casdoor-callback',
      scope: 'openid profile email',
      state: 'st',
    });
  });

  it('builds the logout URL with the id token hint and the post-logout redirect', () => {
    const url = new URL(ssoLogoutUrl('https://sso.example.com', 'idt', 'https://c/#/casdoor-logout-callback', 's'));
    expect(url.pathname).toBe('/api/logout');
    expect(url.searchParams.get('id_token_hint')).toBe('idt');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('https://c/#/casdoor-logout-callback');
    expect(new URL(ssoLogoutUrl('https://sso.example.com', null, 'x', 's')).searchParams.has('id_token_hint')).toBe(false);
  });

  it('reads the code from the hash query or the real query', () => {
    expect(readCallbackParams({ search: '', hash: '#/casdoor-callback?code=abc&state=s1' })).toEqual({
      code: 'abc',
      state: 's1',
      error: null,
    });
    expect(readCallbackParams({ search: '?code=xyz&state=s2', hash: '#/casdoor-callback' })).toEqual({
      code: 'xyz',
      state: 's2',
      error: null,
    });
    expect(readCallbackParams({ search: '', hash: '#/casdoor-callback' }).code).toBeNull();
  });
});
