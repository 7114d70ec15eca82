import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '@windward/contracts';
import { PUBLIC_KEY, RIGHTS_KEY } from './decorators.js';
import { TokenVerifier } from './token-verifier.js';
import { RateLimiter, tooManyRequests } from '../http/protection.js';

/** Requests per minute one signed-in user may send to one service (RATE_LIMIT_USER_PER_MINUTE, 0 = off). */
export const DEFAULT_USER_PER_MINUTE = 3000;

/**
 * Global guard: every HTTP route needs a valid Bearer token unless marked @Public(),
 * and the rights named by @RequireRights(...) (any one of them). The web hiding a button is
 * never the protection; this is.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly perUser = new RateLimiter(Number(process.env.RATE_LIMIT_USER_PER_MINUTE ?? DEFAULT_USER_PER_MINUTE));

  constructor(
    private readonly reflector: Reflector,
    @Inject(TokenVerifier) private readonly verifier: TokenVerifier,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: unknown }>();
    const res = ctx.switchToHttp().getResponse<{ setHeader(name: string, value: string): void }>();
    const header = req.headers['authorization'] ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match?.[1]) throw new AppError('UNAUTHORIZED');
    const user = await this.verifier.verify(match[1]);
    req.user = user;
    const wait = this.perUser.take(user.userId);
    if (wait) throw tooManyRequests(res, wait);
    const needed = this.reflector.getAllAndOverride<string[] | undefined>(RIGHTS_KEY, targets);
    if (needed?.length && !needed.some((r) => user.rights.includes(r))) {
      throw new AppError('NO_ACCESS_RIGHTS');
    }
    return true;
  }
}
