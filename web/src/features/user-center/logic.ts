import dayjs, { type Dayjs } from 'dayjs';
// The locales DAYJS_LOCALE names, whichever language's chunk (core/i18n) is loaded.
import 'dayjs/locale/en';
import 'dayjs/locale/zh-cn';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { SorterResult } from 'antd/es/table/interface';
import { isApiError, type ApiError } from '@/core/api/baseQuery';
import {
  ALL_RIGHTS,
  RIGHT_LABELS,
  ROLE_IDS,
  ROLE_LABELS,
  Rights,
  canGrantRole,
  canonicalRoleId,
  checkPassword,
  checkPasswordChange,
  checkUsername,
  errorText,
  hasRight,
  isAdminRole,
  lookupMessage,
  type Locale,
  type Right,
  type RightEntry,
  type ValidationResult,
} from './contracts';
import { FLOW_FEATURE_STAGES, OPTIONAL_FLOW_FEATURES, SEVERITY_LEVELS, SHOW_EDIT_AREAS } from './contracts';
import type { ComponentConfigDto, Customer, FlowConfigDto, PermittedPark, SaveCustomerDto, SeverityNameDto } from './userCenterApi';

dayjs.extend(localizedFormat);

// ------------------------------------------------------------------ rules

/** The catalogue text of a failed rule in the interface language, or null when it passed. */
export function ruleText(result: ValidationResult, locale: Locale): string | null {
  return result.ok ? null : errorText(result.code, locale, result.params);
}

export function usernameError(username: string, locale: Locale): string | null {
  return ruleText(checkUsername(username ?? ''), locale);
}

export function passwordError(password: string, locale: Locale): string | null {
  return ruleText(checkPassword(password ?? ''), locale);
}

export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type ChangePasswordField = keyof ChangePasswordValues;

/**
 * SPEC §5 through contracts' `checkPasswordChange`, pinned to the field the failure belongs to:
 * a missing old one, the rule on the new one, the confirmation, the same-as-old case.
 */
export function changePasswordFailure(values: ChangePasswordValues): { field: ChangePasswordField; result: ValidationResult } | null {
  const result = checkPasswordChange(values.oldPassword ?? '', values.newPassword ?? '', values.confirmPassword ?? '');
  if (result.ok) return null;
  switch (result.code) {
    case 'INVALID_OLD_PASSWORD':
      return { field: 'oldPassword', result: { ok: false, code: 'REQUIRED' } };
    case 'PASSWORDS_DO_NOT_MATCH':
      return { field: 'confirmPassword', result };
    default:
      return { field: 'newPassword', result };
  }
}

/** Server refusals of the password change pinned to a field (the rest are shown above the form). */
export function serverPasswordField(body: unknown): ChangePasswordField | null {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  switch (code) {
    case 'INVALID_OLD_PASSWORD':
      return 'oldPassword';
    case 'PASSWORD_RULE':
    case 'SAME_NEW_PASSWORD':
    case 'INVALID_NEW_PASSWORD':
      return 'newPassword';
    case 'PASSWORDS_DO_NOT_MATCH':
      return 'confirmPassword';
    default:
      return null;
  }
}

/** A server error in the interface language (re-translated when the language changes). */
export function errorMessage(error: unknown, locale: Locale, path?: string): string {
  if (isApiError(error)) {
    const e = error as ApiError;
    if (e.status === 'NETWORK' || e.status === 'TIMEOUT' || e.status === 403 || e.status === 408) return e.message;
    if (e.data !== undefined && e.data !== null) return lookupMessage(e.data, locale, path);
    return e.message;
  }
  return lookupMessage(error, locale, path);
}

/** The error code of a server refusal (`{code}` body), if any. */
export function errorCode(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const data = error.data;
  return data && typeof data === 'object' && typeof (data as { code?: unknown }).code === 'string' ? (data as { code: string }).code : undefined;
}

// ------------------------------------------------------------------ roles and rights

/** Current role ids (legacy 0, 1, 3 name the same roles as 100, 92, 90), labels in the locale. */
export function roleOptions(locale: Locale): { value: number; label: string }[] {
  return ROLE_IDS.filter((r) => canonicalRoleId(r) === r).map((r) => ({ value: r, label: ROLE_LABELS[locale][r] }));
}

/**
 * The role choices of the user form: the roles the signed-in user may grant (the server refuses
 * the others), plus the ones the edited user already holds, shown but disabled.
 */
export function grantableRoleOptions(locale: Locale, ownRoles: readonly number[], held: readonly number[] = []) {
  return roleOptions(locale)
    .filter((o) => canGrantRole(ownRoles, o.value) || held.includes(o.value))
    .map((o) => (canGrantRole(ownRoles, o.value) ? o : { ...o, disabled: true }));
}

