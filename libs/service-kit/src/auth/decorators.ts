import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthUser } from './auth-user.js';

export const PUBLIC_KEY = 'windward:public';
export const RIGHTS_KEY = 'windward:rights';

/** The route needs no access token (sign-in, JWKS, health). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** The caller needs at least one of these rights (contracts `Right` keys). */
export const RequireRights = (...rights: string[]) => SetMetadata(RIGHTS_KEY, rights);

/** The verified caller, set by the auth guard. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
