import { Body, Controller, Get, HttpCode, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Public, type AuthUser } from '@windward/service-kit';
import { SsoService } from './sso.service.js';
import { ClientInfoQuery, LogoutUrlQuery, SsoTokenDto } from './sso.dto.js';
import { LogoutUrlView, SsoClientView } from './sso.view.js';
import { TokenView } from './oauth.view.js';
import { OidcGuard, type SsoSignInRequest } from './sso.strategy.js';

/** SPEC §7 single-sign-on calls (v2) plus the logout address the web redirects to. */
@ApiTags('sign-in')
@Controller('oauth/v2')
export class SsoController {
  constructor(private readonly sso: SsoService) {}

  /** Whether the web host signs in through single sign-on, and with which client and provider. */
  @Public()
  @Get('getClientId')
  clientId(@Query() q: ClientInfoQuery): Promise<SsoClientView> {
    return this.sso.clientInfo(q.host);
  }

  /** Single sign-on: exchanges the provider's authorization code for this platform's tokens (header `client-id`). */
  @Public()
  @Post('token')
  @HttpCode(200)
  @ApiHeader({ name: 'client-id', required: true, description: 'The SSO client id (from GET /oauth/v2/getClientId); 401 otherwise.' })
  // The code is exchanged and the account found by passport's `oidc` strategy (sso.strategy.ts).
  @UseGuards(OidcGuard)
  // The body is read by the strategy; declared here so it is validated and documented.
  token(@Body() _dto: SsoTokenDto, @Req() req: SsoSignInRequest): Promise<TokenView> {
    return this.sso.signIn(req.user!);
  }

  /** The provider's end-session address for the session of the access token; query `postLogoutRedirectUri` (optional). */
  @ApiBearerAuth()
  @Get('logoutUrl')
  logoutUrl(@CurrentUser() user: AuthUser, @Query() q: LogoutUrlQuery): Promise<LogoutUrlView> {
    return this.sso.logoutUrl(user.sessionId ?? undefined, q.postLogoutRedirectUri);
  }
}
