import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { LIVE_TRANSPORTS } from './transports';

const open: { close(): void }[] = [];
afterEach(() => {
  while (open.length) open.pop()!.close();
});

/** A real socket.io server on a free port; counts its long-polling requests. */
async function serve(transports?: ('polling' | 'websocket')[]) {
  const http = createServer();
  const seen = { polls: 0 };
  const server = new Server(http, transports ? { transports } : {});
  // After socket.io attached: it sets aside the request listeners it finds.
  http.on('request', (req) => {
    if (req.url?.includes('transport=polling')) seen.polls += 1;
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  open.push({ close: () => void server.close() });
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, seen };
}

function connect(url: string): Promise<Socket> {
  const socket = io(url, { ...LIVE_TRANSPORTS, reconnection: false });
  open.push({ close: () => socket.close() });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('live sockets connect with a WebSocket first', () => {
  it('opens with a WebSocket straight away: no long-polling request at all', async () => {
    const { url, seen } = await serve();
    const socket = await connect(url);
    expect(socket.io.engine.transport.name).toBe('websocket');
    expect(seen.polls).toBe(0);
  });

  it('falls back to long-polling where WebSockets are refused', async () => {
    const { url, seen } = await serve(['polling']);
    const socket = await connect(url);
    expect(socket.io.engine.transport.name).toBe('polling');
    expect(seen.polls).toBeGreaterThan(0);
  });
});
