import { Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { AppError } from '@windward/contracts';
import type { StrategyRequest } from '@windward/service-kit';
import type { User } from '../users/user.entity.js';
import { OAuthService } from './oauth.service.js';

/** A token request after the password grant's guard: the signed-in account and the client it came through. */
export type PasswordGrantRequest = StrategyRequest & { ip?: string; user?: User; clientId?: string };

/**
 * passport-local for the built-in sign-in (`grant_type=password`): the account behind `username`
 * and `password`, with the throttling, hashing and account-state rules of OAuthService.checkPassword.
 */
@Injectable()
export class PasswordStrategy extends PassportStrategy(Strategy, 'password') {
  constructor(private readonly oauth: OAuthService) {
    super({ usernameField: 'username', passwordField: 'password', passReqToCallback: true });
  }

  validate(req: PasswordGrantRequest, username: unknown, password: unknown): Promise<User> {
    if (typeof username !== 'string' || typeof password !== 'string') {
      throw new AppError('VALIDATION_FAILED', { details: [{ field: typeof username !== 'string' ? 'username' : 'password' }] });
    }
    // passport-local falls back to the query string; a password in an address ends up in logs.
    if ((req.body as { password?: unknown } | undefined)?.password !== password) throw new AppError('WRONG_USERNAME_OR_PASSWORD');
    return this.oauth.checkPassword(username, password, req.ip ?? '');
  }
}

/**
 * Runs the password strategy on `POST /oauth/token` when the grant is `password`, after the
 * client's Basic credential (the other grants pass through to the controller).
 */
@Injectable()
export class PasswordGrantGuard extends AuthGuard('password') {
  constructor(private readonly oauth: OAuthService) {
    super();
  }

  override async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<PasswordGrantRequest>();
    const body = (req.body ?? {}) as { grant_type?: unknown; grantType?: unknown };
    if ((body.grant_type ?? body.grantType) !== 'password') return true;
    const authorization = req.headers.authorization;
    req.clientId = this.oauth.authenticateClient(Array.isArray(authorization) ? authorization[0] : authorization);
    return (await super.canActivate(ctx)) as boolean;
  }

  /** Missing credentials are a wrong sign-in, as before passport; the strategy's coded errors pass through. */
  override handleRequest<U = User>(err: unknown, user: U | false): U {
    if (err instanceof AppError) throw err;
    if (err || !user) throw new AppError('WRONG_USERNAME_OR_PASSWORD');
    return user;
  }
}
