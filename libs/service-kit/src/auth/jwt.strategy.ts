import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-strategy';
import type { AuthUser } from './auth-user.js';
import { TokenVerifier, bearerToken } from './token-verifier.js';

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

/**
 * Identity's access tokens in the Authorization header only. The common bearer strategies also
 * take `access_token` from the query string or body, where tokens end up in logs and referrers.
 */
export class BearerJwtStrategy extends RequestStrategy<string> {
  protected override read(req: StrategyRequest): string | null {
    const header = req.headers['authorization'];
    return bearerToken(Array.isArray(header) ? header[0] : header);
  }
}

/**
 * The `jwt` strategy of @nestjs/passport: RS256 access tokens checked against identity's JWKS (and
 * the revoked sessions) by the kit's TokenVerifier, the same check the socket.io gateways make.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(BearerJwtStrategy, 'jwt') {
  constructor(@Inject(TokenVerifier) private readonly verifier: TokenVerifier) {
    super();
  }

  validate(token: string): Promise<AuthUser> {
    return this.verifier.verify(token);
  }
}
