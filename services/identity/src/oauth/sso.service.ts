import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, Not, IsNull, type EntityManager } from 'typeorm';
import * as oidc from 'openid-client';
import type { Logger } from 'pino';
import { AppError, EventTypes, checkUsername } from '@windward/contracts';
import { EventPublisher, LOGGER } from '@windward/service-kit';
import { User } from '../users/user.entity.js';
import { hashPassword } from '../users/password.js';
import { userPayload } from '../users/users.service.js';
import { RefreshToken } from './refresh-token.entity.js';
import { OAuthService } from './oauth.service.js';
import type { TokenView } from './oauth.view.js';
import type { SsoTokenDto } from './sso.dto.js';
import type { LogoutUrlView, SsoClientView } from './sso.view.js';
import { ssoConfigFromEnv, type SsoConfig } from './sso.config.js';

/** An account signed in through the OpenID Connect provider, with the provider's id token. */
export interface SsoSignIn {
  user: User;
  idToken: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function absoluteUrl(v: string | undefined, field: string): URL {
  try {
    const u = new URL(String(v));
    if (u.protocol === 'http:' || u.protocol === 'https:') return u;
  } catch {
    // fall through
  }
  throw new AppError('VALIDATION_FAILED', { details: [{ field }] });
}

/** A username of SPEC §5 made from what the provider tells us (letters/digits joined by single - or _). */
function usernameBase(...candidates: (string | undefined)[]): string {
  for (const c of candidates) {
    if (!c) continue;
    const s = c
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/[-_]{2,}/g, '-')
      .replace(/^[-_]+|[-_]+$/g, '')
      .slice(0, 28)
      .replace(/[-_]+$/g, '');
    if (checkUsername(s).ok) return s;
  }
  return 'sso-user';
}

/**
 * Single sign-on through an OpenID Connect provider (openid-client): the web runs the
 * authorization request, identity exchanges the code, matches or creates the account and issues
 * its own tokens. The provider's id token is kept with the session for the logout hint.
 */
@Injectable()
export class SsoService {
  private readonly cfg: SsoConfig | null = ssoConfigFromEnv();
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly ds: DataSource,
    private readonly oauth: OAuthService,
    private readonly events: EventPublisher,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  private config(): SsoConfig {
    if (!this.cfg) throw new AppError('SSO_NOT_CONFIGURED');
    return this.cfg;
  }

