import { Body, Controller, Get, Headers, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBasicAuth, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public, OkView } from '@windward/service-kit';
import { OAuthService } from './oauth.service.js';
import { SigningKeysService } from './signing-keys.service.js';
import { RefreshRequestDto, RevokeRequestDto, TokenRequestDto } from './oauth.dto.js';
import { JwksView, TokenView, type ClientTokenView } from './oauth.view.js';
import { PasswordGrantGuard, type PasswordGrantRequest } from './password.strategy.js';

const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];

/** SPEC §7 sign-in and session calls: the token call uses OAuth names, the refresh call the camel-case ones. */
@ApiTags('sign-in')
@Public()
@Controller('oauth')
export class OAuthController {
  constructor(
    private readonly oauth: OAuthService,
    private readonly keys: SigningKeysService,
  ) {}

  /** Sign in (grant_type=password) or refresh (grant_type=refresh_token) with the client's Basic credential. */
  @Post('token')
  @HttpCode(200)
  @ApiConsumes(...FORM_OR_JSON)
  // The client credential (`Basic base64(clientId:clientSecret)`) is the document's basic scheme.
  @ApiBasicAuth()
  @ApiOperation({
    description:
      'RFC 6749 token endpoint; the client authenticates with HTTP Basic (401 UNAUTHORIZED without it). `grant_type=password` with `username` and `password` signs in (400 WRONG_USERNAME_OR_PASSWORD, ' +
      '400 TOO_MANY_LOGIN_ATTEMPTS after 5 failures in 15 minutes, 403 ACCESS_DENIED for a deactivated account, ' +
      '400 ACCOUNT_EXPIRED); `grant_type=refresh_token` with `refresh_token` rotates the session (401 TOKEN_REVOKED for a used, ' +
      'revoked or expired token; replaying a used one ends the whole session). `grant_type=client_credentials`: a machine client ' +
      'registered by an administrator (`client_id:client_secret` as the Basic credential, or `client_id`/`client_secret` in the body; ' +
      '401 UNAUTHORIZED for an unknown id or a wrong secret, 403 ACCESS_DENIED for a revoked client) gets an access token with the ' +
      "client's rights and scope and no refresh_token. Any other grant type: 400 VALIDATION_FAILED.",
  })
  @ApiOkResponse({ type: TokenView })
  // The password grant signs in through passport (password.strategy.ts) before the body is read here.
  @UseGuards(PasswordGrantGuard)
  token(
    @Headers('authorization') authorization: string | undefined,
    @Body() dto: TokenRequestDto,
    @Req() req: PasswordGrantRequest,
  ): Promise<TokenView | ClientTokenView> {
    if (req.user && req.clientId) return this.oauth.signIn(req.user, req.clientId);
    return this.oauth.token(authorization, dto);
  }

  /** Refresh: a new token pair for a refresh token (each works once; 401 TOKEN_REVOKED otherwise). */
  @Post('refresh')
  @HttpCode(200)
  @ApiConsumes(...FORM_OR_JSON)
  refresh(@Body() dto: RefreshRequestDto): Promise<TokenView> {
    return this.oauth.refresh(dto.refreshToken ?? dto.refresh_token);
  }

  /** The single-sign-on variant of the refresh exchange: same rotation rules. */
  @Post('v2/refresh')
  @HttpCode(200)
  @ApiConsumes(...FORM_OR_JSON)
  refreshV2(@Body() dto: RefreshRequestDto): Promise<TokenView> {
    return this.oauth.refresh(dto.refreshToken ?? dto.refresh_token);
  }

  /** Logout: the refresh token's session can no longer be used (unknown tokens are ignored, RFC 7009). */
  @Post('revoke')
  @HttpCode(200)
  @ApiConsumes(...FORM_OR_JSON)
  async revoke(@Body() dto: RevokeRequestDto): Promise<OkView> {
    await this.oauth.revoke(dto.token ?? dto.refreshToken ?? dto.refresh_token);
    return {};
  }

  /** The public keys access tokens are signed with (JWKS). */
  @Get('.well-known/jwks.json')
  jwks(): JwksView {
    return this.keys.publicKeys();
  }
}
