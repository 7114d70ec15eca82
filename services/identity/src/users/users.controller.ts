import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights, type Locale } from '@windward/contracts';
import { CurrentUser, RequireRights, type AuthUser, OkView, RequestLocale, IdParam } from '@windward/service-kit';
import { UsersService } from './users.service.js';
import { UserAccountsService } from './user-accounts.service.js';
import { AuthDataView, CreatedUserView, PilotPage, RoleView, TaskHandlerPage, UserPage, UserRightsView, UserView } from './user.view.js';
import {
  AuthDataDto,
  AuthDataQuery,
  CreateUserDto,
  PilotQuery,
  ResetPasswordDto,
  SetActiveDto,
  SetRightsDto,
  TaskHandlerQuery,
  UpdateUserDto,
  UserListQuery,
} from './user.dto.js';

/** SPEC §7 user calls. Rights are checked by the kit's guard; scope and self-rules in the service. */
@ApiTags('users')
@ApiBearerAuth()
@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly accounts: UserAccountsService,
  ) {}

  /** Paged; filters keyword, username, roleId, organizationId, customerId, active. */
  @Get('context/api/v1/users')
  @RequireRights(Rights.USER_LIST_SHOW)
  list(@CurrentUser() user: AuthUser, @Query() q: UserListQuery): Promise<UserPage> {
    return this.users.list(user, q);
  }

  /** Users who can handle QA tasks (task center filters and assignment). */
  @Get('context/api/v1/users/task-handlers')
  @RequireRights(Rights.QA_SHOW, Rights.USER_LIST_SHOW, Rights.PROJECT_CENTER_SHOW)
  taskHandlers(@CurrentUser() user: AuthUser, @Query() q: TaskHandlerQuery): Promise<TaskHandlerPage> {
    return this.users.taskHandlers(user, q);
  }

  /** Active pilots of the user's organization (oneself, or with the user list, project center or statistics right). */
  @Get('context/api/v1/users/:userId/pilots')
  pilots(@CurrentUser() user: AuthUser, @IdParam('userId', 'USER_NOT_FOUND') userId: string, @Query() q: PilotQuery): Promise<PilotPage> {
    return this.users.pilots(user, userId, q);
  }

  /** One user in the caller's scope. */
  @Get('context/api/v1/users/:id')
  @RequireRights(Rights.USER_LIST_SHOW)
  get(@CurrentUser() user: AuthUser, @IdParam('id', 'USER_NOT_FOUND') id: string): Promise<UserView> {
    return this.users.get(user, id);
  }

  /** Creates an account (SPEC §5 username and password rules); publishes identity.user.created. */
  @Post('context/api/v1/users')
  @RequireRights(Rights.USER_LIST_EDIT)
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateUserDto): Promise<CreatedUserView> {
    return this.accounts.createAccount(user, dto);
  }

  /** Changes the fields sent; publishes identity.user.updated. */
  @Put('context/api/v1/users/:id')
  @RequireRights(Rights.USER_LIST_EDIT)
  update(@CurrentUser() user: AuthUser, @IdParam('id', 'USER_NOT_FOUND') id: string, @Body() dto: UpdateUserDto): Promise<UserView> {
    return this.accounts.update(user, id, dto);
  }

  /** Deletes the account and its sessions (not oneself, not the last super admin). */
  @Delete('context/api/v1/users/:id')
  @HttpCode(200)
  @RequireRights(Rights.USER_LIST_EDIT)
  async remove(@CurrentUser() user: AuthUser, @IdParam('id', 'USER_NOT_FOUND') id: string): Promise<OkView> {
    await this.accounts.remove(user, id);
    return {};
  }

  /** Body `{active}`; deactivation revokes the user's sessions. */
  @Put('context/api/v1/users/:id/active')
  @RequireRights(Rights.USER_LIST_EDIT)
  setActive(@CurrentUser() user: AuthUser, @IdParam('id', 'USER_NOT_FOUND') id: string, @Body() dto: SetActiveDto): Promise<UserView> {
    return this.accounts.setActive(user, id, dto.active);
  }

  /** Administrator password reset; body `{password}` (or `newPassword`, optional `confirmPassword`). */
  @Put('context/api/v1/users/:id/password')
  @RequireRights(Rights.USER_LIST_EDIT)
  async resetPassword(@CurrentUser() user: AuthUser, @IdParam('id', 'USER_NOT_FOUND') id: string, @Body() dto: ResetPasswordDto): Promise<OkView> {
    await this.accounts.resetPassword(user, id, dto);
    return {};
  }

  /** Data permissions of `userId` (customer and wind park scope). */
  @Get('context/api/v2/users/authData')
  authData(@CurrentUser() user: AuthUser, @Query() q: AuthDataQuery): Promise<AuthDataView> {
    return this.users.authData(user, q.userId);
  }

  /** Replaces the user's customer and wind park scope. */
  @Put('context/api/v2/users/:id/authData')
  @RequireRights(Rights.DATA_PERMISSION_EDIT)
  setAuthData(@CurrentUser() user: AuthUser, @IdParam('id', 'USER_NOT_FOUND') id: string, @Body() dto: AuthDataDto): Promise<AuthDataView> {
    return this.accounts.setAuthData(user, id, dto);
  }

  /** The user's effective rights and the defaults of the user's roles. */
  @Get('context/api/v2/users/:id/rights')
  @RequireRights(Rights.USER_LIST_SHOW)
  rights(@CurrentUser() user: AuthUser, @IdParam('id', 'USER_NOT_FOUND') id: string): Promise<UserRightsView> {
    return this.users.rights(user, id);
  }

  /** Body `{rights: string[] | null}`; administrators only (checked in the service). */
  @Put('context/api/v2/users/:id/rights')
  @RequireRights(Rights.USER_LIST_EDIT)
  setRights(@CurrentUser() user: AuthUser, @IdParam('id', 'USER_NOT_FOUND') id: string, @Body() dto: SetRightsDto): Promise<UserRightsView> {
    return this.accounts.setRights(user, id, dto.rights === undefined ? undefined : dto.rights);
  }

  /** Roles with labels in the request's locale. */
  @Get('context/api/v1/metadata/user/roles/iris')
  roles(@RequestLocale() locale: Locale): RoleView[] {
    return this.users.roles(locale);
  }
}
