import type { Labels } from './locale.js';

/** Project types (SPEC §3, §4). */
export const ProjectType = {
  PROOF_OF_CONCEPT: 1,
  DELIVERY_IAAS: 2,
  DELIVERY_DAAS: 3,
  IMPORT: 4,
  MANUAL: 5,
} as const;
export type ProjectType = (typeof ProjectType)[keyof typeof ProjectType];

export const PROJECT_TYPE_LABELS = {
  en_us: { 1: 'POC', 2: 'IaaS delivery', 3: 'DaaS delivery', 4: 'Import', 5: 'Manual' },
  zh_cn: { 1: '概念验证', 2: 'IaaS交付', 3: 'DaaS交付', 4: '导入', 5: '手动' },
} as const satisfies Labels<ProjectType>;

/** Project status as the web client names it. */
export const ProjectStatus = {
  NOT_STARTED: 'NOT_STARTED',
  IN_PROGRESS: 'IN_PROGRESS',
  FINISHED: 'FINISHED',
} as const;
export type ProjectStatus = (typeof ProjectStatus)[keyof typeof ProjectStatus];

/** Project status on the wire (protocol numbers). */
export const ProjectStatusCode = { PENDING: 1, PROCESSING: 2, COMPLETED: 3 } as const;
export type ProjectStatusCode = (typeof ProjectStatusCode)[keyof typeof ProjectStatusCode];

const CODE_OF_STATUS: Readonly<Record<ProjectStatus, ProjectStatusCode>> = {
  NOT_STARTED: 1,
  IN_PROGRESS: 2,
  FINISHED: 3,
};
const STATUS_OF_CODE: Readonly<Record<ProjectStatusCode, ProjectStatus>> = {
  1: 'NOT_STARTED',
  2: 'IN_PROGRESS',
  3: 'FINISHED',
};

export function projectStatusToCode(status: ProjectStatus): ProjectStatusCode {
  return CODE_OF_STATUS[status];
}
export function projectStatusFromCode(code: ProjectStatusCode): ProjectStatus {
  return STATUS_OF_CODE[code];
}

export const PROJECT_STATUS_LABELS = {
  en_us: { 1: 'Pending', 2: 'Processing', 3: 'Completed' },
  zh_cn: { 1: '待开始', 2: '进行中', 3: '已完成' },
} as const satisfies Labels<ProjectStatusCode>;

/** "Once completed a project cannot go back to in progress" (SPEC §4); nothing returns to pending once started. */
export function canChangeProjectStatus(from: ProjectStatusCode, to: ProjectStatusCode): boolean {
  if (from === to) return true;
  if (from === ProjectStatusCode.COMPLETED) return false;
  if (to === ProjectStatusCode.PENDING) return false;
  return true;
}

/** Groups of project sub-types. */
export const ProjectSubTypeGroup = { EXTERNAL: 'external', INTERNAL: 'internal', LPS: 'lps' } as const;
export type ProjectSubTypeGroup = (typeof ProjectSubTypeGroup)[keyof typeof ProjectSubTypeGroup];

/**
 * Project sub-types (SPEC §3): ids 1-4 external, 11-14 internal, 21-23 LPS.
 * The spec gives no names for the individual sub-types, so they are numbered in group order.
 */
export const ProjectSubType = {
  EXTERNAL_1: 1,
  EXTERNAL_2: 2,
  EXTERNAL_3: 3,
  EXTERNAL_4: 4,
  INTERNAL_1: 11,
  INTERNAL_2: 12,
  INTERNAL_3: 13,
  INTERNAL_4: 14,
  LPS_1: 21,
  LPS_2: 22,
  LPS_3: 23,
} as const;
export type ProjectSubType = (typeof ProjectSubType)[keyof typeof ProjectSubType];

export const PROJECT_SUB_TYPES: readonly ProjectSubType[] = Object.values(ProjectSubType);

export function isProjectSubType(value: unknown): value is ProjectSubType {
  return typeof value === 'number' && (PROJECT_SUB_TYPES as readonly number[]).includes(value);
}

