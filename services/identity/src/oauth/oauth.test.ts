import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { errorText } from '@windward/contracts';
import { ADMIN_PASSWORD, WEB_BASIC, startIdentity, type IdentityApp } from '../testing/identity-app.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Short enough to wait out, long enough that a loaded machine does not expire a token mid-test. */
const TTL = 3;

/** Token lifetimes are set short (1 s access token) so expiry can be observed for real. */
describe('identity sign-in: tokens, expiry, rotation, revocation', () => {
  let id: IdentityApp;

  before(async () => {
    id = await startIdentity({ ACCESS_TOKEN_TTL_SECONDS: String(TTL) });
  });
  after(async () => {
    await id?.stop();
  });

  const refresh = (path: string, refreshToken: string) =>
    id.api(path, { method: 'POST', form: { grantType: 'refresh_token', refreshToken, scope: '' } });
  const activeSessions = async (userId: string) =>
    Number(
      (
        await id.sql.query(
          `SELECT count(*)::int AS n FROM identity.refresh_token WHERE user_id = $1 AND revoked_at IS NULL AND used_at IS NULL`,
          [userId],
        )
      )[0].n,
    );

  test('access tokens are RS256 JWTs verifiable with the published JWKS, with expires_in', async () => {
    const t = await id.login('admin', ADMIN_PASSWORD);
    assert.equal(t.expires_in, TTL);
    const jwks = (await (await id.api('/oauth/.well-known/jwks.json')).json()) as { keys: { kty: string; d?: string }[] };
    assert.ok(jwks.keys.length >= 1);
    assert.ok(
      jwks.keys.every((k) => k.kty === 'RSA' && k.d === undefined),
      'no private parts published',
    );
    assert.equal(decodeProtectedHeader(t.access_token).alg, 'RS256');
    const { payload } = await jwtVerify(t.access_token, createLocalJWKSet(jwks as never), {
      issuer: 'windward-identity',
      audience: 'windward',
    });
    assert.equal(payload.username, 'admin');
    assert.equal(typeof payload.sid, 'string');
    assert.equal((payload.exp as number) - (payload.iat as number), TTL);
  });

  test('an expired access token is refused with 401; the refresh token still gives a new one', async () => {
    const t = await id.login('admin', ADMIN_PASSWORD);
    assert.equal((await id.api('/context/api/v1/accounts/me', { token: t.access_token })).status, 200);
    await sleep(TTL * 1000 + 1100);
    const r = await id.api('/context/api/v1/accounts/me', { token: t.access_token, headers: { locale: 'zh_cn' } });
    assert.equal(r.status, 401);
    assert.deepEqual(await r.json(), { code: 'UNAUTHORIZED', message: errorText('UNAUTHORIZED', 'zh_cn') });
    const fresh = await refresh('/oauth/refresh', t.refresh_token);
    assert.equal(fresh.status, 200);
    const next = (await fresh.json()) as { access_token: string };
    assert.equal((await id.api('/context/api/v1/accounts/me', { token: next.access_token })).status, 200);
  });

  test('refresh tokens are stored as hashes only', async () => {
    const t = await id.login('admin', ADMIN_PASSWORD);
    const rows = await id.sql.query(`SELECT token_hash FROM identity.refresh_token`);
    assert.ok(rows.every((r: { token_hash: string }) => r.token_hash !== t.refresh_token));
    assert.ok(rows.some((r: { token_hash: string }) => r.token_hash === createHash('sha256').update(t.refresh_token).digest('hex')));
  });

  test('refresh rotates (v1 and v2 paths); replaying a used refresh token revokes the whole session', async () => {
    const t = await id.login('admin', ADMIN_PASSWORD);
    const r1 = await refresh('/oauth/refresh', t.refresh_token);
    assert.equal(r1.status, 200);
    const second = (await r1.json()) as { refresh_token: string; expires_in: number; scope: string };
    assert.notEqual(second.refresh_token, t.refresh_token);
    assert.equal(second.expires_in, TTL);
    const r2 = await refresh('/oauth/v2/refresh', second.refresh_token);
    assert.equal(r2.status, 200);
    const third = (await r2.json()) as { refresh_token: string };

    const replay = await refresh('/oauth/refresh', t.refresh_token);
    assert.equal(replay.status, 401);
    assert.equal(((await replay.json()) as { code: string }).code, 'TOKEN_REVOKED');
    // The stolen-token case: the newest token of that session is dead too.
    const after = await refresh('/oauth/v2/refresh', third.refresh_token);
    assert.equal(after.status, 401);
  });

  test('revoke really stops a refresh token; unknown tokens are ignored', async () => {
    const t = await id.login('admin', ADMIN_PASSWORD);
    const userId = (await (await id.api('/context/api/v1/accounts/me', { token: t.access_token })).json()) as { id: string };
    const before = await activeSessions(userId.id);
    const r = await id.api('/oauth/revoke', { method: 'POST', form: { token: t.refresh_token } });
    assert.equal(r.status, 200);
    assert.equal(await activeSessions(userId.id), before - 1);
    const refused = await refresh('/oauth/refresh', t.refresh_token);
    assert.equal(refused.status, 401);
    assert.equal(((await refused.json()) as { code: string }).code, 'TOKEN_REVOKED');
    assert.equal((await id.api('/oauth/revoke', { method: 'POST', form: { token: 'not-a-token' } })).status, 200);
  });

  test('the token call needs the client credential and a password grant', async () => {
    const noClient = await id.api('/oauth/token', {
      method: 'POST',
      form: { grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD },
    });
    assert.equal(noClient.status, 401);
    const badSecret = await id.api('/oauth/token', {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('windward-web:wrong').toString('base64')}` },
      form: { grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD },
    });
    assert.equal(badSecret.status, 401);
    const badGrant = await id.api('/oauth/token', {
      method: 'POST',
      headers: { authorization: WEB_BASIC },
      // client_credentials is for machine clients (machine-clients.test.ts); an unknown grant is refused.
      form: { grant_type: 'authorization_code' },
    });
    assert.equal(badGrant.status, 400);
    assert.equal(((await badGrant.json()) as { code: string }).code, 'VALIDATION_FAILED');
  });

  test("the password grant (passport-local): credentials from the body only, missing ones are a wrong sign-in, nothing counted or issued", async () => {
    const sessions = async () => Number((await id.sql.query(`SELECT count(*)::int AS n FROM identity.refresh_token`))[0].n);
    const failures = async () => Number((await id.sql.query(`SELECT count(*)::int AS n FROM identity.login_failure`))[0].n);
    const [s0, f0] = [await sessions(), await failures()];
    // passport-local would read a password from the query string: an address ends up in logs, so it is refused
    const inQuery = await id.api(`/oauth/token?password=${encodeURIComponent(ADMIN_PASSWORD)}`, {
      method: 'POST',
      headers: { authorization: WEB_BASIC },
      form: { grant_type: 'password', username: 'admin' },
    });
    assert.equal(inQuery.status, 400);
    assert.equal(((await inQuery.json()) as { code: string }).code, 'WRONG_USERNAME_OR_PASSWORD');
    const missing = await id.api('/oauth/token', { method: 'POST', headers: { authorization: WEB_BASIC }, form: { grant_type: 'password' } });
    assert.equal(missing.status, 400);
    assert.equal(((await missing.json()) as { code: string }).code, 'WRONG_USERNAME_OR_PASSWORD');
    const notText = await id.api('/oauth/token', {
      method: 'POST',
      headers: { authorization: WEB_BASIC },
      json: { grant_type: 'password', username: 'admin', password: 12345678 },
    });
    assert.equal(notText.status, 400);
    assert.equal(((await notText.json()) as { code: string }).code, 'VALIDATION_FAILED');
    assert.equal(await sessions(), s0);
    assert.equal(await failures(), f0);
    // the same credentials in the body sign in (grantType alias too)
    const ok = await id.api('/oauth/token', {
      method: 'POST',
      headers: { authorization: WEB_BASIC },
      form: { grantType: 'password', username: 'admin', password: ADMIN_PASSWORD },
    });
    assert.equal(ok.status, 200);
    assert.equal(await sessions(), s0 + 1);
  });
});
