import type { Labels } from './locale.js';

/** Defect report (DPS) status (SPEC §3). */
export const DpsStatus = {
  DELETED: 0,
  APPROVED: 1,
  PENDING: 2,
  PM_REJECTED: 3,
  CUSTOMER_REJECTED: 4,
} as const;
export type DpsStatus = (typeof DpsStatus)[keyof typeof DpsStatus];

export const DPS_STATUS_LABELS = {
  en_us: { 0: 'Deleted', 1: 'Approved', 2: 'Pending', 3: 'Rejected by PM', 4: 'Rejected by customer' },
  zh_cn: { 0: '已删除', 1: '已批准', 2: '待处理', 3: '项目经理驳回', 4: '客户驳回' },
} as const satisfies Labels<DpsStatus>;

/** Lower number sorts first: customer-rejected, pending, PM-rejected, approved, deleted. */
export const DPS_SORT_PRIORITY: Readonly<Record<DpsStatus, number>> = {
  4: 0,
  2: 1,
  3: 2,
  1: 3,
  0: 4,
};

/** Comparator for Array.prototype.sort; unknown statuses go last. */
export function compareDpsStatus(a: number, b: number): number {
  const pa = DPS_SORT_PRIORITY[a as DpsStatus] ?? Number.MAX_SAFE_INTEGER;
  const pb = DPS_SORT_PRIORITY[b as DpsStatus] ?? Number.MAX_SAFE_INTEGER;
  return pa - pb;
}

/**
 * Review flow of a defect report (our reading of SPEC §3): a pending defect is approved,
 * rejected by the PM or deleted; a PM-rejected one is corrected (back to pending) or deleted;
 * an approved one can be rejected by the customer; a customer-rejected one is reworked
 * (pending) or deleted; a deleted one can be restored to pending. Staying put is no transition.
 */
export const DPS_TRANSITIONS: Readonly<Record<DpsStatus, readonly DpsStatus[]>> = {
  2: [1, 3, 0],
  3: [2, 0],
  1: [4],
  4: [2, 0],
  0: [2],
};

export function isDpsStatus(v: unknown): v is DpsStatus {
  return typeof v === 'number' && Object.prototype.hasOwnProperty.call(DPS_SORT_PRIORITY, v);
}

export function canTransitionDps(from: number, to: number): boolean {
  return isDpsStatus(from) && isDpsStatus(to) && DPS_TRANSITIONS[from].includes(to);
}
