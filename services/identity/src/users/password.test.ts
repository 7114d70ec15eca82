import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { hash, parseOptions } from '@node-rs/argon2';
import { errorText } from '@windward/contracts';
import { ADMIN_PASSWORD, WEB_BASIC, startIdentity, type IdentityApp } from '../testing/identity-app.js';
import { ARGON2_PARAMS, hashPassword, isLegacyHash, verifyPassword } from './password.js';

/** Hashes written by the platform before argon2id (bcryptjs cost 10) of LEGACY_PASSWORD, one per prefix. */
const LEGACY_PASSWORD = 'Legacy@2026';
const LEGACY = {
  '2a': '$2a$10$yh2GRzRrltrbu95I3QRJA.WxsVpi2hTQw1IsEf6/CXfbZJkGXZNt2',
  '2b': '$2b$10$YBAm1iaKO1ccJ9KMgdJKR.dbGjoyK7Wnn499to1rxJPS8D2zMqJq.',
  '2y': '$2y$10$/ki1zBD4fArOIfYMQrTmW.g0Qyyz/XyjqQmJGKg1hbnIpXiRkjN/a',
};

const isCurrentArgon2id = (stored: string) => {
  assert.match(stored, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  const o = parseOptions(stored);
  assert.equal(o.memoryCost, ARGON2_PARAMS.memoryCost);
};

describe('password hashing (argon2id, legacy bcrypt verified only)', () => {
  test('hashPassword gives argon2id with the current parameters; verifyPassword accepts it without rehash', async () => {
    const h = await hashPassword('Secret@123');
    isCurrentArgon2id(h);
    assert.deepEqual(await verifyPassword('Secret@123', h), { ok: true, needsRehash: false });
    assert.deepEqual(await verifyPassword('Secret@124', h), { ok: false, needsRehash: false });
  });

  test('legacy bcrypt hashes ($2a$, $2b$, $2y$) verify and ask for a rehash; a wrong password does not', async () => {
    for (const stored of Object.values(LEGACY)) {
      assert.ok(isLegacyHash(stored));
      assert.deepEqual(await verifyPassword(LEGACY_PASSWORD, stored), { ok: true, needsRehash: true }, stored);
      assert.deepEqual(await verifyPassword('Wrong@2026', stored), { ok: false, needsRehash: false }, stored);
    }
  });

  test('argon2 hashes with other parameters or another variant verify and ask for a rehash', async () => {
    const weak = await hash('Secret@123', { ...ARGON2_PARAMS, memoryCost: 4096, timeCost: 1 });
    assert.deepEqual(await verifyPassword('Secret@123', weak), { ok: true, needsRehash: true });
    const argon2i = await hash('Secret@123', { ...ARGON2_PARAMS, algorithm: 1 });
    assert.match(argon2i, /^\$argon2i\$/);
    assert.deepEqual(await verifyPassword('Secret@123', argon2i), { ok: true, needsRehash: true });
  });

  test('no stored hash (unknown user) or a malformed one is a plain mismatch, never an exception', async () => {
    assert.deepEqual(await verifyPassword('Secret@123', undefined), { ok: false, needsRehash: false });
    assert.deepEqual(await verifyPassword('Secret@123', null), { ok: false, needsRehash: false });
    assert.deepEqual(await verifyPassword('Secret@123', 'not-a-hash'), { ok: false, needsRehash: false });
    assert.deepEqual(await verifyPassword('Secret@123', '$argon2id$v=19$m=19456,t=2,p=1$broken'), { ok: false, needsRehash: false });
  });
});

describe('identity: sign-in rehashes legacy passwords, new passwords are argon2id', () => {
  let id: IdentityApp;
  let admin: string;

  const storedHash = async (username: string) =>
    ((await id.sql.query(`SELECT password_hash AS h FROM identity.app_user WHERE username = $1`, [username])) as { h: string }[])[0]!.h;
  const setHash = (username: string, h: string) =>
    id.sql.query(`UPDATE identity.app_user SET password_hash = $2 WHERE username = $1`, [username, h]);
  const signIn = (username: string, password: string) =>
    id.api('/oauth/token', {
      method: 'POST',
      headers: { authorization: WEB_BASIC },
      form: { grant_type: 'password', username, password, scope: '' },
    });
  const createUser = async (username: string, password = LEGACY_PASSWORD) => {
    const r = await id.api('/context/api/v1/users', {
      method: 'POST',
      token: admin,
      json: { username, password, displayName: username, roles: [5] },
    });
    assert.equal(r.status, 201, await r.clone().text());
    return ((await r.json()) as { userId: string }).userId;
  };

  before(async () => {
    id = await startIdentity();
    admin = (await id.login('admin', ADMIN_PASSWORD)).access_token;
  });
  after(async () => {
    await id?.stop();
  });

  test('the seeded administrator and a created user are stored as argon2id', async () => {
    isCurrentArgon2id(await storedHash('admin'));
    await createUser('argon-new');
    isCurrentArgon2id(await storedHash('argon-new'));
  });

  test('a user with a legacy bcrypt hash signs in; the stored hash is then argon2id and still works', async () => {
    for (const [prefix, legacy] of Object.entries(LEGACY)) {
      const username = `legacy-${prefix}`;
      await createUser(username);
      await setHash(username, legacy);
      const r = await signIn(username, LEGACY_PASSWORD);
      assert.equal(r.status, 200, await r.clone().text());
      const after = await storedHash(username);
      isCurrentArgon2id(after);
      assert.equal((await signIn(username, LEGACY_PASSWORD)).status, 200);
      // Once rehashed, the next sign-in keeps the hash as it is.
      assert.equal(await storedHash(username), after);
    }
  });

  test('a wrong password on a legacy hash is refused and nothing changes', async () => {
    await createUser('legacy-wrong');
    await setHash('legacy-wrong', LEGACY['2b']);
    const r = await signIn('legacy-wrong', 'Wrong@2026x');
    assert.equal(r.status, 400);
    assert.deepEqual(await r.json(), { code: 'WRONG_USERNAME_OR_PASSWORD', message: errorText('WRONG_USERNAME_OR_PASSWORD', 'en_us') });
    assert.equal(await storedHash('legacy-wrong'), LEGACY['2b']);
  });

  test('a deactivated user with a legacy hash is refused even with the right password; the hash stays', async () => {
    const userId = await createUser('legacy-inactive');
    await id.sql.query(`UPDATE identity.app_user SET password_hash = $2, active = false WHERE id = $1`, [userId, LEGACY['2a']]);
    assert.equal((await signIn('legacy-inactive', LEGACY_PASSWORD)).status, 403);
    assert.equal(await storedHash('legacy-inactive'), LEGACY['2a']);
  });

  test('when storing the new hash fails, the sign-in still succeeds and the legacy hash stays', async () => {
    await createUser('legacy-store-fails');
    await setHash('legacy-store-fails', LEGACY['2b']);
    await id.sql.query(`
      CREATE FUNCTION identity.test_refuse_rehash() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.username = 'legacy-store-fails' THEN RAISE EXCEPTION 'rehash store refused by the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_refuse_rehash BEFORE UPDATE OF password_hash ON identity.app_user
        FOR EACH ROW EXECUTE FUNCTION identity.test_refuse_rehash();`);
    try {
      const r = await signIn('legacy-store-fails', LEGACY_PASSWORD);
      assert.equal(r.status, 200, await r.clone().text());
      assert.equal(await storedHash('legacy-store-fails'), LEGACY['2b']);
    } finally {
      await id.sql.query(`DROP TRIGGER test_refuse_rehash ON identity.app_user; DROP FUNCTION identity.test_refuse_rehash()`);
    }
  });

  test('an argon2 hash with outdated parameters is replaced on sign-in', async () => {
    await createUser('argon-weak');
    await setHash('argon-weak', await hash(LEGACY_PASSWORD, { ...ARGON2_PARAMS, memoryCost: 4096, timeCost: 1 }));
    assert.equal((await signIn('argon-weak', LEGACY_PASSWORD)).status, 200);
    isCurrentArgon2id(await storedHash('argon-weak'));
  });

  test('a changed password (legacy hash before) and an administrator reset are stored as argon2id', async () => {
    await createUser('legacy-change');
    const t = (await id.login('legacy-change', LEGACY_PASSWORD)).access_token;
    // The change verifies the old password against a legacy hash.
    await setHash('legacy-change', LEGACY['2y']);
    const changed = await id.api('/account/api/v1/accounts/me/password', {
      method: 'PUT',
      token: t,
      form: { oldPassword: LEGACY_PASSWORD, newPassword: 'Fresh@2026x' },
    });
    assert.equal(changed.status, 200, await changed.clone().text());
    isCurrentArgon2id(await storedHash('legacy-change'));
    assert.equal((await signIn('legacy-change', 'Fresh@2026x')).status, 200);

    const userId = await createUser('legacy-reset');
    await setHash('legacy-reset', LEGACY['2b']);
    const reset = await id.api(`/context/api/v1/users/${userId}/password`, {
      method: 'PUT',
      token: admin,
      json: { password: 'Reset@2026x' },
    });
    assert.equal(reset.status, 200, await reset.clone().text());
    isCurrentArgon2id(await storedHash('legacy-reset'));
    assert.equal((await signIn('legacy-reset', 'Reset@2026x')).status, 200);
  });
});
