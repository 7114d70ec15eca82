import { IsNotEmpty, IsOptional, IsString } from 'class-validator';

export class ClientInfoQuery {
  /** The web host the sign-in page runs on. */
  @IsString() @IsNotEmpty() host!: string;
}

/** JSON body of `POST /oauth/v2/token`: the authorization response the web received. */
export class SsoTokenDto {
  /** Required: the authorization code. */
  @IsOptional() @IsString() code?: string;
  /** Required: the absolute redirect URI of the authorization request. */
  @IsOptional() @IsString() redirectUri?: string;
  /** PKCE verifier of the authorization request, when it used one. */
  @IsOptional() @IsString() codeVerifier?: string;
  /** Nonce of the authorization request, when it used one. */
  @IsOptional() @IsString() nonce?: string;
  /** State of the authorization request, when it used one. */
  @IsOptional() @IsString() state?: string;
  /** The `iss` of the authorization response (RFC 9207); the configured issuer when absent. */
  @IsOptional() @IsString() iss?: string;
}

export class LogoutUrlQuery {
  /** Absolute URL to come back to after the provider's logout (else the configured one). */
  @IsOptional() @IsString() postLogoutRedirectUri?: string;
}
