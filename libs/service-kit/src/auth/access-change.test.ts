import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { io as connect, type Socket } from 'socket.io-client';
import { isAppError } from '@windward/contracts';
import { TestAuth } from '../testing/auth-fixture.js';
import { eventually } from '../testing/eventually.js';
import { RealtimeHub, Rooms } from '../realtime/realtime-hub.js';
import { RevocationSet } from './revocations.js';
import { TokenVerifier } from './token-verifier.js';

/**
 * Issue #16: a change of a user's roles, rights or data scope (identity.user.access-changed)
 * reaches tokens and sockets within the bus's delivery time — older tokens are refused with
 * ACCESS_CHANGED and the user's sockets opened with them are told and closed.
 */
describe('kit: access changes outdate older tokens and close their sockets', () => {
  let auth: TestAuth;
  let set: RevocationSet;
  let verifier: TokenVerifier;
  let http: Server;
  let hub: RealtimeHub;
  let url: string;
  const open: Socket[] = [];

  before(async () => {
    auth = await TestAuth.start();
    set = new RevocationSet();
    verifier = new TokenVerifier(auth.jwksUrl, set);
    http = createServer();
    hub = new RealtimeHub(http, { path: '/test/socket.io', verifier, rooms: (u) => [Rooms.user(u.userId)] });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
  });
  after(async () => {
    for (const s of open) s.disconnect();
    await hub.close();
    await new Promise<void>((r) => http.close(() => r()));
    await auth.stop();
  });

  const socketWith = (token: string): Socket => {
    const s = connect(url, { path: '/test/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    open.push(s);
    return s;
  };
  const refusal = async (token: string): Promise<unknown> =>
    verifier.verify(token).then(
      () => null,
      (e: unknown) => (isAppError(e) ? e.code : e),
    );

  test('tokens of an older access version are refused with ACCESS_CHANGED; newer ones and other users pass', async () => {
    const old = await auth.token({ sub: 'user-a', av: 0 });
    const other = await auth.token({ sub: 'user-b' });
    assert.equal(await refusal(old), null);
    set.accessChanged('user-a', 1);
    assert.equal(await refusal(old), 'ACCESS_CHANGED');
    assert.equal(await refusal(await auth.token({ sub: 'user-a', av: 1 })), null);
    assert.equal(await refusal(other), null);
    // Versions only go up: a late, older event changes nothing.
    set.accessChanged('user-a', 0);
    assert.equal(await refusal(await auth.token({ sub: 'user-a', av: 1 })), null);
    assert.equal(await refusal(old), 'ACCESS_CHANGED');
  });

  test("the user's sockets of older tokens are told and closed; its handshake with the old token is refused", async () => {
    const c1 = await auth.token({ sub: 'user-c', av: 2 });
    const mine = socketWith(c1);
    const theirs = socketWith(await auth.token({ sub: 'user-d' }));
    await eventually(async () => mine.connected && theirs.connected, 5000);
    const told: unknown[] = [];
    const reasons: string[] = [];
    mine.on('access_changed', (m: unknown) => told.push(m));
    mine.on('disconnect', (reason) => reasons.push(reason));

    set.accessChanged('user-c', 3);
    await eventually(async () => !mine.connected, 5000);
    assert.deepEqual(told, [{ code: 'ACCESS_CHANGED' }]);
    assert.deepEqual(reasons, ['io server disconnect']);
    assert.equal(theirs.connected, true, "another user's socket stays open");

    const again = socketWith(c1);
    const error = await new Promise<Error & { data?: { code?: string } }>((resolve) => again.on('connect_error', resolve));
    assert.equal(error.data?.code, 'ACCESS_CHANGED');
    const renewed = socketWith(await auth.token({ sub: 'user-c', av: 3 }));
    await eventually(async () => renewed.connected, 5000);
  });
});
