import { ApiProperty } from '@nestjs/swagger';

/** RFC 6749 token response of every sign-in and refresh. */
export class TokenView {
  /** RS256 JWT for `Authorization: Bearer …`; verify it with `GET /oauth/.well-known/jwks.json`. */
  access_token!: string;

  @ApiProperty({ enum: ['Bearer'] })
  token_type!: 'Bearer';

  /** Seconds the access token is valid. */
  expires_in!: number;

  /** Opaque; use it once at `POST /oauth/token` (grant_type=refresh_token) or `POST /oauth/refresh`. */
  refresh_token!: string;

  /** Always empty: the access token carries the account's rights. */
  scope!: string;

  /** Single sign-on sessions only: the identity provider's id token. */
  id_token?: string;
}

/** One public signing key (RFC 7517 JWK). */
export class JwkView {
  kty?: string;
  kid?: string;
  alg?: string;
  use?: string;
  /** RSA modulus (base64url). */
  n?: string;
  /** RSA exponent (base64url). */
  e?: string;
}

/** RFC 7517 JSON Web Key Set: the public keys access tokens are signed with. */
export class JwksView {
  keys!: JwkView[];
}

/** The client-credentials answer (RFC 6749 §4.4.3): an access token only, no refresh token. */
export type ClientTokenView = Omit<TokenView, 'refresh_token' | 'id_token'>;
