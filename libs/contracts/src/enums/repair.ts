import { addMonthsUtc } from '../constants.js';
import type { Labels } from './locale.js';

/** Repair status of a defect in a repair campaign (SPEC §3). */
export const RepairStatus = {
  NOT_STARTED: 1,
  ON_GOING: 2,
  COMPLETED: 3,
  FAILED: 4,
  WONT_FIXED: 5,
  FIXED: 6,
} as const;
export type RepairStatus = (typeof RepairStatus)[keyof typeof RepairStatus];

export const REPAIR_STATUS_LABELS = {
  en_us: { 1: 'Not started', 2: 'Ongoing', 3: 'Completed', 4: 'Failed', 5: "Won't fix", 6: 'Fixed' },
  zh_cn: { 1: '未开始', 2: '进行中', 3: '已完成', 4: '失败', 5: '不修复', 6: '已修复' },
} as const satisfies Labels<RepairStatus>;

/** QA result of a repair (SPEC §3). */
export const QaStatus = { PASS: 1, PASS_WITH_ISSUE: 2, FAIL: 3 } as const;
export type QaStatus = (typeof QaStatus)[keyof typeof QaStatus];

export const QA_STATUS_LABELS = {
  en_us: { 1: 'Pass', 2: 'Pass with issue', 3: 'Fail' },
  zh_cn: { 1: '通过', 2: '有条件通过', 3: '不通过' },
} as const satisfies Labels<QaStatus>;

/** Repair campaign status (also the status of a turbine inside a repair campaign). */
export const RepairCampaignStatus = { NOT_STARTED: 0, ONGOING: 1, COMPLETED: 2 } as const;
export type RepairCampaignStatus = (typeof RepairCampaignStatus)[keyof typeof RepairCampaignStatus];

export const REPAIR_CAMPAIGN_STATUS_LABELS = {
  en_us: { 0: 'Not started', 1: 'Ongoing', 2: 'Completed' },
  zh_cn: { 0: '未开始', 1: '进行中', 2: '已完成' },
} as const satisfies Labels<RepairCampaignStatus>;

/**
 * Repair progress transitions (SPEC §4 "Repair").
 * - Never back to not started from ongoing or completed.
 * - Not started → ongoing/completed is refused as a *manual* change: the system
 *   starts a repair when the first repair work is recorded (`bySystem`).
 *   Interpretation: the spec only says "cannot go … straight", so the system path stays open.
 * - ongoing ↔ completed are allowed (a completed turbine may be reopened unless its
 *   campaign is completed – that check needs the campaign and lives in the repair service).
 */
export function canChangeRepairProgress(
  from: RepairCampaignStatus,
  to: RepairCampaignStatus,
  options: { bySystem?: boolean } = {},
): boolean {
  if (from === to) return true;
  if (to === RepairCampaignStatus.NOT_STARTED) return false;
  if (from === RepairCampaignStatus.NOT_STARTED) return options.bySystem === true;
  return true;
}

/** Repair priorities 1..4 with the number of months until the repair is due (SPEC §9). */
export const RepairPriority = {
  IMMEDIATELY: 1,
  WITHIN_1_MONTH: 2,
  WITHIN_3_MONTHS: 3,
  WITHIN_6_MONTHS: 4,
} as const;
export type RepairPriority = (typeof RepairPriority)[keyof typeof RepairPriority];

export const REPAIR_PRIORITY_MONTHS: Readonly<Record<RepairPriority, number>> = { 1: 0, 2: 1, 3: 3, 4: 6 };

export const REPAIR_PRIORITY_LABELS = {
  en_us: { 1: 'Immediately', 2: 'Within 1 month', 3: 'Within 3 months', 4: 'Within 6 months' },
  zh_cn: { 1: '立即', 2: '1个月内', 3: '3个月内', 4: '6个月内' },
} as const satisfies Labels<RepairPriority>;

/** Due date of a repair: `from` plus the priority's months (UTC, clamped to month end). */
export function repairDueDate(from: Date, priority: RepairPriority): Date {
  return addMonthsUtc(from, REPAIR_PRIORITY_MONTHS[priority]);
}
