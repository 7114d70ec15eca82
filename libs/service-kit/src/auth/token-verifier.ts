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

  /** Sessions identity ended (kit consumer of identity.session.revoked); their tokens are refused. */
  readonly revocations: RevocationSet | null;

  constructor(source: string | JSONWebKeySet | LocalKeySet, revocations: RevocationSet | null = null) {
    this.revocations = revocations;
    if (typeof source === 'string') this.keys = createRemoteJWKSet(new URL(source), { cooldownDuration: 1000 });
    else if (source instanceof LocalKeySet) this.keys = (header, token) => source.getKey(header, token);
    else this.keys = createLocalJWKSet(source);
  }

  async verify(token: string): Promise<AuthUser> {
    let user: AuthUser;
    try {
      const { payload } = await jwtVerify(token, this.keys, { issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE, algorithms: ['RS256'] });
      user = userFromClaims(payload as unknown as AccessTokenClaims);
    } catch {
      throw new AppError('UNAUTHORIZED');
    }
    if (this.revocations?.isRevoked(user.sessionId)) throw new AppError('UNAUTHORIZED');
    // Roles, rights or scope changed since the token was issued: the console renews it and repeats.
    if (this.revocations?.isOutdated(user.userId, user.accessVersion)) throw new AppError('ACCESS_CHANGED');
    return user;
  }
}
