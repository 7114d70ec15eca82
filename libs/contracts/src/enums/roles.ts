import type { Labels } from './locale.js';

/** Role ids (SPEC §6). Several roles have a current and a legacy id. */
export const RoleId = {
  SA: 100,
  SA_LEGACY: 0,
  DA: 92,
  DA_LEGACY: 1,
  DR: 91,
  CA: 90,
  CA_LEGACY: 3,
  CW: 89,
  CR: 88,
  REPAIR_TECHNICIAN: 87,
  PILOT: 2,
  LABELER: 4,
  ENGINEER: 5,
  REPORT_REVIEWER: 6,
} as const;
export type RoleId = (typeof RoleId)[keyof typeof RoleId];

export const ROLE_IDS: readonly RoleId[] = Object.values(RoleId);

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === 'number' && (ROLE_IDS as readonly number[]).includes(value);
}

export const ADMIN_ROLE_IDS: readonly RoleId[] = [RoleId.SA, RoleId.SA_LEGACY, RoleId.DA, RoleId.DA_LEGACY];

/** Roles 100, 0, 92 and 1 count as administrator level (SPEC §6). */
export function isAdminRole(roleId: number | null | undefined): boolean {
  return typeof roleId === 'number' && (ADMIN_ROLE_IDS as readonly number[]).includes(roleId);
}

/** Role 4 identifies a labeler (SPEC §6). */
export function isLabelerRole(roleId: number | null | undefined): boolean {
  return roleId === RoleId.LABELER;
}

/** Legacy ids name the same role as their current id. */
export function canonicalRoleId(roleId: RoleId): RoleId {
  switch (roleId) {
    case RoleId.SA_LEGACY:
      return RoleId.SA;
    case RoleId.DA_LEGACY:
      return RoleId.DA;
    case RoleId.CA_LEGACY:
      return RoleId.CA;
    default:
      return roleId;
  }
}

export const ROLE_LABELS = {
  en_us: {
    100: 'Super admin',
    0: 'Super admin',
    92: 'Data admin',
    1: 'Data admin',
    91: 'Data reviewer',
    90: 'Customer admin',
    3: 'Customer admin',
    89: 'Customer writer',
    88: 'Customer reader',
    87: 'Repair technician',
    2: 'Pilot',
    4: 'Labeler',
    5: 'Engineer',
    6: 'Report reviewer',
  },
  zh_cn: {
    100: '超级管理员',
    0: '超级管理员',
    92: '数据管理员',
    1: '数据管理员',
    91: '数据审核员',
    90: '客户管理员',
    3: '客户管理员',
    89: '客户编辑',
    88: '客户只读用户',
    87: '维修技术员',
    2: '飞手',
    4: '标注员',
    5: '工程师',
    6: '报告审核员',
  },
} as const satisfies Labels<RoleId>;

/** The roles of a customer's own accounts: customer admin, writer and reader (SPEC §6). */
export const CUSTOMER_ROLE_IDS: readonly RoleId[] = [RoleId.CA, RoleId.CA_LEGACY, RoleId.CW, RoleId.CR];

/**
 * The roles a user holding `actorRoles` may give to an account (on create or update, its own
 * included): administrators any role; a customer admin only the customer roles (CA, CW, CR,
 * for its own customers — the data scope is checked by identity); anyone else none.
 */
export function grantableRoles(actorRoles: readonly number[]): RoleId[] {
  if (actorRoles.some(isAdminRole)) return [...ROLE_IDS];
  if (actorRoles.some((r) => r === RoleId.CA || r === RoleId.CA_LEGACY)) return [...CUSTOMER_ROLE_IDS];
  return [];
}

/** True when a user holding `actorRoles` may give `roleId` to an account. */
export function canGrantRole(actorRoles: readonly number[], roleId: number): boolean {
  return (grantableRoles(actorRoles) as readonly number[]).includes(roleId);
}
