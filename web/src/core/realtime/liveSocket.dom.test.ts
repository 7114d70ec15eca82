import { afterEach, describe, expect, it, vi } from 'vitest';
import { sockets } from '@/test/fakeSocket';
import { setAccessRenewer } from '@/core/session/renew';
import { openLiveSocket } from './liveSocket';

vi.mock('socket.io-client', () => import('@/test/fakeSocket'));

afterEach(() => {
  setAccessRenewer(null);
  sockets.length = 0;
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('openLiveSocket (issue #16: access changes reach open sockets)', () => {
  it('hands the current access token to every handshake', () => {
    localStorage.setItem('access_token', 'first');
    openLiveSocket('/gw/task/socket.io');
    const { options } = sockets[0]!.options as { options: { path: string; auth: (cb: (a: unknown) => void) => void } };
    expect(options.path).toBe('/gw/task/socket.io');
    let sent: unknown;
    options.auth((a) => (sent = a));
    expect(sent).toEqual({ token: 'first' });
    localStorage.setItem('access_token', 'second');
    options.auth((a) => (sent = a));
    expect(sent).toEqual({ token: 'second' });
  });

  it('closed by the service for an access change: renews the token once, then connects again', async () => {
    const renew = vi.fn(async () => localStorage.setItem('access_token', 'renewed'));
    setAccessRenewer(renew);
    const socket = openLiveSocket('/gw/repair/socket.io');
    const s = sockets[0]!;
    s.fire('access_changed', { code: 'ACCESS_CHANGED' });
    s.fire('connect_error', Object.assign(new Error('ACCESS_CHANGED'), { data: { code: 'ACCESS_CHANGED' } }));
    await settle();
    expect(renew).toHaveBeenCalledTimes(1);
    expect(s.connects).toBeGreaterThanOrEqual(1);
    expect(socket).toBe(s);
  });

  it('other refusals, a failed renewal or a socket its screen let go of do not reconnect', async () => {
    setAccessRenewer(async () => undefined);
    openLiveSocket('/gw/report/socket.io');
    const s = sockets[0]!;
    s.fire('connect_error', Object.assign(new Error('UNAUTHORIZED'), { data: { code: 'UNAUTHORIZED' } }));
    await settle();
    expect(s.connects).toBe(0);

    setAccessRenewer(async () => {
      throw new Error('refresh refused');
    });
    s.fire('access_changed', {});
    await settle();
    expect(s.connects).toBe(0);

    setAccessRenewer(async () => undefined);
    const handler = s.handlers.get('access_changed')![0]!;
    s.removeAllListeners();
    handler({});
    await settle();
    expect(s.connects).toBe(0);
  });
});
