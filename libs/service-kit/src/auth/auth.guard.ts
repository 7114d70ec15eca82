import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '@windward/contracts';
import type { AuthUser } from './auth-user.js';
import { PUBLIC_KEY, RIGHTS_KEY } from './decorators.js';
import { bearerToken, TokenVerifier } from './token-verifier.js';
import { RateLimiter, tooManyRequests } from '../http/protection.js';

/** Requests per minute one signed-in user may send to one service (RATE_LIMIT_USER_PER_MINUTE, 0 = off). */
export const DEFAULT_USER_PER_MINUTE = 3000;

/**
 * Global guard: every HTTP route needs a valid Bearer token unless marked @Public() (identity's
 * RS256 access token in the Authorization header only, checked by the kit's TokenVerifier — the
 * same check the socket.io gateways make), and the rights named by @RequireRights(...) (any one of
 * them). The web hiding a button is never the protection; this is. It calls the verifier itself:
 * going through passport built a strategy object and request helpers for every request (~3 % of a
 * list request's CPU, docs/performance.md session 21) for what is one header and one check.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly perUser = new RateLimiter(Number(process.env.RATE_LIMIT_USER_PER_MINUTE ?? DEFAULT_USER_PER_MINUTE));

  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(TokenVerifier) private readonly verifier: TokenVerifier,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, string | string[] | undefined>; user?: AuthUser }>();
    const user = await this.authenticate(req.headers['authorization']);
    req.user = user;
    const wait = this.perUser.take(user.userId);
    if (wait) throw tooManyRequests(ctx.switchToHttp().getResponse<{ raw: { setHeader(name: string, value: string): void } }>().raw, wait);
    const needed = this.reflector.getAllAndOverride<string[] | undefined>(RIGHTS_KEY, targets);
    if (needed?.length && !needed.some((r) => user.rights.includes(r))) throw new AppError('NO_ACCESS_RIGHTS');
    return true;
  }

  /** A missing, bad, expired or revoked token is UNAUTHORIZED; the verifier's own refusals (ACCESS_CHANGED) pass through. */
  private async authenticate(header: string | string[] | undefined): Promise<AuthUser> {
    const token = bearerToken(Array.isArray(header) ? header[0] : header);
    if (!token) throw new AppError('UNAUTHORIZED');
    try {
      return await this.verifier.verify(token);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('UNAUTHORIZED');
    }
  }
}
