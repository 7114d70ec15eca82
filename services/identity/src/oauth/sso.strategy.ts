import { Injectable } from '@nestjs/common';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import { AppError } from '@windward/contracts';
import { RequestStrategy, type StrategyRequest } from '@windward/service-kit';
import { SsoService, type SsoSignIn } from './sso.service.js';
import type { SsoTokenDto } from './sso.dto.js';

/** A code-exchange request after the `oidc` guard: the account the provider vouched for. */
export type SsoSignInRequest = StrategyRequest & { user?: SsoSignIn };

/**
 * The OpenID Connect strategy for single sign-on. The console runs the authorization request
 * (PKCE, state, nonce) and posts the provider's answer here, so the strategy does the callback half
 * only: openid-client exchanges and checks the code (SsoService.authenticate), then the account is
 * matched or created. openid-client's own passport Strategy also starts the request and keeps its
 * state in a server session, which a single-page console signing in across services does not have.
 */
@Injectable()
export class OidcStrategy extends PassportStrategy(RequestStrategy<StrategyRequest>, 'oidc') {
  constructor(private readonly sso: SsoService) {
    super();
  }

  validate(req: StrategyRequest): Promise<SsoSignIn> {
    const clientId = req.headers['client-id'];
    return this.sso.authenticate(Array.isArray(clientId) ? clientId[0] : clientId, (req.body ?? {}) as Partial<SsoTokenDto>);
  }
}

/** Runs the `oidc` strategy; its coded refusals (UNAUTHORIZED, SSO_FAILED, ACCESS_DENIED…) pass through. */
@Injectable()
export class OidcGuard extends AuthGuard('oidc') {
  override handleRequest<U = SsoSignIn>(err: unknown, user: U | false): U {
    if (err instanceof AppError) throw err;
    if (err || !user) throw new AppError('SSO_FAILED');
    return user;
  }
}
