import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorText } from '@windward/contracts';
import { ADMIN_PASSWORD, WEB_BASIC, startIdentity, type IdentityApp } from '../testing/identity-app.js';
import { DEMO_PASSWORD } from '../seed/seed.service.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Issue #16 item 4: sign-in throttling that rotating addresses cannot bypass and an attacker cannot turn into a lockout. */
describe('identity: sign-in and password-change throttling, common passwords', () => {
  let id: IdentityApp;
  const token = (username: string, password: string, ip: string) =>
    id.api('/oauth/token', {
      method: 'POST',
      headers: { authorization: WEB_BASIC, 'x-forwarded-for': ip },
      form: { grant_type: 'password', username, password, scope: '' },
    });
  const code = async (r: Response) => ((await r.json()) as { code: string }).code;

  before(async () => {
    id = await startIdentity({ SEED_DEMO: 'true', LOGIN_IP_FAILURE_LIMIT: '12' });
  });
  after(async () => {
    await id?.stop();
  });

  test('rotating addresses does not bypass the per-account throttle; the owner waits seconds, is never locked out', async () => {
    for (let i = 0; i < 10; i++) assert.equal(await code(await token('pilot', 'Wrong@2026', `198.51.100.${i}`)), 'WRONG_USERNAME_OR_PASSWORD');
    // The 11th attempt right away, from yet another address and even with the right password, waits.
    const r = await token('pilot', DEMO_PASSWORD, '198.51.100.200');
    assert.equal(r.status, 429);
    assert.deepEqual(await r.json(), { code: 'TOO_MANY_LOGIN_ATTEMPTS', message: errorText('TOO_MANY_LOGIN_ATTEMPTS', 'en_us') });
    await sleep(1200);
    assert.equal((await token('pilot', DEMO_PASSWORD, '198.51.100.201')).status, 200);
    // Success forgets the failures: the next wrong guess is an ordinary one again.
    assert.equal(await code(await token('pilot', 'Wrong@2026', '198.51.100.1')), 'WRONG_USERNAME_OR_PASSWORD');
  });

  test('one address guessing many accounts is stopped (per-IP limit); other addresses are not', async () => {
    const ip = '192.0.2.99';
    for (let i = 0; i < 12; i++) await token(`nobody-${i}`, 'Wrong@2026', ip);
    const r = await token('labeler', DEMO_PASSWORD, ip);
    assert.equal(r.status, 429);
    assert.equal(await code(r), 'TOO_MANY_LOGIN_ATTEMPTS');
    assert.equal((await token('labeler', DEMO_PASSWORD, '192.0.2.100')).status, 200);
  });

  test('wrong old passwords on password change are limited; the password stays unchanged', async () => {
    const t = ((await (await token('reviewer', DEMO_PASSWORD, '203.0.113.50')).json()) as { access_token: string }).access_token;
    const change = (oldPassword: string) =>
      id.api('/account/api/v1/accounts/me/password', { method: 'PUT', token: t, form: { oldPassword, newPassword: 'Fresh@2026x' } });
    for (let i = 0; i < 5; i++) assert.equal(await code(await change(`Guess@${i}000`)), 'INVALID_OLD_PASSWORD');
    const r = await change(DEMO_PASSWORD);
    assert.equal(r.status, 429);
    const b = (await r.json()) as { code: string; message: string };
    assert.equal(b.code, 'TOO_MANY_PASSWORD_ATTEMPTS');
    assert.equal(b.message, errorText('TOO_MANY_PASSWORD_ATTEMPTS', 'en_us', { seconds: 900 }));
    assert.equal((await token('reviewer', DEMO_PASSWORD, '203.0.113.51')).status, 200);
  });

  test('common passwords are refused on create, reset and change; nothing changes', async () => {
    const admin = ((await (await token('admin', ADMIN_PASSWORD, '203.0.113.60')).json()) as { access_token: string }).access_token;
    const users = async () => Number((await id.sql.query(`SELECT count(*)::int AS n FROM identity.app_user`))[0].n);
    const before = await users();
    for (const password of ['Password1', 'qwer1234', 'P@ssw0rd']) {
      const r = await id.api('/context/api/v1/users', {
        method: 'POST',
        token: admin,
        locale: 'zh_cn',
        json: { username: `common-${before}`, password, displayName: 'x', roles: [5] },
      });
      assert.equal(r.status, 400, password);
      assert.deepEqual(await r.json(), { code: 'PASSWORD_TOO_COMMON', message: errorText('PASSWORD_TOO_COMMON', 'zh_cn') });
    }
    assert.equal(await users(), before);
    const engineer = ((await id.sql.query(`SELECT id FROM identity.app_user WHERE username = 'engineer'`)) as { id: string }[])[0]!.id;
    const reset = await id.api(`/context/api/v1/users/${engineer}/password`, { method: 'PUT', token: admin, json: { password: 'Admin123' } });
    assert.equal(await code(reset), 'PASSWORD_TOO_COMMON');
    const own = await id.api('/account/api/v1/accounts/me/password', {
      method: 'PUT',
      token: admin,
      form: { oldPassword: ADMIN_PASSWORD, newPassword: 'abcd1234' },
    });
    assert.equal(await code(own), 'PASSWORD_TOO_COMMON');
    assert.equal((await token('engineer', DEMO_PASSWORD, '203.0.113.61')).status, 200);
    assert.equal((await token('admin', ADMIN_PASSWORD, '203.0.113.62')).status, 200);
  });
});