export function roleLabel(roleId: number, locale: Locale): string {
  return (ROLE_LABELS[locale] as Record<number, string>)[roleId] ?? String(roleId);
}

export function rightLabel(right: string, locale: Locale): string {
  return (RIGHT_LABELS[locale] as Record<string, string>)[right] ?? right;
}

/** The areas of SPEC §6 "Show and edit pairs" (contracts). */
export const PAIR_AREAS = SHOW_EDIT_AREAS;
export type PairArea = (typeof PAIR_AREAS)[number];

export type RightGroup = 'menu' | 'pairs' | 'other';

export interface RightsTreeNode {
  key: string;
  title: string;
  right?: Right;
  children?: RightsTreeNode[];
}

const areaOf = (right: string): string => right.slice(0, right.indexOf('.'));

/** Which of the three groups of SPEC §6 a right belongs to. */
export function rightGroup(right: string): RightGroup {
  if (right.startsWith('menu.')) return 'menu';
  if ((PAIR_AREAS as readonly string[]).includes(areaOf(right))) return 'pairs';
  return 'other';
}

/**
 * The checkbox tree of the rights editor: menu rights, show/edit pairs (one node per area),
 * other rights; leaves keyed by the right, in catalogue order, labels from contracts.
 */
export function buildRightsTree(locale: Locale, titles: { group: (g: RightGroup) => string; area: (a: PairArea) => string }): RightsTreeNode[] {
  const leaf = (right: Right): RightsTreeNode => ({ key: right, title: rightLabel(right, locale), right });
  const menu = ALL_RIGHTS.filter((r) => rightGroup(r) === 'menu').map(leaf);
  const pairs = PAIR_AREAS.map((area) => ({
    key: `area:${area}`,
    title: titles.area(area),
    children: ALL_RIGHTS.filter((r) => areaOf(r) === area).map(leaf),
  }));
  const other = ALL_RIGHTS.filter((r) => rightGroup(r) === 'other').map(leaf);
  return [
    { key: 'group:menu', title: titles.group('menu'), children: menu },
    { key: 'group:pairs', title: titles.group('pairs'), children: pairs },
    { key: 'group:other', title: titles.group('other'), children: other },
  ];
}

/** Checked tree keys → the rights to send, in catalogue order (group and area keys dropped). */
export function rightsFromChecked(keys: readonly string[]): Right[] {
  const set = new Set(keys);
  return ALL_RIGHTS.filter((r) => set.has(r));
}

/** Administrators hold every right; their rights cannot be cut. */
export function isAdminUser(roles: readonly number[]): boolean {
  return roles.some((r) => isAdminRole(r));
}

/** What the signed-in user sees and may change in the user centre (the server enforces the same). */
export function userCenterGrants(denied: readonly RightEntry[] | null | undefined, ownRoles: readonly number[] = []) {
  return {
    users: { show: hasRight(denied, Rights.USER_LIST_SHOW), edit: hasRight(denied, Rights.USER_LIST_EDIT) },
    customers: { show: hasRight(denied, Rights.CUSTOMER_LIST_SHOW), edit: hasRight(denied, Rights.CUSTOMER_LIST_EDIT) },
    organizations: { show: hasRight(denied, Rights.ORGANIZATION_LIST_SHOW), edit: hasRight(denied, Rights.ORGANIZATION_LIST_EDIT) },
    /** The platform licence: one right views and installs it (SPEC §6 "licence"). */
    licence: hasRight(denied, Rights.LICENCE),
    /** Per-user rights: `userList.edit` and an administrator role. */
    editRights: hasRight(denied, Rights.USER_LIST_EDIT) && isAdminUser(ownRoles),
  };
}

// ------------------------------------------------------------------ tables

export interface SortState<F extends string> {
  fieldToSort?: F;
  descending?: boolean;
}

/** antd's sorter → the server's sort (only the fields the server accepts; none = its default). */
export function sortFromTable<T, F extends string>(sorter: SorterResult<T> | SorterResult<T>[], allowed: readonly F[]): SortState<F> {
  const s = Array.isArray(sorter) ? sorter[0] : sorter;
  const field = String(s?.columnKey ?? s?.field ?? '');
  if (!s?.order || !(allowed as readonly string[]).includes(field)) return {};
  return { fieldToSort: field as F, descending: s.order === 'descend' };
}

export function sortOrderOf<F extends string>(field: F, state: SortState<F>): 'ascend' | 'descend' | null {
  if (state.fieldToSort !== field) return null;
  return state.descending ? 'descend' : 'ascend';
}

// ------------------------------------------------------------------ data permission and dates

