import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isAppError } from '@windward/contracts';
import { TestAuth } from '../testing/auth-fixture.js';
import { RevocationSet } from './revocations.js';
import { TokenVerifier } from './token-verifier.js';

/** Issue #22: a verified token is kept until it expires; what may change meanwhile is still asked each time. */
describe('kit: token verification is cached per token until expiry', () => {
  let auth: TestAuth;
  before(async () => {
    auth = await TestAuth.start();
  });
  after(() => auth.stop());

  const outcome = (v: TokenVerifier, token: string) =>
    v.verify(token).then(
      (u) => u.userId,
      (e: unknown) => (isAppError(e) ? e.code : e),
    );

  test('a cached token stops passing when it expires', async () => {
    const v = new TokenVerifier(auth.jwksUrl);
    const token = await auth.token({ sub: 'short' }, '2s');
    assert.equal(await outcome(v, token), 'short');
    assert.equal(await outcome(v, token), 'short'); // from the cache
    await new Promise((r) => setTimeout(r, 2100));
    assert.equal(await outcome(v, token), 'UNAUTHORIZED');
  });

  test('a revoked session is refused although its token was verified before', async () => {
    const set = new RevocationSet();
    const v = new TokenVerifier(auth.jwksUrl, set);
    const token = await auth.token({ sub: 'revoked', sid: 'session-1' });
    assert.equal(await outcome(v, token), 'revoked');
    set.revoke(['session-1'], 'revoked');
    assert.equal(await outcome(v, token), 'UNAUTHORIZED');
  });

  test('a changed token is verified again, not taken from the cache', async () => {
    const v = new TokenVerifier(auth.jwksUrl);
    const token = await auth.token({ sub: 'honest' });
    assert.equal(await outcome(v, token), 'honest');
    const [h, p, s] = token.split('.');
    const forged = [h, Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'admin' })).toString('base64url'), s].join('.');
    assert.equal(await outcome(v, forged), 'UNAUTHORIZED');
  });

  test('the cache holds at most CACHE_SIZE tokens, oldest out first', async () => {
    const v = new TokenVerifier(auth.jwksUrl);
    const first = await auth.token({ sub: 'first' });
    await v.verify(first);
    const cache = (v as unknown as { verified: Map<string, unknown> }).verified;
    for (let i = 0; cache.size < TokenVerifier.CACHE_SIZE; i++) cache.set(`filler-${i}`, { claims: {}, expiresAt: Date.now() + 60_000 });
    await v.verify(await auth.token({ sub: 'newest' }));
    assert.equal(cache.size, TokenVerifier.CACHE_SIZE);
    assert.equal(cache.has(first), false);
  });
});
