import { Body, Controller, Get, Headers, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Public, type AuthUser } from '@windward/service-kit';
import { SsoService, type SsoTokenRequest } from './sso.service.js';

/** SPEC §7 single-sign-on calls (v2) plus the logout address the web redirects to. */
@ApiTags('sign-in')
@Controller('oauth/v2')
export class SsoController {
  constructor(private readonly sso: SsoService) {}

  @Public()
  @Get('getClientId')
  clientId(@Query('host') host: unknown) {
    return this.sso.clientInfo(host);
  }

  /** JSON body `{code, redirectUri, codeVerifier?, nonce?, state?}`, header `client-id`. */
  @Public()
  @Post('token')
  @HttpCode(200)
  token(@Headers('client-id') clientId: string | undefined, @Body() body: SsoTokenRequest) {
    return this.sso.exchange(clientId, body ?? {});
  }

  /** Needs the session's access token; query `postLogoutRedirectUri` (optional). */
  @ApiBearerAuth()
  @Get('logoutUrl')
  logoutUrl(@CurrentUser() user: AuthUser, @Query('postLogoutRedirectUri') back: unknown) {
    return this.sso.logoutUrl(user.sessionId ?? undefined, back);
  }
}
