import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import {
  ADMIN_ROLE_IDS,
  AppError,
  DEFAULT_ROLE_RIGHTS,
  ROLE_IDS,
  RoleId,
  Rights,
  isAdminRole,
  isRoleId,
  ROLE_LABELS,
  canonicalRoleId,
  isUuid,
  rightsForRoles,
  type Locale,
  type UserEventPayload,
} from '@windward/contracts';
import { pageRows, parsePage, type AuthUser } from '@windward/service-kit';
import { User } from './user.entity.js';
import { likePattern } from '../common/query.js';
import { effectiveRights } from './user-access.js';
import { Organization } from '../organizations/organization.entity.js';
import { Customer } from '../customers/customer.entity.js';
import { ParkRef } from '../customers/park-ref.entity.js';
import type { PilotQuery, TaskHandlerQuery, UserListQuery } from './user.dto.js';
import type { AuthDataView, PilotPage, RoleView, TaskHandlerPage, UserPage, UserRightsView, UserView } from './user.view.js';

export function userPayload(u: User): UserEventPayload {
  return {
    userId: u.id,
    username: u.username,
    displayName: u.displayName,
    email: u.email,
    roles: u.roles,
    organizationId: u.organizationId,
    customerIds: u.customerIds,
    parkIds: u.parkIds,
    active: u.active,
  };
}

const SORT_COLUMN: Record<string, string> = {
  username: 'u.username',
  displayName: 'u.displayName',
  email: 'u.email',
  createdAt: 'u.createdAt',
  validUntil: 'u.validUntil',
};
/** Sort columns of the person pickers (task handlers, pilots). */
const PERSON_SORT: Record<string, string> = { username: 'u.username', displayName: 'u.displayName' };

const NONE = ['00000000-0000-0000-0000-000000000000'];

/** The current role ids (legacy ids 0, 1, 3 name the same roles as 100, 92, 90). */
const CURRENT_ROLES = ROLE_IDS.filter((r) => canonicalRoleId(r) === r);

/** Roles whose default rights include QA work: they handle tasks unless an admin changed their rights. */
const QA_ROLES = ROLE_IDS.filter((r) => DEFAULT_ROLE_RIGHTS[r].includes(Rights.QA_EDIT));

/** A user's rights: per-user when set, else the role defaults. */
export function rightsView(u: User): UserRightsView {
  return { userId: u.id, custom: u.rightsGranted !== null, rights: effectiveRights(u), defaults: rightsForRoles(u.roles) };
}

/** The roles of a customer's own accounts (customer admin, writer, reader). */
const CUSTOMER_ROLES: readonly number[] = [RoleId.CA, RoleId.CA_LEGACY, RoleId.CW, RoleId.CR];
/** A customer's own account: only customer roles. Internal staff assigned to a customer are not (docs/roles.md). */
const isCustomerAccount = (roles: readonly number[]) => roles.length > 0 && roles.every((r) => CUSTOMER_ROLES.includes(r));

/**
 * Scoped callers see users that share one of their customers; a customer's own account (a
 * customer admin) sees only the customer's accounts, not the provider's staff assigned to it.
 */
function scopeWhere(actor: AuthUser, staffToo = false): [string, Record<string, unknown>] | null {
  if (actor.customerIds === null) return null;
  const scope = actor.customerIds.length ? actor.customerIds : NONE;
  if (staffToo || !isCustomerAccount(actor.roles)) return ['u.customerIds && :scope::uuid[]', { scope }];
  return ['u.customerIds && :scope::uuid[] AND u.roles <@ :customerRoles::int[]', { scope, customerRoles: [...CUSTOMER_ROLES] }];
}

/**
 * Reading users: the user list, one user, roles, the person pickers (task handlers, pilots), a
 * user's data permissions and rights — each within the caller's scope. Changing accounts is
 * UserAccountsService's.
 */
@Injectable()
export class UsersService {
  constructor(private readonly ds: DataSource) {}

