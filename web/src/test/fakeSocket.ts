import { afterEach, vi } from 'vitest';

type Handler = (...args: unknown[]) => void;

/** A socket.io client double: the test fires server messages; `emit` records client messages. */
export class FakeSocket {
  handlers = new Map<string, Handler[]>();
  emitted: { event: string; payload: unknown; ack?: Handler }[] = [];
  options: unknown;
  on(event: string, h: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), h]);
    return this;
  }
  emit(event: string, payload: unknown, ack?: Handler): this {
    this.emitted.push({ event, payload, ack });
    return this;
  }
  fire(event: string, ...args: unknown[]): void {
    for (const h of this.handlers.get(event) ?? []) h(...args);
  }
  hasListeners(event: string): boolean {
    return (this.handlers.get(event) ?? []).length > 0;
  }
  connects = 0;
  connect(): this {
    this.connects++;
    return this;
  }
  removeAllListeners(): this {
    this.handlers.clear();
    return this;
  }
  disconnect(): this {
    return this;
  }
}

/** Every socket the code under test opened, oldest first. */
export const sockets: FakeSocket[] = [];

/**
 * Stands in for socket.io-client's `io`, so a test can mock the package with this module:
 * `vi.mock('socket.io-client', () => import('@/test/fakeSocket'))`.
 */
export function io(url: string, options: unknown): FakeSocket {
  const s = new FakeSocket();
  s.options = { url, options };
  sockets.push(s);
  return s;
}

/** The cleanup of a page test that talks to a fake server and fake sockets. */
export function resetFakesAfterEach(): void {
  afterEach(() => {
    vi.unstubAllGlobals();
    sockets.length = 0;
  });
}
