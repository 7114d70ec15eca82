import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ROLE_IDS, ROLE_LABELS, Rights, canonicalRoleId, isAdminRole } from '@windward/contracts';
import { CurrentUser, RequireRights, requestLocale, type AuthUser } from '@windward/service-kit';
import { UsersService, userPayload } from './users.service.js';
import { UserPage } from './user.view.js';
import { UserListQuery, AuthDataDto, CreateUserDto, ResetPasswordDto, SetActiveDto, SetRightsDto, UpdateUserDto } from './user.dto.js';

/** The current role ids (legacy ids 0, 1, 3 name the same roles as 100, 92, 90). */
const CURRENT_ROLES = ROLE_IDS.filter((r) => canonicalRoleId(r) === r);

/** SPEC §7 user calls. Rights are checked by the kit's guard; scope and self-rules in the service. */
@ApiTags('users')
@ApiBearerAuth()
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** Paged; filters keyword, username, roleId, organizationId, customerId, active. */
  @Get('context/api/v1/users')
  @RequireRights(Rights.USER_LIST_SHOW)
  list(@CurrentUser() user: AuthUser, @Query() q: UserListQuery): Promise<UserPage> {
    return this.users.list(user, q);
  }

  /** Users who can handle QA tasks (task center filters and assignment). */
  @Get('context/api/v1/users/task-handlers')
  @RequireRights(Rights.QA_SHOW, Rights.USER_LIST_SHOW, Rights.PROJECT_CENTER_SHOW)
  taskHandlers(@CurrentUser() user: AuthUser, @Query() q: Record<string, unknown>) {
    return this.users.taskHandlers(user, q);
  }

  @Get('context/api/v1/users/:userId/pilots')
  pilots(@CurrentUser() user: AuthUser, @Param('userId') userId: string, @Query() q: Record<string, unknown>) {
    return this.users.pilots(user, userId, q);
  }

  @Get('context/api/v1/users/:id')
  @RequireRights(Rights.USER_LIST_SHOW)
  get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.users.get(user, id);
  }

  @Post('context/api/v1/users')
  @RequireRights(Rights.USER_LIST_EDIT)
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateUserDto) {
    return userPayload(await this.users.create(user, dto));
  }

  @Put('context/api/v1/users/:id')
  @RequireRights(Rights.USER_LIST_EDIT)
  update(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: UpdateUserDto) {
    return this.users.update(user, id, dto);
  }

  @Delete('context/api/v1/users/:id')
  @HttpCode(200)
  @RequireRights(Rights.USER_LIST_EDIT)
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.users.remove(user, id);
    return {};
  }

  /** Body `{active}`; deactivation revokes the user's sessions. */
  @Put('context/api/v1/users/:id/active')
  @RequireRights(Rights.USER_LIST_EDIT)
  setActive(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: SetActiveDto) {
    return this.users.setActive(user, id, dto.active);
  }

  /** Administrator password reset; body `{password}` (or `newPassword`, optional `confirmPassword`). */
  @Put('context/api/v1/users/:id/password')
  @RequireRights(Rights.USER_LIST_EDIT)
  async resetPassword(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: ResetPasswordDto) {
    await this.users.resetPassword(user, id, dto);
    return {};
  }

  /** Data permissions of `userId` (customer and wind park scope). */
  @Get('context/api/v2/users/authData')
  authData(@CurrentUser() user: AuthUser, @Query('userId') userId: unknown) {
    return this.users.authData(user, userId);
  }

  @Put('context/api/v2/users/:id/authData')
  @RequireRights(Rights.DATA_PERMISSION_EDIT)
  setAuthData(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: AuthDataDto) {
    return this.users.setAuthData(user, id, dto);
  }

  @Get('context/api/v2/users/:id/rights')
  @RequireRights(Rights.USER_LIST_SHOW)
  rights(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.users.rights(user, id);
  }

  /** Body `{rights: string[] | null}`; administrators only (checked in the service). */
  @Put('context/api/v2/users/:id/rights')
  @RequireRights(Rights.USER_LIST_EDIT)
  setRights(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: SetRightsDto) {
    return this.users.setRights(user, id, dto.rights === undefined ? undefined : dto.rights);
  }

  /** Roles with labels in the request's locale. */
  @Get('context/api/v1/metadata/user/roles/iris')
  roles(@Headers() headers: Record<string, string | undefined>) {
    const labels = ROLE_LABELS[requestLocale(headers)];
    return CURRENT_ROLES.map((roleId) => ({ roleId, roleName: labels[roleId], adminLevel: isAdminRole(roleId) }));
  }
}
