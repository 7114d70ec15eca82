import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, Repository, type EntityManager } from 'typeorm';
import { AppError, EventTypes, type SessionRevokedPayload } from '@windward/contracts';
import { EventPublisher, LOGGER } from '@windward/service-kit';
import type { Logger } from 'pino';
import { User } from '../users/user.entity.js';
import { accessClaims } from '../users/user-access.js';
import { hashPassword, verifyPassword } from '../users/password.js';
import { RefreshToken } from './refresh-token.entity.js';
import { SigningKeysService } from './signing-keys.service.js';
import { LoginFailureRepository } from './login-failure.repository.js';
import { MachineClientsService } from '../machine-clients/machine-clients.service.js';
import type { TokenRequestDto } from './oauth.dto.js';
import type { ClientTokenView, TokenView } from './oauth.view.js';

/** Failed sign-ins allowed per username and IP within the window before refusing (docs/identity.md). */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
/** Failures of one account (from any IP) before each further attempt waits; the wait doubles up to the cap. */
export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_MAX_DELAY_SECONDS = 60;

/**
 * The wait before the next attempt on an account with `failures` recent failures: none up to
 * ACCOUNT_FREE_FAILURES, then 1 s, 2 s, 4 s… capped — it slows a guesser, and an attacker can
 * never lock the owner out for longer than the cap.
 */
export function accountDelaySeconds(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - ACCOUNT_FREE_FAILURES), ACCOUNT_MAX_DELAY_SECONDS);
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function parseClients(raw: string): Map<string, string> {
  return new Map(
    raw
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const i = pair.indexOf(':');
        return [pair.slice(0, i), pair.slice(i + 1)] as [string, string];
      }),
  );
}

/** `Authorization: Basic base64(id:secret)` read (RFC 6749 §2.3.1), or null. */
function basicCredential(header: string | undefined): { id: string; secret: string } | null {
  const m = /^Basic\s+(.+)$/i.exec(header ?? '');
  if (!m?.[1]) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  return i < 0 ? null : { id: decoded.slice(0, i), secret: decoded.slice(i + 1) };
}

@Injectable()
export class OAuthService {
  /** 15 minutes: revocation reaches every service within seconds by event; a short life bounds a restarted service's gap. */
  readonly accessTtl = Number(process.env.ACCESS_TOKEN_TTL_SECONDS ?? 900);
  /** Failed sign-ins one client IP may make (any usernames) within the window: password spraying. */
  readonly ipFailureLimit = Number(process.env.LOGIN_IP_FAILURE_LIMIT ?? 50);
  readonly refreshTtl = Number(process.env.REFRESH_TOKEN_TTL_SECONDS ?? 30 * 24 * 3600);
  private readonly clients = parseClients(process.env.OAUTH_CLIENTS ?? 'windward-web:windward-web-secret');

