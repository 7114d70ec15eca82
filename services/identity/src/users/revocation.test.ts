import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorText } from '@windward/contracts';
import { eventually } from '@windward/service-kit/testing';
import { ADMIN_PASSWORD, startIdentity, type IdentityApp } from '../testing/identity-app.js';
import { DEMO_PASSWORD } from '../seed/seed.service.js';

/**
 * Issue #16 item 3: an ended session's access token stops working within seconds — identity
 * publishes identity.session.revoked, the kit's consumer (in every service, identity included)
 * adds the session to its revocation set and the token verifier refuses it.
 */
describe('identity: access tokens of ended sessions are refused within seconds', () => {
  let id: IdentityApp;
  let admin: string;
  const userId = async (username: string) =>
    ((await id.sql.query(`SELECT id FROM identity.app_user WHERE username = $1`, [username])) as { id: string }[])[0]!.id;
  const me = (token: string) => id.api('/context/api/v1/accounts/me', { token });
  const refusedSoon = async (token: string) => {
    await eventually(async () => (await me(token)).status === 401, 5000);
    const r = await me(token);
    assert.deepEqual(await r.json(), { code: 'UNAUTHORIZED', message: errorText('UNAUTHORIZED', 'en_us') });
  };

  before(async () => {
    id = await startIdentity({ SEED_DEMO: 'true' });
    admin = (await id.login('admin', ADMIN_PASSWORD)).access_token;
  });
  after(async () => {
    await id?.stop();
  });

  test('access tokens live 15 minutes by default', async () => {
    assert.equal((await id.login('admin', ADMIN_PASSWORD)).expires_in, 900);
  });

  test('logout: the session ends; another session of the same user keeps working', async () => {
    const a = await id.login('labeler', DEMO_PASSWORD);
    const b = await id.login('labeler', DEMO_PASSWORD);
    assert.equal((await me(a.access_token)).status, 200);
    assert.equal((await id.api('/oauth/revoke', { method: 'POST', form: { token: a.refresh_token } })).status, 200);
    await refusedSoon(a.access_token);
    assert.equal((await me(b.access_token)).status, 200);
  });

  test('a replayed refresh token ends the session', async () => {
    const t = await id.login('pilot', DEMO_PASSWORD);
    assert.equal((await id.api('/oauth/refresh', { method: 'POST', form: { grantType: 'refresh_token', refreshToken: t.refresh_token, scope: '' } })).status, 200);
    assert.equal((await id.api('/oauth/refresh', { method: 'POST', form: { grantType: 'refresh_token', refreshToken: t.refresh_token, scope: '' } })).status, 401);
    await refusedSoon(t.access_token);
  });

  test('deactivation, administrator password reset and deletion end every session of the user', async () => {
    const writer = await id.login('customer-writer', DEMO_PASSWORD);
    const put = await id.api(`/context/api/v1/users/${await userId('customer-writer')}/active`, { method: 'PUT', token: admin, json: { active: false } });
    assert.equal(put.status, 200);
    await refusedSoon(writer.access_token);

    const reader = await id.login('customer-reader', DEMO_PASSWORD);
    const reset = await id.api(`/context/api/v1/users/${await userId('customer-reader')}/password`, { method: 'PUT', token: admin, json: { password: 'Other@2026x' } });
    assert.equal(reset.status, 200);
    await refusedSoon(reader.access_token);

    const engineer = await id.login('engineer', DEMO_PASSWORD);
    assert.equal((await id.api(`/context/api/v1/users/${await userId('engineer')}`, { method: 'DELETE', token: admin })).status, 200);
    await refusedSoon(engineer.access_token);
  });

  test('a change of roles, rights or data scope outdates older access tokens (ACCESS_CHANGED); the session renews with the new scope', async () => {
    const id0 = await userId('data-reviewer');
    const version = async () =>
      ((await id.sql.query(`SELECT access_version FROM identity.app_user WHERE id = $1`, [id0])) as { access_version: number }[])[0]!.access_version;
    const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { cid: string[] | null; av: number; rights: string[] };
    const t = await id.login('data-reviewer', DEMO_PASSWORD);
    const before = await version();
    assert.equal(claims(t.access_token).av, before);

    // A change the token does not carry (the display name) outdates nothing.
    const renamed = await id.api(`/context/api/v1/users/${id0}`, { method: 'PUT', token: admin, json: { displayName: 'Data reviewer (renamed)' } });
    assert.equal(renamed.status, 200, await renamed.clone().text());
    assert.equal(await version(), before);
    assert.equal((await me(t.access_token)).status, 200);

    // The data scope narrows: the old token is refused within seconds, with the code that asks for renewal.
    const scope = (await (await id.api(`/context/api/v2/users/authData?userId=${id0}`, { token: admin })).json()) as { customerIds: string[]; parkIds: string[] };
    assert.ok(scope.customerIds.length >= 1, 'the demo data reviewer works for a customer');
    const narrowed = await id.api(`/context/api/v2/users/${id0}/authData`, { method: 'PUT', token: admin, json: { customerIds: [], parkIds: [] } });
    assert.equal(narrowed.status, 200, await narrowed.clone().text());
    assert.equal(await version(), before + 1);
    await eventually(async () => (await me(t.access_token)).status === 401, 5000);
    assert.deepEqual(await (await me(t.access_token)).json(), { code: 'ACCESS_CHANGED', message: errorText('ACCESS_CHANGED', 'en_us') });

    // The session goes on: the refresh grant issues a token of the new version and scope.
    const renewed = await id.api('/oauth/refresh', { method: 'POST', form: { grantType: 'refresh_token', refreshToken: t.refresh_token, scope: '' } });
    assert.equal(renewed.status, 200);
    const fresh = ((await renewed.json()) as { access_token: string }).access_token;
    assert.deepEqual([claims(fresh).av, claims(fresh).cid], [before + 1, []]);
    assert.equal((await me(fresh)).status, 200);

    // Rights are access too.
    const rights = claims(fresh).rights.slice(0, 1);
    const cut = await id.api(`/context/api/v2/users/${id0}/rights`, { method: 'PUT', token: admin, json: { rights } });
    assert.equal(cut.status, 200, await cut.clone().text());
    assert.equal(await version(), before + 2);
    await eventually(async () => (await me(fresh)).status === 401, 5000);
    // Put the scope back for the tests that follow.
    await id.api(`/context/api/v2/users/${id0}/rights`, { method: 'PUT', token: admin, json: { rights: null } });
    await id.api(`/context/api/v2/users/${id0}/authData`, { method: 'PUT', token: admin, json: { customerIds: scope.customerIds, parkIds: scope.parkIds } });
  });

  test("the user's own password change ends its sessions", async () => {
    const t = await id.login('reviewer', DEMO_PASSWORD);
    const r = await id.api('/account/api/v1/accounts/me/password', {
      method: 'PUT',
      token: t.access_token,
      form: { oldPassword: DEMO_PASSWORD, newPassword: 'Fresh@2026x' },
    });
    assert.equal(r.status, 200, await r.clone().text());
    await refusedSoon(t.access_token);
  });
});
