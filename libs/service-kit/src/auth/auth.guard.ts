import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '@windward/contracts';
import { PUBLIC_KEY, RIGHTS_KEY } from './decorators.js';
import { TokenVerifier } from './token-verifier.js';

/**
 * Global guard: every HTTP route needs a valid Bearer token unless marked @Public(),
 * and the rights named by @RequireRights(...) (any one of them). The web hiding a button is
 * never the protection; this is.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(TokenVerifier) private readonly verifier: TokenVerifier,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: unknown }>();
    const header = req.headers['authorization'] ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match?.[1]) throw new AppError('UNAUTHORIZED');
    const user = await this.verifier.verify(match[1]);
    req.user = user;
    const needed = this.reflector.getAllAndOverride<string[] | undefined>(RIGHTS_KEY, targets);
    if (needed?.length && !needed.some((r) => user.rights.includes(r))) {
      throw new AppError('NO_ACCESS_RIGHTS');
    }
    return true;
  }
}