  /** Provider metadata, discovered once; a failed discovery is retried on the next call. */
  private async provider(): Promise<oidc.Configuration> {
    const c = this.config();
    this.discovered ??= oidc
      .discovery(
        new URL(c.issuer),
        c.clientId,
        c.clientSecret || undefined,
        undefined,
        c.allowInsecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        this.discovered = null;
        throw err;
      });
    try {
      return await this.discovered;
    } catch (err) {
      this.log.warn({ err }, 'SSO discovery failed');
      throw new AppError('SSO_FAILED');
    }
  }

  private enabledFor(host: string): boolean {
    if (!this.cfg) return false;
    if (this.cfg.hosts.length === 0) return true;
    const h = host.trim().toLowerCase();
    return this.cfg.hosts.includes(h) || this.cfg.hosts.includes(h.replace(/:\d+$/, ''));
  }

  /** GET /oauth/v2/getClientId: whether `host` signs in through SSO, and with which client. */
  async clientInfo(host: string): Promise<SsoClientView> {
    if (!this.enabledFor(host)) return { sso: false, clientId: null };
    const c = this.config();
    const md = (await this.provider()).serverMetadata();
    return {
      sso: true,
      clientId: c.clientId,
      issuer: md.issuer,
      authorizationEndpoint: md.authorization_endpoint ?? null,
      endSessionEndpoint: md.end_session_endpoint ?? null,
      scope: c.scope,
    };
  }

  /**
   * POST /oauth/v2/token, through passport's `oidc` strategy (sso.strategy.ts): the authorization
   * code → the provider's tokens (openid-client) → the account, matched or created.
   */
  async authenticate(clientIdHeader: string | undefined, body: Partial<SsoTokenDto>): Promise<SsoSignIn> {
    const c = this.config();
    if (clientIdHeader !== c.clientId) throw new AppError('UNAUTHORIZED');
    const code = str(body.code);
    if (!code) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'code' }] });
    const callback = absoluteUrl(body.redirectUri, 'redirectUri');
    const config = await this.provider();
    callback.hash = '';
    callback.search = '';
    callback.searchParams.set('code', code);
    const state = str(body.state);
    if (state) callback.searchParams.set('state', state);
    // Only one provider is configured, so a missing `iss` cannot be a mix-up: use the known issuer.
    callback.searchParams.set('iss', str(body.iss) ?? config.serverMetadata().issuer);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: str(body.codeVerifier),
        expectedNonce: str(body.nonce),
        expectedState: state,
        idTokenExpected: true,
      });
    } catch (err) {
      this.log.warn({ err }, 'SSO code exchange refused');
      throw new AppError('SSO_FAILED');
    }
    const idClaims = tokens.claims();
    if (!idClaims || !tokens.id_token) throw new AppError('SSO_FAILED');
    let claims: Record<string, unknown> = { ...idClaims };
    if (!claims.email && !claims.preferred_username) {
      try {
        claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...claims };
      } catch (err) {
        this.log.warn({ err }, 'SSO userinfo failed');
      }
    }
    const idToken = tokens.id_token;
    const user = await this.ds.transaction((m) => this.accountFor(m, c, String(idClaims.sub), claims));
    if (!user.active) throw new AppError('ACCESS_DENIED');
    if (user.validUntil && user.validUntil.getTime() < Date.now()) throw new AppError('ACCOUNT_EXPIRED');
    return { user, idToken };
  }

  /** Our token pair for an account signed in through the provider; its id token stays with the session (logout hint). */
  signIn(s: SsoSignIn): Promise<TokenView> {
    return this.ds.transaction((m) => this.oauth.issue(m, s.user, this.config().clientId, randomUUID(), s.idToken));
  }

  /**
   * The account of a provider identity: bound subject first, then a verified e-mail, then the
   * provider's username; otherwise a new account with the configured default role.
   */
  private async accountFor(m: EntityManager, c: SsoConfig, sub: string, claims: Record<string, unknown>): Promise<User> {
    await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`identity:sso:${sub}`]);
    const email = str(claims.email) && claims.email_verified !== false ? String(claims.email) : undefined;
    const preferred = str(claims.preferred_username);
    let user = await m.findOne(User, { where: { ssoSubject: sub } });
    if (!user && email) user = await m.createQueryBuilder(User, 'u').where('lower(u.email) = lower(:email)', { email }).getOne();
    if (!user && preferred) user = await m.createQueryBuilder(User, 'u').where('lower(u.username) = lower(:p)', { p: preferred }).getOne();
    if (user) {
      if (!user.ssoSubject) {
        user.ssoSubject = sub;
        await m.update(User, { id: user.id }, { ssoSubject: sub });
      }
      return user;
    }
    const base = usernameBase(preferred, email?.split('@')[0], str(claims.name));
    let username = base;
    for (let i = 2; await m.createQueryBuilder(User, 'u').where('lower(u.username) = lower(:n)', { n: username }).getExists(); i++) {
      username = `${base}-${i}`;
    }
    const created = m.create(User, {
      username,
      displayName: (str(claims.name) ?? username).slice(0, 64),
      email: email ?? null,
      // Nobody knows this password: the account signs in through SSO until an admin sets one.
      passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
      roles: [c.defaultRole],
      organizationId: null,
      customerIds: [],
      parkIds: [],
      active: true,
      validUntil: null,
      ssoSubject: sub,
    });
    await m.save(created);
    await this.events.publish(m, EventTypes.IdentityUserCreated, created.id, userPayload(created));
    this.log.warn({ userId: created.id, username }, 'account created at first single sign-on');
    return created;
  }

  /**
   * GET /oauth/v2/logoutUrl: the provider's end-session address with the session's id token as
   * hint and where to come back to. The web also revokes its refresh token (POST /oauth/revoke).
   */
  async logoutUrl(sessionId: string | undefined, postLogoutRedirectUri: string | undefined): Promise<LogoutUrlView> {
    const c = this.config();
    const back =
      postLogoutRedirectUri !== undefined && postLogoutRedirectUri !== ''
        ? absoluteUrl(postLogoutRedirectUri, 'postLogoutRedirectUri')
        : null;
    const config = await this.provider();
    const row = sessionId
      ? await this.ds
          .getRepository(RefreshToken)
          .findOne({ where: { familyId: sessionId, idToken: Not(IsNull()) }, order: { createdAt: 'DESC' } })
      : null;
    const params: Record<string, string> = { client_id: c.clientId };
    if (row?.idToken) params.id_token_hint = row.idToken;
    const redirect = back?.toString() ?? c.postLogoutRedirectUri;
    if (redirect) params.post_logout_redirect_uri = redirect;
    try {
      return { logoutUrl: oidc.buildEndSessionUrl(config, params).toString() };
    } catch {
      throw new AppError('SSO_NOT_CONFIGURED');
    }
  }
}
