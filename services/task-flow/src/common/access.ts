import { AppError, Rights, isUuid } from '@windward/contracts';
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

/** Out-of-scope tasks answer the same 404 as unknown ones, so scope cannot be probed. */
export function assertVisible(user: AuthUser, task: { customer_id: string | null; wind_farm_id: string }): void {
  if (!canSeeCustomer(user, task.customer_id) || !canSeePark(user, task.wind_farm_id)) throw new AppError('NOT_FOUND');
}

/** SQL conditions limiting task rows (alias t) to the caller's data scope. */
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
  return w;
}
