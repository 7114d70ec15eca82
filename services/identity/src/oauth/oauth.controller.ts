import { Body, Controller, Get, Headers, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AppError } from '@windward/contracts';
import { Public } from '@windward/service-kit';
import { OAuthService } from './oauth.service.js';
import { SigningKeysService } from './signing-keys.service.js';

/** Form bodies of SPEC §7: the token call uses OAuth names, the refresh call the camel-case ones. */
type TokenForm = Record<string, string | undefined>;

@ApiTags('sign-in')
@Public()
@Controller('oauth')
export class OAuthController {
  constructor(
    private readonly oauth: OAuthService,
    private readonly keys: SigningKeysService,
  ) {}

  /** Built-in sign-in: password grant with the web client's Basic credential. */
  @Post('token')
  @HttpCode(200)
  async token(@Headers('authorization') auth: string | undefined, @Body() body: TokenForm, @Ip() ip: string) {
    const clientId = this.oauth.authenticateClient(auth);
    const grant = body.grant_type ?? body.grantType;
    if (grant === 'refresh_token') return this.oauth.refresh(body.refresh_token ?? body.refreshToken);
    if (grant !== 'password') throw new AppError('VALIDATION_FAILED', { details: [{ field: 'grant_type' }] });
    return this.oauth.passwordGrant(String(body.username ?? ''), String(body.password ?? ''), ip, clientId);
  }

  @Post('refresh')
  @HttpCode(200)
  refresh(@Body() body: TokenForm) {
    return this.oauth.refresh(body.refreshToken ?? body.refresh_token);
  }

  /** The single-sign-on variant of the refresh exchange: same rotation rules. */
  @Post('v2/refresh')
  @HttpCode(200)
  refreshV2(@Body() body: TokenForm) {
    return this.oauth.refresh(body.refreshToken ?? body.refresh_token);
  }

  @Post('revoke')
  @HttpCode(200)
  async revoke(@Body() body: TokenForm) {
    await this.oauth.revoke(body.token ?? body.refreshToken ?? body.refresh_token);
    return {};
  }

  @Get('.well-known/jwks.json')
  jwks() {
    return this.keys.publicKeys();
  }
}
