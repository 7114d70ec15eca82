import { AppError, Rights, isUuid } from '@windward/contracts';
import { canSeeCustomer, canSeePark, type AuthUser } from '@windward/service-kit';
import type { Row } from './sql.js';

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
export function assertVisible(user: AuthUser, task: Row): void {
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

export function bad(field: string, value?: unknown): never {
  throw new AppError('VALIDATION_FAILED', { details: [{ field, ...(value !== undefined ? { value } : {}) }] });
}

/** Integers from a comma list or repeated query value; anything else is refused. */
export function intList(field: string, v: unknown): number[] {
  if (v === undefined || v === null || v === '') return [];
  const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((x) => x.trim()).filter(Boolean);
  return parts.map((x) => {
    const n = Number(x);
    if (!Number.isInteger(n)) bad(field, x);
    return n;
  });
}

export function uuidList(field: string, v: unknown): string[] {
  if (v === undefined || v === null || v === '') return [];
  const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((x) => x.trim()).filter(Boolean);
  for (const p of parts) if (!isUuid(p)) bad(field, p);
  return parts;
}

export function dateParam(field: string, v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  const d = new Date(String(v));
  if (Number.isNaN(d.getTime())) bad(field, v);
  return d.toISOString();
}