  constructor(
    private readonly ds: DataSource,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(RefreshToken) private readonly tokens: Repository<RefreshToken>,
    private readonly keys: SigningKeysService,
    private readonly failures: LoginFailureRepository,
    private readonly events: EventPublisher,
    private readonly machineClients: MachineClientsService,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /** Checks `Authorization: Basic base64(clientId:secret)`; returns the client id. */
  authenticateClient(header: string | undefined): string {
    const basic = basicCredential(header);
    if (!basic) throw new AppError('UNAUTHORIZED');
    const { id } = basic;
    const secret = Buffer.from(basic.secret);
    const expected = this.clients.get(id);
    if (!expected || expected.length !== secret.length || !timingSafeEqual(Buffer.from(expected), secret)) {
      throw new AppError('UNAUTHORIZED');
    }
    return id;
  }

  /**
   * POST /oauth/token for the grants other than `password` (PasswordGrantGuard signs those in
   * through passport and the controller calls `signIn`): the client credential first, then the grant.
   */
  async token(authorization: string | undefined, dto: TokenRequestDto): Promise<TokenView | ClientTokenView> {
    const grant = dto.grant_type ?? dto.grantType;
    // Machine clients (drone ingestion…) are registered in the database, not the console's static clients.
    if (grant === 'client_credentials') {
      const basic = basicCredential(authorization);
      return this.machineClients.token(basic?.id ?? dto.client_id ?? '', basic?.secret ?? dto.client_secret ?? '');
    }
    this.authenticateClient(authorization);
    if (grant === 'refresh_token') return this.refresh(dto.refresh_token ?? dto.refreshToken);
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'grant_type' }] });
  }

  /**
   * The account behind a username and password (passport's password strategy): throttled per
   * username and IP, per IP and per account; active and not expired. A right password clears the
   * account's failures and upgrades an old hash.
   */
  async checkPassword(username: string, password: string, ip: string): Promise<User> {
    if (!username || !password) throw new AppError('WRONG_USERNAME_OR_PASSWORD');
    if ((await this.failures.countRecent(username, ip, LOGIN_FAILURE_WINDOW_MINUTES)) >= LOGIN_FAILURE_LIMIT)
      throw new AppError('TOO_MANY_LOGIN_ATTEMPTS');
    if ((await this.failures.ipFailures(ip, LOGIN_FAILURE_WINDOW_MINUTES)) >= this.ipFailureLimit) throw new AppError('TOO_MANY_LOGIN_ATTEMPTS');
    const account = await this.failures.accountFailures(username, LOGIN_FAILURE_WINDOW_MINUTES);
    const wait = accountDelaySeconds(account.count);
    if (wait > 0 && account.lastAt && Date.now() - account.lastAt.getTime() < wait * 1000) throw new AppError('TOO_MANY_LOGIN_ATTEMPTS');
    const user = await this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
    // Compare even for unknown users so timing does not reveal which usernames exist.
    const check = await verifyPassword(password, user?.passwordHash);
    if (!user || !check.ok) {
      await this.failures.record(username, ip);
      // Rows outside the window no longer count; pruning here keeps the table small without a job.
      await this.failures.pruneOlderThan(LOGIN_FAILURE_WINDOW_MINUTES);
      throw new AppError('WRONG_USERNAME_OR_PASSWORD');
    }
    if (!user.active) throw new AppError('ACCESS_DENIED');
    if (user.validUntil && user.validUntil.getTime() < Date.now()) throw new AppError('ACCOUNT_EXPIRED');
    await this.failures.clearAccount(username);
    if (check.needsRehash) await this.rehash(user, password);
    return user;
  }

  /** A new session (token pair) for an account signed in through `clientId`. */
  signIn(user: User, clientId: string): Promise<TokenView> {
    return this.ds.transaction((m) => this.issue(m, user, clientId, randomUUID(), null));
  }

  /**
   * A right password under a legacy bcrypt hash (or outdated argon2 parameters) is hashed again
   * now, the only moment the plain password is known. Only if the hash is still the one checked
   * (a concurrent password change wins); a failure is logged and the sign-in goes on.
   */
  private async rehash(user: User, password: string): Promise<void> {
    try {
      await this.users.update({ id: user.id, passwordHash: user.passwordHash }, { passwordHash: await hashPassword(password) });
    } catch (err) {
      this.log.warn({ err, userId: user.id }, 'could not store the rehashed password; the old hash stays');
    }
  }

  /**
   * Rotating refresh: each token works once. Presenting a used or revoked token revokes its
   * whole family (it was stolen or replayed) and is refused.
   */
  async refresh(refreshToken: string | undefined): Promise<TokenView> {
    if (!refreshToken) throw new AppError('TOKEN_REVOKED');
    const outcome = await this.ds.transaction(async (m): Promise<TokenView | 'replayed'> => {
      const row = await m.findOne(RefreshToken, { where: { tokenHash: sha256(refreshToken) }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new AppError('TOKEN_REVOKED');
      if (row.usedAt || row.revokedAt) {
        // Returned, not thrown: the family's revocation must commit before the caller is refused.
        await m.update(RefreshToken, { familyId: row.familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
        await this.sessionsEnded(m, row.userId, [row.familyId], 'replay');
        return 'replayed';
      }
      if (row.expiresAt.getTime() < Date.now()) throw new AppError('TOKEN_REVOKED');
      const user = await m.findOne(User, { where: { id: row.userId } });
      if (!user || !user.active) throw new AppError('ACCESS_DENIED');
      if (user.validUntil && user.validUntil.getTime() < Date.now()) throw new AppError('ACCOUNT_EXPIRED');
      await m.update(RefreshToken, { id: row.id }, { usedAt: new Date() });
      return this.issue(m, user, row.clientId, row.familyId, row.idToken);
    });
    if (outcome === 'replayed') throw new AppError('TOKEN_REVOKED');
    return outcome;
  }

  /** Logout: the refresh token's family can no longer be used. Unknown tokens are ignored (RFC 7009). */
  async revoke(token: string | undefined): Promise<void> {
    if (!token) return;
    const row = await this.tokens.findOne({ where: { tokenHash: sha256(token) } });
    if (!row) return;
    await this.ds.transaction(async (m) => {
      await m.update(RefreshToken, { familyId: row.familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
      await this.sessionsEnded(m, row.userId, [row.familyId], 'logout');
    });
  }

  /** Revokes every session of a user (password change, deactivation, deletion). */
  async revokeAllFor(m: EntityManager, userId: string, reason: SessionRevokedPayload['reason'] = 'password'): Promise<void> {
    const live = await m
      .createQueryBuilder(RefreshToken, 't')
      .select('DISTINCT t.familyId', 'familyId')
      .where('t.userId = :userId AND t.revokedAt IS NULL', { userId })
      .getRawMany<{ familyId: string }>();
    await m.update(RefreshToken, { userId, revokedAt: IsNull() }, { revokedAt: new Date() });
    await this.sessionsEnded(m, userId, live.map((r) => r.familyId), reason);
  }

  /** Every service learns the ended sessions by event and refuses their access tokens at once. */
  private async sessionsEnded(m: EntityManager, userId: string, sessionIds: string[], reason: SessionRevokedPayload['reason']) {
    if (!sessionIds.length) return;
    await this.events.publish(m, EventTypes.IdentitySessionRevoked, userId, { userId, sessionIds, reason });
  }

  async issue(m: EntityManager, user: User, clientId: string, familyId: string, idToken: string | null): Promise<TokenView> {
    const refresh = randomBytes(32).toString('base64url');
    await m.insert(RefreshToken, {
      userId: user.id,
      familyId,
      clientId,
      idToken,
      tokenHash: sha256(refresh),
      expiresAt: new Date(Date.now() + this.refreshTtl * 1000),
    });
    const access = await this.keys.sign({ ...accessClaims(user), sid: familyId }, this.accessTtl);
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: this.accessTtl,
      refresh_token: refresh,
      scope: '',
      ...(idToken ? { id_token: idToken } : {}),
    };
  }
}
