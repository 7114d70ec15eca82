import { Body, Controller, Get, HttpCode, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser, OkView } from '@windward/service-kit';
import { AccountService } from './account.service.js';
import { ChangePasswordDto } from './account.dto.js';
import { MeView, RightEntryView } from './account.view.js';

@ApiTags('account')
@ApiBearerAuth()
@Controller()
export class AccountController {
  constructor(private readonly accounts: AccountService) {}

  /** The signed-in account (the web's personal info). */
  @Get('context/api/v1/accounts/me')
  me(@CurrentUser() user: AuthUser): Promise<MeView> {
    return this.accounts.me(user.userId);
  }

  /** Change the own password; form body `oldPassword`, `newPassword` (and optional `confirmPassword`). Ends the other sessions. */
  @Put('account/api/v1/accounts/me/password')
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  async changePassword(@CurrentUser() user: AuthUser, @Body() dto: ChangePasswordDto): Promise<OkView> {
    await this.accounts.changePassword(user.userId, dto);
    return {};
  }

  /** Menu rights the caller holds; an empty list means "Access deny" in the web. */
  @Get('context/api/v2/Permission/menus')
  menus(@CurrentUser() user: AuthUser): string[] {
    return this.accounts.menus(user);
  }

  /** The denied-modules list of SPEC §6: every right key with true/false for the caller. */
  @Get('context/api/v2/Permission/deniedModules')
  deniedModules(@CurrentUser() user: AuthUser): RightEntryView[] {
    return this.accounts.deniedModules(user);
  }
}
