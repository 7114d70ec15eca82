import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import {
  ALL_RIGHTS,
  AppError,
  EventTypes,
  RoleId,
  checkPassword,
  checkUsername,
  isAdminRole,
  isCommonPassword,
  isRight,
  isRoleId,
  canGrantRole,
} from '@windward/contracts';
import { EventPublisher, type AuthUser } from '@windward/service-kit';
import { User } from './user.entity.js';
import { hashPassword } from './password.js';
import { accessFingerprint } from './user-access.js';
import { Organization } from '../organizations/organization.entity.js';
import { Customer } from '../customers/customer.entity.js';
import { ParkRef } from '../customers/park-ref.entity.js';
import { OAuthService } from '../oauth/oauth.service.js';
import type { AuthDataDto, CreateUserDto, ResetPasswordDto, UpdateUserDto } from './user.dto.js';
import type { AuthDataView, CreatedUserView, UserRightsView, UserView } from './user.view.js';
import { UsersService, rightsView, userPayload } from './users.service.js';

/**
 * Changing accounts: create (SPEC §5's username and password rules), update, delete, activate,
 * reset a password, data permissions and per-user rights. Each write checks what the caller may
 * grant, announces the change in the same transaction and ends sessions where access shrank.
 */
@Injectable()
export class UserAccountsService {
  constructor(
    private readonly ds: DataSource,
    private readonly users: UsersService,
    private readonly events: EventPublisher,
    private readonly oauth: OAuthService,
  ) {}

  /** POST /users: creates the account and answers what identity.user.created announces. */
  async createAccount(actor: AuthUser, dto: CreateUserDto): Promise<CreatedUserView> {
    return userPayload(await this.create(actor, dto));
  }

  /** Creates an account after SPEC §5's username and password rules and the uniqueness checks. */
  async create(actor: AuthUser | null, dto: CreateUserDto, m?: EntityManager): Promise<User> {
    const run = async (tx: EntityManager) => {
      this.assertUsernameRule(dto.username);
      const pw = checkPassword(dto.password);
      if (!pw.ok) throw new AppError(pw.code);
      if (isCommonPassword(dto.password)) throw new AppError('PASSWORD_TOO_COMMON');
      this.assertRoles(dto.roles);
      const customerIds = [...new Set(dto.customerIds ?? [])];
      const parkIds = [...new Set(dto.parkIds ?? [])];
      if (actor) this.assertAssignable(actor, dto.roles, customerIds);
      await this.assertUnique(tx, dto.username, dto.email ?? null);
      await this.assertMembership(tx, dto.organizationId ?? null, customerIds, parkIds);
      const user = tx.create(User, {
        username: dto.username,
        displayName: dto.displayName.trim(),
        email: dto.email ?? null,
        passwordHash: await hashPassword(dto.password),
        roles: [...new Set(dto.roles)],
        organizationId: dto.organizationId ?? null,
        customerIds,
        parkIds,
        active: dto.active ?? true,
        validUntil: dto.validUntil ? new Date(dto.validUntil) : null,
      });
      await tx.save(user);
      await this.events.publish(tx, EventTypes.IdentityUserCreated, user.id, userPayload(user), actor?.userId);
      return user;
    };
    return m ? run(m) : this.ds.transaction(run);
  }

  async update(actor: AuthUser, id: string, dto: UpdateUserDto): Promise<UserView> {
    return this.ds.transaction(async (tx) => {
      const u = await this.findForWrite(tx, actor, id);
      const access = accessFingerprint(u);
      const roles = dto.roles !== undefined ? [...new Set(dto.roles)] : u.roles;
      const customerIds = dto.customerIds !== undefined ? [...new Set(dto.customerIds)] : u.customerIds;
      const parkIds = dto.parkIds !== undefined ? [...new Set(dto.parkIds)] : u.parkIds;
      const organizationId = dto.organizationId !== undefined ? dto.organizationId : u.organizationId;
      if (dto.username !== undefined && dto.username !== u.username) this.assertUsernameRule(dto.username);
      this.assertRoles(roles);
      // Roles added or taken away must be ones the caller may grant (its own account included).
      const changed = [...roles.filter((r) => !u.roles.includes(r)), ...u.roles.filter((r) => !roles.includes(r))];
      this.assertAssignable(actor, changed, customerIds);
      if (u.id === actor.userId && u.roles.some(isAdminRole) && !roles.some(isAdminRole)) throw new AppError('OPERATION_DENIED');
      await this.assertUnique(tx, dto.username ?? u.username, dto.email !== undefined ? dto.email : u.email, u.id);
      await this.assertMembership(tx, organizationId, customerIds, parkIds);
      Object.assign(u, {
        username: dto.username ?? u.username,
        displayName: dto.displayName?.trim() ?? u.displayName,
        email: dto.email !== undefined ? dto.email : u.email,
        roles,
        organizationId,
        customerIds,
        parkIds,
        validUntil: dto.validUntil !== undefined ? (dto.validUntil ? new Date(dto.validUntil) : null) : u.validUntil,
      });
      await tx.save(u);
      await this.accessWritten(tx, actor, access, u);
      await this.events.publish(tx, EventTypes.IdentityUserUpdated, u.id, userPayload(u), actor.userId);
      return (await this.users.present([u], tx))[0]!;
    });
  }

