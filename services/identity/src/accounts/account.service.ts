import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { AppError, SCREEN_RIGHTS, checkPasswordChange, isCommonPassword, toRightEntries } from '@windward/contracts';
import type { AuthUser } from '@windward/service-kit';
import { User } from '../users/user.entity.js';
import { OAuthService } from '../oauth/oauth.service.js';
import { LoginFailureRepository } from '../oauth/login-failure.repository.js';
import { hashPassword, verifyPassword } from '../users/password.js';
import type { ChangePasswordDto } from './account.dto.js';
import type { MeView, RightEntryView } from './account.view.js';

/** Wrong old passwords allowed per account within the window on password change. */
export const OLD_PASSWORD_LIMIT = 5;
export const OLD_PASSWORD_WINDOW_MINUTES = 15;

@Injectable()
export class AccountService {
  constructor(
    private readonly ds: DataSource,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly oauth: OAuthService,
    private readonly failures: LoginFailureRepository,
  ) {}

  async me(userId: string): Promise<MeView> {
    const u = await this.users.findOne({ where: { id: userId } });
    if (!u) throw new AppError('USER_NOT_FOUND');
    return {
      id: u.id,
      username: u.username,
      displayName: u.displayName,
      email: u.email,
      roles: u.roles,
      organizationId: u.organizationId,
      customerIds: u.customerIds,
      parkIds: u.parkIds,
      validUntil: u.validUntil,
    };
  }

  /** SPEC §5: rules first, then the old password must match; other sessions are signed out. */
  async changePassword(userId: string, dto: ChangePasswordDto): Promise<void> {
    const oldPassword = dto.oldPassword ?? '';
    const newPassword = dto.newPassword ?? '';
    const rule = checkPasswordChange(oldPassword, newPassword, dto.confirmPassword ?? newPassword);
    if (!rule.ok) throw new AppError(rule.code);
    if (isCommonPassword(newPassword)) throw new AppError('PASSWORD_TOO_COMMON');
    // Wrong old passwords count like failed sign-ins, per account: a stolen session cannot guess the password.
    const key = `#old-password:${userId}`;
    if ((await this.failures.countRecent(key, '', OLD_PASSWORD_WINDOW_MINUTES)) >= OLD_PASSWORD_LIMIT) {
      throw new AppError('TOO_MANY_PASSWORD_ATTEMPTS', { params: { seconds: OLD_PASSWORD_WINDOW_MINUTES * 60 } });
    }
    const user = await this.users.createQueryBuilder('u').addSelect('u.passwordHash').where('u.id = :userId', { userId }).getOne();
    if (!user) throw new AppError('USER_NOT_FOUND');
    if (!(await verifyPassword(oldPassword, user.passwordHash)).ok) {
      await this.failures.record(key, '');
      throw new AppError('INVALID_OLD_PASSWORD');
    }
    await this.failures.clearAccount(key);
    const hash = await hashPassword(newPassword);
    await this.ds.transaction(async (m) => {
      await m.update(User, { id: userId }, { passwordHash: hash });
      await this.oauth.revokeAllFor(m, userId);
    });
  }

  menus(user: AuthUser): string[] {
    return SCREEN_RIGHTS.filter((r) => user.rights.includes(r));
  }

  deniedModules(user: AuthUser): RightEntryView[] {
    return toRightEntries(user.rights);
  }
}
