type Handler = (...args: unknown[]) => void;

/** A socket.io client double: the test fires server messages. */
export class FakeSocket {
  handlers = new Map<string, Handler[]>();
  options: unknown;
  on(event: string, h: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), h]);
    return this;
  }
  fire(event: string, ...args: unknown[]): void {
    for (const h of this.handlers.get(event) ?? []) h(...args);
  }
  removeAllListeners(): this {
    this.handlers.clear();
    return this;
  }
  disconnect(): this {
    return this;
  }
}

export const sockets: FakeSocket[] = [];
