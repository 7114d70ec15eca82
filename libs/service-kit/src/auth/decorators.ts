import { SetMetadata, applyDecorators, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { AuthUser } from './auth-user.js';

export const PUBLIC_KEY = 'windward:public';
export const RIGHTS_KEY = 'windward:rights';

/** The route needs no access token (sign-in, JWKS, health). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/**
 * The caller needs at least one of these rights (contracts `Right` keys). The OpenAPI document
 * names them (`x-required-rights`), so integrators see them and the security suite can try every
 * operation as every role that lacks them.
 */
export const RequireRights = (...rights: string[]) => applyDecorators(SetMetadata(RIGHTS_KEY, rights), ApiExtension('x-required-rights', rights));

/** The verified caller, set by the auth guard. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