/** Mapping sub-type → project type exactly as SPEC §3 lists it. */
export const PROJECT_TYPE_OF_SUB_TYPE: Readonly<Record<ProjectSubType, ProjectType>> = {
  1: 1,
  2: 1,
  3: 5,
  4: 4,
  11: 5,
  12: 4,
  13: 5,
  14: 4,
  21: 4,
  22: 4,
  23: 4,
};

export function projectTypeOfSubType(subType: ProjectSubType): ProjectType {
  return PROJECT_TYPE_OF_SUB_TYPE[subType];
}

export function projectSubTypeGroup(subType: ProjectSubType): ProjectSubTypeGroup {
  if (subType < 10) return ProjectSubTypeGroup.EXTERNAL;
  if (subType < 20) return ProjectSubTypeGroup.INTERNAL;
  return ProjectSubTypeGroup.LPS;
}

export function projectSubTypesOfGroup(group: ProjectSubTypeGroup): ProjectSubType[] {
  return PROJECT_SUB_TYPES.filter((s) => projectSubTypeGroup(s) === group);
}

export const PROJECT_SUB_TYPE_GROUP_LABELS = {
  en_us: { external: 'External', internal: 'Internal', lps: 'LPS' },
  zh_cn: { external: '外部', internal: '内部', lps: '防雷系统' },
} as const satisfies Labels<ProjectSubTypeGroup>;

/** Service types (SPEC §3). */
export const ServiceType = { POC: 1, IAAS: 2, DAAS_RAAS: 3 } as const;
export type ServiceType = (typeof ServiceType)[keyof typeof ServiceType];

export const SERVICE_TYPE_LABELS = {
  en_us: { 1: 'POC', 2: 'IaaS', 3: 'DaaS/RaaS' },
  zh_cn: { 1: '概念验证', 2: 'IaaS', 3: 'DaaS/RaaS' },
} as const satisfies Labels<ServiceType>;

/** Campaign types (SPEC §3). */
export const CampaignType = {
  BLADE_EXTERNAL: 1,
  BLADE_INTERNAL: 2,
  NACELLE: 3,
  TOWER: 4,
  FOUNDATION: 5,
  REPAIR: 6,
  INVESTIGATION: 7,
} as const;
export type CampaignType = (typeof CampaignType)[keyof typeof CampaignType];

export const CAMPAIGN_TYPE_LABELS = {
  en_us: {
    1: 'Blade external',
    2: 'Blade internal',
    3: 'Nacelle',
    4: 'Tower',
    5: 'Foundation',
    6: 'Repair campaign',
    7: 'Investigation campaign',
  },
  zh_cn: { 1: '叶片外部', 2: '叶片内部', 3: '机舱', 4: '塔筒', 5: '基础', 6: '维修活动', 7: '调查活动' },
} as const satisfies Labels<CampaignType>;

/** Inspection campaign activity (SPEC §4 "Other"): inactive never returns to active. */
export const InspectionCampaignState = { ACTIVE: 'ACTIVE', INACTIVE: 'INACTIVE' } as const;
export type InspectionCampaignState = (typeof InspectionCampaignState)[keyof typeof InspectionCampaignState];

export function canChangeInspectionCampaignState(from: InspectionCampaignState, to: InspectionCampaignState): boolean {
  return from === to || from === InspectionCampaignState.ACTIVE;
}

/** Daily progress report (DPR) submission: approved ones are frozen (SPEC §4). */
export const DprStatus = { SUBMITTED: 'SUBMITTED', APPROVED: 'APPROVED', REJECTED: 'REJECTED' } as const;
export type DprStatus = (typeof DprStatus)[keyof typeof DprStatus];

export const DPR_STATUS_LABELS = {
  en_us: { SUBMITTED: 'Submitted', APPROVED: 'Approved', REJECTED: 'Rejected' },
  zh_cn: { SUBMITTED: '已提交', APPROVED: '已批准', REJECTED: '已驳回' },
} as const satisfies Labels<DprStatus>;

export function canEditDpr(status: DprStatus): boolean {
  return status !== DprStatus.APPROVED;
}
