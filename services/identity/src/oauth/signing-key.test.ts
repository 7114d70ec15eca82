import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEV_SIGNING_KEY_SECRET, bootstrapService } from '@windward/service-kit';
import { ADMIN_PASSWORD, startIdentity, type IdentityApp } from '../testing/identity-app.js';
import { SigningKeySeal } from './signing-key-seal.js';

describe('the token-signing private key is sealed at rest (SIGNING_KEY_SECRET)', () => {
  let id: IdentityApp;

  before(async () => {
    id = await startIdentity();
  });
  after(async () => {
    delete process.env.SIGNING_KEY_SECRET;
    await id?.stop();
  });

  const rows = () =>
    id.sql.query(`SELECT kid, private_jwk, private_jwk_enc FROM identity.signing_key`) as Promise<
      { kid: string; private_jwk: Record<string, string> | null; private_jwk_enc: string | null }[]
    >;

  test('the database holds no private key material, only the sealed key; tokens are signed with it', async () => {
    const [row, ...more] = await rows();
    assert.equal(more.length, 0);
    assert.equal(row!.private_jwk, null);
    assert.match(row!.private_jwk_enc!, /^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    const jwk = new SigningKeySeal(DEV_SIGNING_KEY_SECRET).open(row!.private_jwk_enc!);
    assert.equal(jwk.kid, row!.kid);
    assert.ok(jwk.d);
    // The private exponent and primes are not readable in the sealed text, as JWK text or as
    // bytes. (A 16-byte window: the ciphertext is random bytes, and a 3-byte pattern such as
    // `"d"` turned up in it by chance about once in a few thousand runs.)
    const ciphertext = Buffer.from(row!.private_jwk_enc!.split('.')[3]!, 'base64url');
    for (const part of [jwk.d, jwk.p, jwk.q] as string[]) {
      assert.ok(!row!.private_jwk_enc!.includes(part.slice(0, 16)));
      assert.equal(ciphertext.indexOf(Buffer.from(part, 'base64url').subarray(0, 16)), -1);
      assert.equal(ciphertext.indexOf(Buffer.from(part.slice(0, 16))), -1);
    }
    assert.ok((await id.login('admin', ADMIN_PASSWORD)).access_token);
  });

  test('a wrong secret cannot open the key and the service refuses to start, keeping the key', async () => {
    const sealed = new SigningKeySeal('one-secret-0123456789').seal({ kty: 'oct', k: 'c2VjcmV0' });
    assert.throws(() => new SigningKeySeal('other-secret-0123456789').open(sealed), /cannot be opened with SIGNING_KEY_SECRET/);
    assert.throws(() => new SigningKeySeal('one-secret-0123456789').open('not sealed'), /sealed format/);
    assert.deepEqual(new SigningKeySeal('one-secret-0123456789').open(sealed), { kty: 'oct', k: 'c2VjcmV0' });
    const before = await rows();
    process.env.SIGNING_KEY_SECRET = 'a-different-secret-0123';
    const { AppModule } = await import('../app.module.js');
    await assert.rejects(bootstrapService(AppModule, 'identity', { port: 0 }), /cannot be opened with SIGNING_KEY_SECRET/);
    delete process.env.SIGNING_KEY_SECRET;
    assert.deepEqual(await rows(), before);
  });

  test('a plain key from before sealing is sealed at the next start, and tokens it signed stay valid', async () => {
    const [row] = await rows();
    const token = (await id.login('admin', ADMIN_PASSWORD)).access_token;
    const plain = new SigningKeySeal(DEV_SIGNING_KEY_SECRET).open(row!.private_jwk_enc!);
    await id.sql.query(`UPDATE identity.signing_key SET private_jwk = $1, private_jwk_enc = NULL WHERE kid = $2`, [plain, row!.kid]);
    const { AppModule } = await import('../app.module.js');
    const again = await bootstrapService(AppModule, 'identity', { port: 0 });
    try {
      const [sealed] = await rows();
      assert.equal(sealed!.private_jwk, null);
      assert.ok(sealed!.private_jwk_enc);
      const me = await fetch(`${again.url}/context/api/v1/accounts/me`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(me.status, 200);
    } finally {
      await again.close();
    }
  });
});
