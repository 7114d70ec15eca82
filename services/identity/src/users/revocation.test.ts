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
    const started = Date.now();
    await eventually(async () => (await me(token)).status === 401, 5000);
    const r = await me(token);
    assert.deepEqual(await r.json(), { code: 'UNAUTHORIZED', message: errorText('UNAUTHORIZED', 'en_us') });
    return Date.now() - started;
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
