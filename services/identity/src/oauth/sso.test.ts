import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeJwt } from 'jose';
import { errorText } from '@windward/contracts';
import { ADMIN_PASSWORD, startIdentity, type IdentityApp } from '../testing/identity-app.js';
import { startOidcProvider, type RealOidcProvider } from '../testing/oidc-provider.js';

/** Single sign-on against a real OpenID Connect provider running on loopback in this test. */
describe('single sign-on through a real OIDC provider', () => {
  let idp: RealOidcProvider;
  let id: IdentityApp;
  let admin: string;

  before(async () => {
    idp = await startOidcProvider({
      jane: { email: 'jane@sso.example', name: 'Jane Doe', preferredUsername: 'jane.doe' },
      bob: { email: 'Bob@Example.test', name: 'Bob From SSO' },
      carl: { email: 'carl@example.test', name: 'Carl' },
    });
    id = await startIdentity({
      SSO_ISSUER: idp.issuer,
      SSO_CLIENT_ID: idp.clientId,
      SSO_CLIENT_SECRET: idp.clientSecret,
      SSO_HOSTS: 'sso.windward.test',
      SSO_POST_LOGOUT_REDIRECT_URI: idp.postLogoutRedirectUri,
    });
    admin = (await id.login('admin', ADMIN_PASSWORD)).access_token;
  });
  after(async () => {
    await id?.stop();
    await idp?.stop();
  });

  const exchange = (body: Record<string, unknown>, clientId = idp.clientId) =>
    id.api('/oauth/v2/token', { method: 'POST', headers: { 'client-id': clientId }, json: body });
  const count = async (sql: string) => Number((await id.sql.query(sql))[0].n);

  test('getClientId tells SSO hosts from built-in-login hosts', async () => {
    const sso = (await (await id.api('/oauth/v2/getClientId?host=sso.windward.test')).json()) as Record<string, unknown>;
    assert.equal(sso.sso, true);
    assert.equal(sso.clientId, idp.clientId);
    assert.equal(sso.issuer, idp.issuer);
    assert.equal(sso.authorizationEndpoint, `${idp.issuer}/auth`);
    const other = (await (await id.api('/oauth/v2/getClientId?host=other.windward.test')).json()) as Record<string, unknown>;
    assert.deepEqual(other, { sso: false, clientId: null });
    assert.equal((await id.api('/oauth/v2/getClientId')).status, 400);
  });

  test('code → tokens: a new account is provisioned, the id token is kept, refresh and logout URL work', async () => {
    const users = await count(`SELECT count(*)::int AS n FROM identity.app_user`);
    const code = await idp.authorize('jane', { nonce: 'n-123', state: 's-456' });
    const r = await exchange({ code, redirectUri: idp.redirectUri, nonce: 'n-123', state: 's-456' });
    assert.equal(r.status, 200, await r.clone().text());
    const t = (await r.json()) as { access_token: string; refresh_token: string; id_token: string; expires_in: number };
    assert.ok(t.expires_in > 0);
    assert.equal(decodeJwt(t.id_token).iss, idp.issuer);

    const me = (await (await id.api('/context/api/v1/accounts/me', { token: t.access_token })).json()) as Record<string, unknown>;
    assert.equal(me.username, 'jane-doe');
    assert.equal(me.email, 'jane@sso.example');
    assert.deepEqual(me.roles, [88]);
    assert.equal(await count(`SELECT count(*)::int AS n FROM identity.app_user`), users + 1);
    const [row] = await id.sql.query(
      `SELECT u.sso_subject, r.id_token FROM identity.app_user u JOIN identity.refresh_token r ON r.user_id = u.id WHERE u.username = 'jane-doe'`,
    );
    assert.equal(row.sso_subject, 'jane');
    assert.equal(row.id_token, t.id_token);

    const refreshed = await id.api('/oauth/v2/refresh', {
      method: 'POST',
      form: { grantType: 'refresh_token', refreshToken: t.refresh_token, scope: '' },
    });
    assert.equal(refreshed.status, 200);
    const t2 = (await refreshed.json()) as { access_token: string; id_token: string };
    assert.equal(t2.id_token, t.id_token);

    const out = await id.api(`/oauth/v2/logoutUrl?postLogoutRedirectUri=${encodeURIComponent(idp.postLogoutRedirectUri)}`, {
      token: t2.access_token,
    });
    assert.equal(out.status, 200);
    const url = new URL(((await out.json()) as { logoutUrl: string }).logoutUrl);
    assert.equal(`${url.origin}${url.pathname}`, `${idp.issuer}/session/end`);
    assert.equal(url.searchParams.get('id_token_hint'), t.id_token);
    assert.equal(url.searchParams.get('post_logout_redirect_uri'), idp.postLogoutRedirectUri);
    // The provider itself accepts the hint: its logout page answers instead of an error.
    const page = await fetch(url, { redirect: 'manual' });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /logout/i);
  });

  test('a second sign-in finds the same account by its bound subject', async () => {
    const users = await count(`SELECT count(*)::int AS n FROM identity.app_user`);
    const code = await idp.authorize('jane');
    const t = (await (await exchange({ code, redirectUri: idp.redirectUri })).json()) as { access_token: string };
    const me = (await (await id.api('/context/api/v1/accounts/me', { token: t.access_token })).json()) as { username: string };
    assert.equal(me.username, 'jane-doe');
    assert.equal(await count(`SELECT count(*)::int AS n FROM identity.app_user`), users);
  });

  test('an existing account is matched by e-mail (case-insensitive) and keeps its roles', async () => {
    const created = await id.api('/context/api/v1/users', {
      method: 'POST',
      token: admin,
      json: { username: 'local-bob', password: 'Bob12345', displayName: 'Bob', email: 'bob@example.test', roles: [5] },
    });
    assert.equal(created.status, 201);
    const users = await count(`SELECT count(*)::int AS n FROM identity.app_user`);
    const code = await idp.authorize('bob');
    const t = (await (await exchange({ code, redirectUri: idp.redirectUri })).json()) as { access_token: string };
    const me = (await (await id.api('/context/api/v1/accounts/me', { token: t.access_token })).json()) as {
      username: string;
      roles: number[];
    };
    assert.equal(me.username, 'local-bob');
    assert.deepEqual(me.roles, [5]);
    assert.equal(await count(`SELECT count(*)::int AS n FROM identity.app_user`), users);
  });

  test('a replayed code, a wrong client id or a missing code are refused and sign nobody in', async () => {
    const sessions = `SELECT count(*)::int AS n FROM identity.refresh_token`;
    const code = await idp.authorize('carl');
    const ok = await exchange({ code, redirectUri: idp.redirectUri });
    assert.equal(ok.status, 200);
    const before = await count(sessions);
    const users = await count(`SELECT count(*)::int AS n FROM identity.app_user`);

    const replay = await exchange({ code, redirectUri: idp.redirectUri });
    assert.equal(replay.status, 400);
    assert.deepEqual(await replay.json(), { code: 'SSO_FAILED', message: errorText('SSO_FAILED', 'en_us') });

    const fresh = await idp.authorize('carl');
    const wrongClient = await exchange({ code: fresh, redirectUri: idp.redirectUri }, 'someone-else');
    assert.equal(wrongClient.status, 401);
    const wrongRedirect = await exchange({ code: fresh, redirectUri: 'http://evil.example/cb' });
    assert.equal(wrongRedirect.status, 400);
    const noCode = await exchange({ redirectUri: idp.redirectUri });
    assert.equal(noCode.status, 400);
    assert.equal(((await noCode.json()) as { code: string }).code, 'VALIDATION_FAILED');

    assert.equal(await count(sessions), before);
    assert.equal(await count(`SELECT count(*)::int AS n FROM identity.app_user`), users);
  });

  test('a deactivated account cannot sign in through SSO either', async () => {
    const [carl] = await id.sql.query(`SELECT id FROM identity.app_user WHERE sso_subject = 'carl'`);
    const off = await id.api(`/context/api/v1/users/${carl.id}/active`, { method: 'PUT', token: admin, json: { active: false } });
    assert.equal(off.status, 200);
    const before = await count(`SELECT count(*)::int AS n FROM identity.refresh_token WHERE revoked_at IS NULL`);
    const code = await idp.authorize('carl');
    const r = await exchange({ code, redirectUri: idp.redirectUri });
    assert.equal(r.status, 403);
    assert.equal(((await r.json()) as { code: string }).code, 'ACCESS_DENIED');
    assert.equal(await count(`SELECT count(*)::int AS n FROM identity.refresh_token WHERE revoked_at IS NULL`), before);
  });
});
