import { AppError, Rights, isAdminRole, isUuid } from '@windward/contracts';
import { canSeeCustomer, canSeePark, type AuthUser } from '@windward/service-kit';

/** Who may read tasks (task pool, my tasks, history, logs, stage center). */
export const READ_RIGHTS = [Rights.QA_SHOW, Rights.DATA_MANAGEMENT_SHOW, Rights.TAB_INSPECTION_TASK] as const;
/** Who may also watch the dashboard summary. */
export const DASHBOARD_RIGHTS = [...READ_RIGHTS, Rights.PROGRESS_DASHBOARD_SHOW] as const;
/** Labelers and reviewers: pick, release, complete, QA, request re-inspection. */
export const WORK_RIGHTS = [Rights.QA_EDIT] as const;
/** Administrators of the flow: assign, retry, terminate, time limits. */
export const ADMIN_RIGHTS = [Rights.DATA_MANAGEMENT_EDIT] as const;

export const isFlowAdmin = (u: AuthUser) => u.rights.includes(Rights.DATA_MANAGEMENT_EDIT);

/**
 * Out-of-scope tasks answer the same 404 as unknown ones, so scope cannot be probed. The handler
 * of a task always sees it, whatever their scope (docs/roles.md).
 */
export function assertVisible(user: AuthUser, task: { customer_id: string | null; wind_farm_id: string; handler_id?: string | null }): void {
  if (task.handler_id && task.handler_id === user.userId) return;
  if (!canSeeCustomer(user, task.customer_id) || !canSeePark(user, task.wind_farm_id)) throw new AppError('NOT_FOUND');
}

/**
 * SQL condition limiting task rows (alias t) to the caller's data scope, plus the tasks the
 * caller handles (one element, or none for unrestricted callers).
 */
export function scopeConditions(user: AuthUser, params: unknown[], alias = 't'): string[] {
  const w: string[] = [];
  if (user.customerIds !== null) {
    params.push(user.customerIds.filter(isUuid));
    w.push(`${alias}.customer_id = ANY($${params.length}::uuid[])`);
  }
  if (user.parkIds !== null) {
    params.push(user.parkIds.filter(isUuid));
    w.push(`${alias}.wind_farm_id = ANY($${params.length}::uuid[])`);
  }
  if (!w.length) return w;
  if (!isUuid(user.userId)) return [`(${w.join(' AND ')})`];
  params.push(user.userId);
  return [`((${w.join(' AND ')}) OR ${alias}.handler_id = $${params.length}::uuid)`];
}

/** A user as task-flow knows them from identity's events. */
export interface HandlerScope {
  roles: number[];
  customer_ids: string[] | null;
  park_ids: string[] | null;
}

/**
 * Whether a user may handle a task: administrators handle everything; everyone else works on the
 * customers (and, when set, parks) they are assigned to. Unknown scope (NULL, users announced
 * before scopes were kept) is not checked.
 */
export function eligibleHandler(u: HandlerScope, task: { customer_id: string | null; wind_farm_id: string }): boolean {
  if (u.roles.some(isAdminRole) || u.customer_ids === null) return true;
  if (!task.customer_id || !u.customer_ids.includes(task.customer_id)) return false;
  return !u.park_ids?.length || u.park_ids.includes(task.wind_farm_id);
}