/** Parks of the chosen customers (none while no customer is chosen). */
export function parksForCustomers(parks: readonly PermittedPark[], customerIds: readonly string[]): PermittedPark[] {
  if (!customerIds.length) return [];
  const set = new Set(customerIds);
  return parks.filter((p) => set.has(p.customerId));
}

/** Chosen parks that still belong to the chosen customers (dropped when a customer is removed). */
export function keepParksOfCustomers(parkIds: readonly string[], parks: readonly PermittedPark[], customerIds: readonly string[]): string[] {
  const allowed = new Set(parksForCustomers(parks, customerIds).map((p) => p.windFarmId));
  const known = new Set(parks.map((p) => p.windFarmId));
  // Parks unknown to the list (out of the caller's sight) are kept: the server decides.
  return parkIds.filter((id) => allowed.has(id) || !known.has(id));
}

const DAYJS_LOCALE: Record<Locale, string> = { en_us: 'en', zh_cn: 'zh-cn' };

/** A date in the locale's long format ("Jan 5, 2026" / "2026年1月5日"); empty → "–". */
export function formatDate(value: string | null | undefined, locale: Locale): string {
  if (!value) return '–';
  const d = dayjs(value);
  return d.isValid() ? d.locale(DAYJS_LOCALE[locale]).format('ll') : '–';
}

/** A picked validity date → end of that day as an ISO instant (the account works through that day). */
export function validUntilFromPicker(value: Dayjs | null | undefined): string | null {
  return value ? value.endOf('day').toISOString() : null;
}

/** A picked customer valid date → YYYY-MM-DD. */
export function dateOnly(value: Dayjs | null | undefined): string | null {
  return value ? value.format('YYYY-MM-DD') : null;
}

export function toDayjs(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
}

/** Empty text → null (optional fields). */
export function blankToNull(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  return v === '' ? null : v;
}

// ------------------------------------------------------------------ customers


/** The whole customer as a save body (PUT replaces every field), keeping the loaded version. */
export function customerToBody(c: Customer): SaveCustomerDto {
  return {
    customerName: c.customerName,
    customerTypeId: c.customerTypeId,
    maxFlightTimes: c.maxFlightTimes,
    maxTurbines: c.maxTurbines,
    validDate: c.validDate,
    organizationId: c.organizationId,
    customerAddress: c.customerAddress,
    contactor: c.contactor,
    post: c.post,
    phone: c.phone,
    componentConfigs: c.componentConfigs,
    flowConfigs: c.flowConfigs,
    version: c.version,
  };
}

/**
 * Component configs edited in the form, merged over what was stored for the same component type
 * (report and defect templates are kept: the form does not edit them).
 */
export function mergeComponentConfigs(
  edited: readonly { componentType: number; permission?: boolean; inspectionDataConfigId?: string | null }[],
  stored: readonly ComponentConfigDto[] = [],
): ComponentConfigDto[] {
  return edited.map((e) => {
    const before = stored.find((s) => s.componentType === e.componentType);
    return { ...(before ?? {}), componentType: e.componentType, permission: e.permission ?? true, inspectionDataConfigId: e.inspectionDataConfigId ?? null };
  });
}

/** Flow configs: stored task stages are kept except those of features switched off (the server refuses them). */
export function mergeFlowConfigs(edited: readonly { componentType: number; features?: string[] }[], stored: readonly FlowConfigDto[] = []): FlowConfigDto[] {
  return edited.map((e) => {
    const features = OPTIONAL_FLOW_FEATURES.filter((f) => (e.features ?? []).includes(f));
    const off = new Set<number>(OPTIONAL_FLOW_FEATURES.filter((f) => !features.includes(f)).flatMap((f) => [...FLOW_FEATURE_STAGES[f]]));
    const before = stored.find((s) => s.componentType === e.componentType);
    return { componentType: e.componentType, features, taskStages: (before?.taskStages ?? []).filter((s) => !off.has(s)) };
  });
}

/** Component types used twice in a list of configs (one config per type). */
export function duplicateComponentTypes(configs: readonly { componentType?: number }[]): number[] {
  const seen = new Set<number>();
  const dup = new Set<number>();
  for (const c of configs) {
    if (c?.componentType === undefined) continue;
    if (seen.has(c.componentType)) dup.add(c.componentType);
    seen.add(c.componentType);
  }
  return [...dup];
}

/** Severity names per level 0..5 from the editor's inputs; empty names are left out. */
export function severityMappingFromNames(names: Readonly<Record<number, string | undefined>>): SeverityNameDto[] {
  return SEVERITY_LEVELS.flatMap((level) => {
    const name = (names[level] ?? '').trim();
    return name ? [{ level, name }] : [];
  });
}