  async list(actor: AuthUser, q: UserListQuery): Promise<UserPage> {
    const page = parsePage(q, Object.keys(SORT_COLUMN), { sortField: 'username' });
    const qb = this.ds.getRepository(User).createQueryBuilder('u');
    const scope = scopeWhere(actor);
    if (scope) qb.andWhere(...scope);
    if (q.keyword)
      qb.andWhere(`(u.username ILIKE :kw ESCAPE '\\' OR u.displayName ILIKE :kw ESCAPE '\\' OR u.email ILIKE :kw ESCAPE '\\')`, {
        kw: likePattern(q.keyword),
      });
    if (q.username) qb.andWhere(`u.username ILIKE :un ESCAPE '\\'`, { un: likePattern(q.username) });
    if (q.roleId !== undefined) {
      if (!isRoleId(q.roleId)) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'roleId' }] });
      qb.andWhere(':role = ANY(u.roles)', { role: q.roleId });
    }
    if (q.organizationId) qb.andWhere('u.organizationId = :org', { org: q.organizationId });
    if (q.customerId) qb.andWhere(':cid = ANY(u.customerIds)', { cid: q.customerId });
    if (q.active !== undefined) qb.andWhere('u.active = :active', { active: q.active });
    const [rows, totalCount] = await pageRows(qb, page, SORT_COLUMN, 'u.id');
    return { results: await this.present(rows), totalCount };
  }

  async get(actor: AuthUser, id: string): Promise<UserView> {
    return (await this.present([await this.find(actor, id)]))[0]!;
  }

  /** Roles with labels in `locale`. */
  roles(locale: Locale): RoleView[] {
    const labels = ROLE_LABELS[locale];
    return CURRENT_ROLES.map((roleId) => ({ roleId, roleName: labels[roleId], adminLevel: isAdminRole(roleId) }));
  }

  /** Active, unexpired users who may work on QA tasks (the `qa.edit` right, defaults or per-user). */
  async taskHandlers(actor: AuthUser, q: TaskHandlerQuery): Promise<TaskHandlerPage> {
    const page = parsePage(q, Object.keys(PERSON_SORT), { sortField: 'displayName', pageSize: 100 });
    const qb = this.ds
      .getRepository(User)
      .createQueryBuilder('u')
      .where('u.active AND (u.validUntil IS NULL OR u.validUntil > now())')
      .andWhere(
        `(u.roles && :admins::int[] OR (u.rightsGranted IS NOT NULL AND :qa = ANY(u.rightsGranted)) OR (u.rightsGranted IS NULL AND u.roles && :qaRoles::int[]))`,
        { admins: [...ADMIN_ROLE_IDS], qa: Rights.QA_EDIT, qaRoles: QA_ROLES },
      );
    const scope = scopeWhere(actor, true);
    if (scope) qb.andWhere(...scope);
    if (q.organizationId) qb.andWhere('u.organizationId = :org', { org: q.organizationId });
    // Eligible handlers of one task (docs/roles.md): staff work on the customers/parks they are assigned to.
    if (q.customerId) qb.andWhere('(u.roles && :admins::int[] OR :hcid = ANY(u.customerIds))', { hcid: q.customerId });
    if (q.windFarmId) qb.andWhere("(u.roles && :admins::int[] OR u.parkIds = '{}' OR :hpid = ANY(u.parkIds))", { hpid: q.windFarmId });
    if (q.keyword) qb.andWhere(`(u.username ILIKE :kw ESCAPE '\\' OR u.displayName ILIKE :kw ESCAPE '\\')`, { kw: likePattern(q.keyword) });
    const [rows, totalCount] = await pageRows(qb, page, PERSON_SORT, 'u.id', { nulls: 'largest' });
    return {
      results: rows.map((u) => ({
        userId: u.id,
        username: u.username,
        displayName: u.displayName,
        roles: u.roles,
        organizationId: u.organizationId,
      })),
      totalCount,
    };
  }

  /**
   * Pilots of a user's organization (pilot teams are organizations, SPEC §6). Callers may ask
   * for themselves; anyone else needs the user list, project center or performance statistics.
   */
  async pilots(actor: AuthUser, userId: string, q: PilotQuery): Promise<PilotPage> {
    const mayLook = [Rights.USER_LIST_SHOW, Rights.PROJECT_CENTER_SHOW, Rights.PERFORMANCE_STATISTICS_SHOW].some((r) =>
      actor.rights.includes(r),
    );
    if (userId !== actor.userId && !mayLook) throw new AppError('NO_ACCESS_RIGHTS');
    const target = userId === actor.userId ? await this.findAny(userId) : await this.find(actor, userId);
    const page = parsePage(q, Object.keys(PERSON_SORT), { sortField: 'displayName', pageSize: 100 });
    if (!target.organizationId) return { results: [], totalCount: 0 };
    const qb = this.ds
      .getRepository(User)
      .createQueryBuilder('u')
      .where('u.organizationId = :org AND :pilot = ANY(u.roles) AND u.active', { org: target.organizationId, pilot: RoleId.PILOT });
    const [rows, totalCount] = await pageRows(qb, page, PERSON_SORT, 'u.id', { nulls: 'largest' });
    return {
      results: rows.map((u) => ({ userId: u.id, username: u.username, displayName: u.displayName, organizationId: u.organizationId })),
      totalCount,
    };
  }

  /** Data permissions of a user: customers and wind parks with names (for the permission dialog). */
  async authData(actor: AuthUser, userId: string): Promise<AuthDataView> {
    const mayLook = [Rights.USER_LIST_SHOW, Rights.DATA_PERMISSION_EDIT].some((r) => actor.rights.includes(r));
    if (userId !== actor.userId && !mayLook) throw new AppError('NO_ACCESS_RIGHTS');
    const u = userId === actor.userId ? await this.findAny(userId) : await this.find(actor, userId);
    return this.describeAuthData(u);
  }

  /** A user's customers and parks with their names. */
  async describeAuthData(u: User, m: EntityManager = this.ds.manager): Promise<AuthDataView> {
    const admin = u.roles.some(isAdminRole);
    const customers = u.customerIds.length ? await m.find(Customer, { where: { id: In(u.customerIds) } }) : [];
    const parks = u.parkIds.length ? await m.find(ParkRef, { where: { parkId: In(u.parkIds) } }) : [];
    return {
      userId: u.id,
      // Administrators see everything; an empty park list means "every park of the user's customers".
      allCustomers: admin,
      allParks: admin || u.parkIds.length === 0,
      customerIds: u.customerIds,
      customers: customers.map((c) => ({ customerId: c.id, customerName: c.name })),
      parkIds: u.parkIds,
      parks: parks.map((p) => ({ windFarmId: p.parkId, windFarmName: p.name, customerId: p.customerId })),
    };
  }

  async rights(actor: AuthUser, id: string): Promise<UserRightsView> {
    return rightsView(await this.find(actor, id));
  }

  /** Any user by id (USER_NOT_FOUND otherwise), optionally locked for a write. */
  async findAny(id: string, m: EntityManager = this.ds.manager, lock = false): Promise<User> {
    const u = isUuid(id)
      ? await m.findOne(User, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) })
      : null;
    if (!u) throw new AppError('USER_NOT_FOUND');
    return u;
  }

  /** A user the caller may see; out-of-scope users look the same as missing ones. */
  async find(actor: AuthUser, id: string, m: EntityManager = this.ds.manager, lock = false): Promise<User> {
    const u = await this.findAny(id, m, lock);
    if (actor.customerIds !== null && !u.customerIds.some((c) => actor.customerIds!.includes(c))) throw new AppError('USER_NOT_FOUND');
    // A customer's account does not see the provider's staff assigned to its customer (docs/roles.md).
    if (actor.customerIds !== null && u.id !== actor.userId && isCustomerAccount(actor.roles) && !isCustomerAccount(u.roles)) {
      throw new AppError('USER_NOT_FOUND');
    }
    return u;
  }

  /** Users as the API answers them (with their organization's name). */
  async present(rows: User[], m: EntityManager = this.ds.manager): Promise<UserView[]> {
    const orgIds = [...new Set(rows.map((r) => r.organizationId).filter((x): x is string => !!x))];
    const orgs = orgIds.length ? await m.find(Organization, { where: { id: In(orgIds) } }) : [];
    const orgName = new Map(orgs.map((o) => [o.id, o.name]));
    return rows.map((u) => ({
      ...userPayload(u),
      id: u.id,
      organizationName: u.organizationId ? (orgName.get(u.organizationId) ?? null) : null,
      validUntil: u.validUntil,
      customRights: u.rightsGranted !== null,
      createdAt: u.createdAt,
    }));
  }
}