  /** Deleting removes the account and its sessions; nobody deletes themselves or the last super admin. */
  async remove(actor: AuthUser, id: string) {
    await this.ds.transaction(async (tx) => {
      const u = await this.findForWrite(tx, actor, id);
      if (u.id === actor.userId) throw new AppError('OPERATION_DENIED');
      await this.assertNotLastSuperAdmin(tx, u);
      await this.oauth.revokeAllFor(tx, u.id, 'deleted');
      await tx.delete(User, { id: u.id });
      await this.events.publish(tx, EventTypes.IdentityUserDeleted, u.id, { id: u.id }, actor.userId);
    });
  }

  /** Deactivation signs the user out everywhere at once (refresh tokens revoked). */
  async setActive(actor: AuthUser, id: string, active: boolean): Promise<UserView> {
    return this.ds.transaction(async (tx) => {
      const u = await this.findForWrite(tx, actor, id);
      if (!active && u.id === actor.userId) throw new AppError('OPERATION_DENIED');
      if (!active) await this.assertNotLastSuperAdmin(tx, u);
      if (u.active !== active) {
        u.active = active;
        await tx.update(User, { id: u.id }, { active });
        if (!active) await this.oauth.revokeAllFor(tx, u.id, 'deactivated');
        await this.events.publish(tx, EventTypes.IdentityUserUpdated, u.id, userPayload(u), actor.userId);
      }
      return (await this.users.present([u], tx))[0]!;
    });
  }

  /** Administrator sets a new password: the rule applies and the user's sessions end. */
  async resetPassword(actor: AuthUser, id: string, dto: ResetPasswordDto) {
    const password = dto.password ?? dto.newPassword ?? '';
    const rule = checkPassword(password);
    if (!rule.ok) throw new AppError(rule.code);
    if (isCommonPassword(password)) throw new AppError('PASSWORD_TOO_COMMON');
    if (dto.confirmPassword !== undefined && dto.confirmPassword !== password) throw new AppError('PASSWORDS_DO_NOT_MATCH');
    const hash = await hashPassword(password);
    await this.ds.transaction(async (tx) => {
      const u = await this.findForWrite(tx, actor, id);
      await tx.update(User, { id: u.id }, { passwordHash: hash });
      await this.oauth.revokeAllFor(tx, u.id);
    });
  }

  async setAuthData(actor: AuthUser, id: string, dto: AuthDataDto): Promise<AuthDataView> {
    return this.ds.transaction(async (tx) => {
      const u = await this.findForWrite(tx, actor, id);
      const customerIds = [...new Set(dto.customerIds)];
      const parkIds = [...new Set(dto.parkIds)];
      this.assertAssignable(actor, [], customerIds);
      await this.assertMembership(tx, u.organizationId, customerIds, parkIds);
      const access = accessFingerprint(u);
      u.customerIds = customerIds;
      u.parkIds = parkIds;
      await tx.update(User, { id: u.id }, { customerIds, parkIds });
      await this.accessWritten(tx, actor, access, u);
      await this.events.publish(tx, EventTypes.IdentityUserUpdated, u.id, userPayload(u), actor.userId);
      return this.users.describeAuthData(u, tx);
    });
  }

