import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { AppError } from '@windward/contracts';
import { userFromClaims, type AccessTokenClaims, type AuthUser } from './auth-user.js';
import type { RevocationSet } from './revocations.js';

/**
 * Keys held in-process, for the service that signs the tokens (identity): it verifies with its
 * own key set instead of calling its own JWKS endpoint.
 */
export class LocalKeySet {
  private getter: JWTVerifyGetKey | null = null;
  set(jwks: JSONWebKeySet): void {
    this.getter = createLocalJWKSet(jwks);
  }
  getKey: JWTVerifyGetKey = (header, token) => {
    if (!this.getter) throw new Error('signing keys not loaded yet');
    return this.getter(header, token);
  };
}

/** `Authorization: Bearer <jwt>` (case-insensitive scheme), or null. */
export function bearerToken(header: string | undefined): string | null {
  return /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1] ?? null;
}

export const TOKEN_ISSUER = 'windward-identity';
export const TOKEN_AUDIENCE = 'windward';

/**
 * Verifies identity's access tokens against its published JWKS. The remote key set is
 * cached and refetched when an unknown key id shows up (key rotation).
 */
export class TokenVerifier {
  private readonly keys: JWTVerifyGetKey;
  /**
   * Tokens already verified, until their `exp`: a console sends the same token on every request,
   * and RS256 verification was ~7 % of a list request's CPU (issue #22). Revocation and access
   * changes are still checked on every request, below.
   */
  private readonly verified = new Map<string, { claims: AccessTokenClaims; expiresAt: number }>();
  static readonly CACHE_SIZE = 10_000;

  /** Sessions identity ended (kit consumer of identity.session.revoked); their tokens are refused. */
  readonly revocations: RevocationSet | null;

  constructor(source: string | JSONWebKeySet | LocalKeySet, revocations: RevocationSet | null = null) {
    this.revocations = revocations;
    if (typeof source === 'string') this.keys = createRemoteJWKSet(new URL(source), { cooldownDuration: 1000 });
    else if (source instanceof LocalKeySet) this.keys = (header, token) => source.getKey(header, token);
    else this.keys = createLocalJWKSet(source);
  }

  async verify(token: string): Promise<AuthUser> {
    const user = this.cachedClaims(token) ?? (await this.verifySignature(token));
    if (this.revocations?.isRevoked(user.sessionId)) throw new AppError('UNAUTHORIZED');
    // Roles, rights or scope changed since the token was issued: the console renews it and repeats.
    if (this.revocations?.isOutdated(user.userId, user.accessVersion)) throw new AppError('ACCESS_CHANGED');
    return user;
  }

  private cachedClaims(token: string): AuthUser | null {
    const hit = this.verified.get(token);
    if (!hit) return null;
    // A fresh user each time: a request may add to its user, the next must not see that.
    if (hit.expiresAt > Date.now()) return userFromClaims(hit.claims);
    this.verified.delete(token);
    return null;
  }

  private async verifySignature(token: string): Promise<AuthUser> {
    try {
      const { payload } = await jwtVerify(token, this.keys, { issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE, algorithms: ['RS256'] });
      const claims = payload as unknown as AccessTokenClaims;
      const user = userFromClaims(claims);
      if (typeof payload.exp === 'number') {
        // Oldest first out (a Map keeps insertion order): a bounded cache, not an unbounded one.
        if (this.verified.size >= TokenVerifier.CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, { claims, expiresAt: payload.exp * 1000 });
      }
      return user;
    } catch {
      throw new AppError('UNAUTHORIZED');
    }
  }
}
