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
