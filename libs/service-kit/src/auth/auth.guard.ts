import { Inject, Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard as PassportAuthGuard } from '@nestjs/passport';
import { AppError } from '@windward/contracts';
import type { AuthUser } from './auth-user.js';
import { PUBLIC_KEY, RIGHTS_KEY } from './decorators.js';
import { RateLimiter, tooManyRequests } from '../http/protection.js';

/** Requests per minute one signed-in user may send to one service (RATE_LIMIT_USER_PER_MINUTE, 0 = off). */
export const DEFAULT_USER_PER_MINUTE = 3000;

/**
 * Global guard: every HTTP route needs a valid Bearer token unless marked @Public() (passport's
 * `jwt` strategy, jwt.strategy.ts), and the rights named by @RequireRights(...) (any one of them).
 * The web hiding a button is never the protection; this is.
 */
@Injectable()
export class AuthGuard extends PassportAuthGuard('jwt') {
  private readonly perUser = new RateLimiter(Number(process.env.RATE_LIMIT_USER_PER_MINUTE ?? DEFAULT_USER_PER_MINUTE));

  constructor(@Inject(Reflector) private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    await super.canActivate(ctx); // sets req.user or throws (handleRequest)
    const user = ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
    const wait = this.perUser.take(user.userId);
    if (wait) throw tooManyRequests(ctx.switchToHttp().getResponse<{ setHeader(name: string, value: string): void }>(), wait);
    const needed = this.reflector.getAllAndOverride<string[] | undefined>(RIGHTS_KEY, targets);
    if (needed?.length && !needed.some((r) => user.rights.includes(r))) throw new AppError('NO_ACCESS_RIGHTS');
    return true;
  }

  /** Passport's outcome in the catalogue's words: a missing, bad, expired or revoked token is UNAUTHORIZED. */
  override handleRequest<U = AuthUser>(err: unknown, user: U | false): U {
    if (err instanceof AppError) throw err;
    if (err || !user) throw new AppError('UNAUTHORIZED');
    return user;
  }
}
