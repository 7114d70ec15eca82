import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

/** The grant types `POST /oauth/token` accepts. */
export const GRANT_TYPES = ['password', 'refresh_token', 'client_credentials'] as const;

/**
 * `POST /oauth/token` (RFC 6749 token request), form-encoded (`application/x-www-form-urlencoded`)
 * or JSON, with the client credential as `Authorization: Basic base64(clientId:clientSecret)`.
 *
 * - `grant_type=password`: `username` and `password` (the built-in sign-in).
 * - `grant_type=refresh_token`: `refresh_token` (rotating: each refresh token works once).
 * - `grant_type=client_credentials`: a machine client registered by an administrator, with its
 *   `client_id:client_secret` as the Basic credential (or `client_id` and `client_secret` in the body).
 *
 * The camel-case spellings (`grantType`, `refreshToken`) are accepted as aliases.
 */
export class TokenRequestDto {
  @ApiPropertyOptional({ enum: GRANT_TYPES, description: 'Required (or `grantType`): `password`, `refresh_token` or `client_credentials`.' })
  @IsOptional()
  @IsString()
  grant_type?: string;

  @ApiPropertyOptional({ enum: GRANT_TYPES, description: 'Alias of `grant_type`.' })
  @IsOptional()
  @IsString()
  grantType?: string;

  /** password grant: the account's username (case-insensitive). */
  @IsOptional() @IsString() username?: string;

  /** password grant: the account's password. */
  @IsOptional() @IsString() password?: string;

  /** refresh_token grant: the refresh token of the last token response. */
  @IsOptional() @IsString() refresh_token?: string;

  /** Alias of `refresh_token`. */
  @IsOptional() @IsString() refreshToken?: string;

  /** client_credentials grant without a Basic header: the machine client's id. */
  @IsOptional() @IsString() client_id?: string;

  /** client_credentials grant without a Basic header: the machine client's secret. */
  @IsOptional() @IsString() client_secret?: string;

  /** Accepted and ignored (tokens carry the account's rights); the answer's `scope` is empty. */
  @IsOptional() @IsString() scope?: string;
}

/**
 * `POST /oauth/refresh` and `/oauth/v2/refresh`, form-encoded or JSON: exchanges a refresh token
 * for new tokens (no client credential). `refreshToken` or `refresh_token` is required.
 */
export class RefreshRequestDto {
  /** The refresh token of the last token response. */
  @IsOptional() @IsString() refreshToken?: string;

  /** Alias of `refreshToken`. */
  @IsOptional() @IsString() refresh_token?: string;

  /** Accepted and ignored (always a refresh). */
  @ApiPropertyOptional({ enum: ['refresh_token'] })
  @IsOptional()
  @IsString()
  grantType?: string;

  /** Alias of `grantType`; accepted and ignored. */
  @ApiPropertyOptional({ enum: ['refresh_token'] })
  @IsOptional()
  @IsString()
  grant_type?: string;

  /** Accepted and ignored. */
  @IsOptional() @IsString() scope?: string;
}

/** `POST /oauth/revoke` (RFC 7009), form-encoded or JSON: ends the refresh token's session. */
export class RevokeRequestDto {
  /** The refresh token to revoke; unknown tokens are ignored. */
  @IsOptional() @IsString() token?: string;

  /** Accepted and ignored (only refresh tokens can be revoked; access tokens expire). */
  @IsOptional() @IsString() token_type_hint?: string;

  /** Alias of `token`. */
  @IsOptional() @IsString() refreshToken?: string;

  /** Alias of `token`. */
  @IsOptional() @IsString() refresh_token?: string;
}