  /**
   * Per-user rights (administrators only). Every key must be a right of contracts; `null` goes
   * back to the role defaults. Administrators always hold every right, so theirs cannot be cut.
   * Takes effect within seconds: older access tokens are refused with ACCESS_CHANGED and the
   * console renews its token (issue #16).
   */
  async setRights(actor: AuthUser, id: string, rights: string[] | null | undefined): Promise<UserRightsView> {
    if (!actor.roles.some(isAdminRole)) throw new AppError('NO_ACCESS_RIGHTS');
    if (rights !== null && !Array.isArray(rights)) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'rights' }] });
    const unknown = Array.isArray(rights) ? rights.filter((r) => !isRight(r)) : [];
    if (unknown.length) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'rights', unknown }] });
    return this.ds.transaction(async (tx) => {
      const u = await this.findForWrite(tx, actor, id);
      if (u.roles.some(isAdminRole)) throw new AppError('OPERATION_DENIED');
      const access = accessFingerprint(u);
      // Stored in the catalogue's order, without duplicates.
      u.rightsGranted = Array.isArray(rights) ? ALL_RIGHTS.filter((r) => rights.includes(r)) : null;
      await tx.update(User, { id: u.id }, { rightsGranted: u.rightsGranted });
      await this.accessWritten(tx, actor, access, u);
      return rightsView(u);
    });
  }

  // -------------------------------------------------------------------------------- helpers

  /**
   * Roles, rights or data scope changed (compared as the access token would say them): raise the
   * user's access version and tell every service, which then refuses older access tokens with
   * ACCESS_CHANGED and closes their sockets; the session goes on with a renewed token (issue #16).
   */
  private async accessWritten(tx: EntityManager, actor: AuthUser, before: string, u: User): Promise<void> {
    if (accessFingerprint(u) === before) return;
    u.accessVersion = (u.accessVersion ?? 0) + 1;
    await tx.update(User, { id: u.id }, { accessVersion: u.accessVersion });
    await this.events.publish(tx, EventTypes.IdentityUserAccessChanged, u.id, { userId: u.id, accessVersion: u.accessVersion }, actor.userId);
  }

  /** A user the caller may change: scoped callers only non-admin users entirely inside their customers. */
  private async findForWrite(tx: EntityManager, actor: AuthUser, id: string): Promise<User> {
    const u = await this.users.find(actor, id, tx, true);
    if (actor.customerIds !== null && (u.roles.some(isAdminRole) || u.customerIds.some((c) => !actor.customerIds!.includes(c)))) {
      throw new AppError('NO_ACCESS_RIGHTS');
    }
    return u;
  }

  private assertUsernameRule(username: string) {
    const r = checkUsername(username);
    if (!r.ok) throw new AppError(r.code, r.params ? { params: r.params } : {});
  }

  private assertRoles(roles: number[]) {
    if (!roles.length || !roles.every(isRoleId)) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'roles' }] });
  }

  /**
   * A caller grants only the roles it may grant (contracts `grantableRoles`: administrators any,
   * customer admins CA/CW/CR) and, when scoped, only inside its own customers.
   */
  private assertAssignable(actor: AuthUser, roles: number[], customerIds: string[]) {
    if (roles.some((r) => !canGrantRole(actor.roles, r))) throw new AppError('NO_ACCESS_RIGHTS');
    if (actor.customerIds === null) return;
    const own = actor.customerIds;
    if (!customerIds.length || customerIds.some((id) => !own.includes(id))) throw new AppError('NO_ACCESS_RIGHTS');
  }

  private async assertUnique(tx: EntityManager, username: string, email: string | null, exceptId?: string) {
    const taken = (column: string, value: string) => {
      const qb = tx.createQueryBuilder(User, 'u').where(`lower(${column}) = lower(:v)`, { v: value });
      if (exceptId) qb.andWhere('u.id <> :exceptId', { exceptId });
      return qb.getExists();
    };
    if (await taken('u.username', username)) throw new AppError('USERNAME_EXISTS');
    if (email && (await taken('u.email', email))) throw new AppError('EMAIL_EXISTS');
  }

  /**
   * Organization and customers must exist; park ids must be parks identity knows from asset's
   * events (park_ref) and belong to one of the user's customers when the user has customers.
   */
  private async assertMembership(tx: EntityManager, organizationId: string | null, customerIds: string[], parkIds: string[]) {
    if (organizationId && !(await tx.exists(Organization, { where: { id: organizationId } }))) {
      throw new AppError('VALIDATION_FAILED', { details: [{ field: 'organizationId' }] });
    }
    if (customerIds.length && (await tx.count(Customer, { where: { id: In(customerIds) } })) !== customerIds.length) {
      throw new AppError('VALIDATION_FAILED', { details: [{ field: 'customerIds' }] });
    }
    if (parkIds.length) {
      const parks = await tx.find(ParkRef, { where: { parkId: In(parkIds) } });
      const bad = parkIds.filter((id) => {
        const p = parks.find((x) => x.parkId === id);
        return !p || (customerIds.length > 0 && !customerIds.includes(p.customerId));
      });
      if (bad.length) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'parkIds', unknown: bad }] });
    }
  }

  private async assertNotLastSuperAdmin(tx: EntityManager, u: User) {
    if (!u.roles.some((r) => r === RoleId.SA || r === RoleId.SA_LEGACY)) return;
    const others = await tx
      .createQueryBuilder(User, 'x')
      .where('x.id <> :id AND x.active AND x.roles && :sa::int[]', { id: u.id, sa: [RoleId.SA, RoleId.SA_LEGACY] })
      .getCount();
    if (others === 0) throw new AppError('OPERATION_DENIED');
  }
}
