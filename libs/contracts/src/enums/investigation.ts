import type { Labels } from './locale.js';

/** Investigation status (SPEC §3, §4). */
export const InvestigationStatus = {
  TO_BE_INVESTIGATED: 1,
  UNDER_INVESTIGATION: 2,
  INVESTIGATED: 3,
} as const;
export type InvestigationStatus = (typeof InvestigationStatus)[keyof typeof InvestigationStatus];

export const INVESTIGATION_STATUS_LABELS = {
  en_us: { 1: 'To be investigated', 2: 'Under investigation', 3: 'Investigated' },
  zh_cn: { 1: '待调查', 2: '调查中', 3: '已调查' },
} as const satisfies Labels<InvestigationStatus>;

/** A completed investigation campaign cannot return to ongoing (SPEC §4). */
export function canChangeInvestigationStatus(from: InvestigationStatus, to: InvestigationStatus): boolean {
  return from === to || from !== InvestigationStatus.INVESTIGATED;
}

/**
 * The outcome an engineer records for a defect of an investigation campaign (the spec names none;
 * docs/delivery.md): 1 confirmed, 2 not confirmed (no defect found on site), 3 inconclusive.
 * No result yet = null.
 */
export const InvestigationResult = {
  CONFIRMED: 1,
  NOT_CONFIRMED: 2,
  INCONCLUSIVE: 3,
} as const;
export type InvestigationResult = (typeof InvestigationResult)[keyof typeof InvestigationResult];

export const INVESTIGATION_RESULT_LABELS = {
  en_us: { 1: 'Confirmed', 2: 'Not confirmed', 3: 'Inconclusive' },
  zh_cn: { 1: '已确认', 2: '未确认', 3: '无法判定' },
} as const satisfies Labels<InvestigationResult>;

/** Statuses an investigation campaign may move to from `from` (the header's buttons). */
export function nextInvestigationStatuses(from: InvestigationStatus): InvestigationStatus[] {
  return ([1, 2, 3] as InvestigationStatus[]).filter((to) => to !== from && canChangeInvestigationStatus(from, to));
}

/** Usage-log operation types (SPEC §3). */
export const LogOperationType = { VIEW: 'VIEW', CREATE: 'CREATE' } as const;
export type LogOperationType = (typeof LogOperationType)[keyof typeof LogOperationType];

/** Usage-log target types (SPEC §3). */
export const LogTargetType = {
  PATH: 'PATH',
  INVESTIGATION: 'INVESTIGATION',
  DPR: 'DPR',
  DEFECT: 'DEFECT',
} as const;
export type LogTargetType = (typeof LogTargetType)[keyof typeof LogTargetType];
