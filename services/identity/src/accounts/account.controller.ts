import { Body, Controller, Get, HttpCode, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@windward/service-kit';
import { AccountService } from './account.service.js';

@ApiTags('account')
@ApiBearerAuth()
@Controller()
export class AccountController {
  constructor(private readonly accounts: AccountService) {}

  /** The signed-in account (the web's personal info). */
  @Get('context/api/v1/accounts/me')
  me(@CurrentUser() user: AuthUser) {
    return this.accounts.me(user.userId);
  }

  /** Change the own password; form body `oldPassword`, `newPassword` (and optional `confirmPassword`). */
  @Put('account/api/v1/accounts/me/password')
  @HttpCode(200)
  async changePassword(@CurrentUser() user: AuthUser, @Body() body: Record<string, string | undefined>) {
    await this.accounts.changePassword(user.userId, body.oldPassword ?? '', body.newPassword ?? '', body.confirmPassword);
    return {};
  }

  /** Menu rights the caller holds; an empty list means "Access deny" in the web. */
  @Get('context/api/v2/Permission/menus')
  menus(@CurrentUser() user: AuthUser) {
    return this.accounts.menus(user);
  }

  /** The denied-modules list of SPEC §6: every right key with true/false for the caller. */
  @Get('context/api/v2/Permission/deniedModules')
  deniedModules(@CurrentUser() user: AuthUser) {
    return this.accounts.deniedModules(user);
  }
}
