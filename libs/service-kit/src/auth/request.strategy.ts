import { Strategy } from 'passport-strategy';

type Done = (err: unknown, user?: unknown) => void;
/** What a strategy of ours reads from a request. */
export type StrategyRequest = { headers: Record<string, string | string[] | undefined>; body?: unknown };

/**
 * A passport strategy that hands one value read from the request to its verify callback
 * (@nestjs/passport's `validate`); nothing to read fails with 401, a thrown error passes through.
 */
export class RequestStrategy<T> extends Strategy {
  constructor(private readonly verify: (input: T, done: Done) => void) {
    super();
  }

  /** The credential in the request, or null when there is none. */
  protected read(req: StrategyRequest): T | null {
    return req as T;
  }

  override authenticate(req: StrategyRequest): void {
    const input = this.read(req);
    if (input === null) return this.fail(401);
    this.verify(input, (err, user) => {
      if (err) return this.error(err instanceof Error ? err : new Error(String(err)));
      if (!user) return this.fail(401);
      this.success(user);
    });
  }
}
