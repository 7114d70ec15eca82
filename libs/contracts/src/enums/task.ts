import type { Labels } from './locale.js';

/** Task stages, protocol ids (SPEC §3). */
export const TaskStage = {
  UPLOAD: 1,
  AUTO_PROCESSING: 2,
  SORT_AND_REMOVE: 3,
  LABELING: 4,
  LABELING_QA: 5,
  STITCHING: 6,
  STITCHING_QA: 7,
  TIMELINE: 8,
  TIMELINE_QA: 9,
  PRE_LABEL: 10,
  LABELING_FQA: 11,
  STITCHING_FQA: 12,
} as const;
export type TaskStage = (typeof TaskStage)[keyof typeof TaskStage];

/** Order in which stages run (SPEC §4) – differs from the id order. */
export const TASK_STAGE_ORDER: readonly TaskStage[] = [
  TaskStage.UPLOAD,
  TaskStage.AUTO_PROCESSING,
  TaskStage.SORT_AND_REMOVE,
  TaskStage.PRE_LABEL,
  TaskStage.LABELING,
  TaskStage.LABELING_QA,
  TaskStage.LABELING_FQA,
  TaskStage.STITCHING,
  TaskStage.STITCHING_QA,
  TaskStage.STITCHING_FQA,
  TaskStage.TIMELINE,
  TaskStage.TIMELINE_QA,
];

export const TASK_STAGE_LABELS = {
  en_us: {
    1: 'Upload',
    2: 'Auto processing',
    3: 'Sort and remove',
    4: 'Labeling',
    5: 'Labeling QA',
    6: 'Stitching',
    7: 'Stitching QA',
    8: 'Timeline',
    9: 'Timeline QA',
    10: 'Pre-label',
    11: 'Labeling FQA',
    12: 'Stitching FQA',
  },
  zh_cn: {
    1: '上传',
    2: '自动处理',
    3: '筛选与剔除',
    4: '标注',
    5: '标注质检',
    6: '拼接',
    7: '拼接质检',
    8: '时间线',
    9: '时间线质检',
    10: '预标注',
    11: '标注终检',
    12: '拼接终检',
  },
} as const satisfies Labels<TaskStage>;

/** Optional flow features a customer's flow config may switch on (SPEC §3, §4). */
export const FlowFeature = { STITCHING: 'stitching', TIMELINE: 'timeline', PRELABEL: 'prelabel' } as const;
export type FlowFeature = (typeof FlowFeature)[keyof typeof FlowFeature];

export const OPTIONAL_FLOW_FEATURES: readonly FlowFeature[] = [FlowFeature.STITCHING, FlowFeature.TIMELINE, FlowFeature.PRELABEL];

/** Stages that exist only when the feature is on. QA/FQA of an optional stage go with it. */
export const FLOW_FEATURE_STAGES: Readonly<Record<FlowFeature, readonly TaskStage[]>> = {
  stitching: [TaskStage.STITCHING, TaskStage.STITCHING_QA, TaskStage.STITCHING_FQA],
  timeline: [TaskStage.TIMELINE, TaskStage.TIMELINE_QA],
  prelabel: [TaskStage.PRE_LABEL],
};

export function isFlowFeature(value: unknown): value is FlowFeature {
  return typeof value === 'string' && (OPTIONAL_FLOW_FEATURES as readonly string[]).includes(value);
}

/**
 * Stages of a task in run order for the given enabled features. Unknown feature names
 * are ignored (a config written by a newer client must not break older readers).
 */
export function enabledStages(features: Iterable<string>): TaskStage[] {
  const on = new Set<string>(features);
  const disabled = new Set<TaskStage>();
  for (const f of OPTIONAL_FLOW_FEATURES) {
    if (!on.has(f)) FLOW_FEATURE_STAGES[f].forEach((s) => disabled.add(s));
  }
  return TASK_STAGE_ORDER.filter((s) => !disabled.has(s));
}

/** The stage that follows `current` in the enabled flow, or null after the last one. */
export function nextEnabledStage(current: TaskStage, features: Iterable<string>): TaskStage | null {
  const stages = enabledStages(features);
  const i = stages.indexOf(current);
  if (i < 0) {
    // current is disabled: continue with the first enabled stage after it in the global order
    const pos = TASK_STAGE_ORDER.indexOf(current);
    return stages.find((s) => TASK_STAGE_ORDER.indexOf(s) > pos) ?? null;
  }
  return stages[i + 1] ?? null;
}

/** Task stage status (SPEC §3). */
export const TaskStageStatus = {
  SKIP: 1,
  NOT_READY: 2,
  READY: 3,
  PROCESSING: 4,
  COMPLETED: 5,
  ERROR: 6,
  OVERTIME: 7,
} as const;
export type TaskStageStatus = (typeof TaskStageStatus)[keyof typeof TaskStageStatus];

export const TASK_STAGE_STATUS_LABELS = {
  en_us: {
    1: 'Skip',
    2: 'Not ready to process',
    3: 'Ready to process',
    4: 'Processing',
    5: 'Completed',
    6: 'Error',
    7: 'Overtime',
  },
  zh_cn: { 1: '跳过', 2: '未就绪', 3: '待处理', 4: '处理中', 5: '已完成', 6: '错误', 7: '超时' },
} as const satisfies Labels<TaskStageStatus>;

/** Task status (SPEC §3). */
export const TaskStatus = {
  PROCESSING: 1,
  COMPLETED: 2,
  ERROR: 3,
  OVERTIME: 4,
  TERMINATED: 5,
  INACTIVE: 6,
} as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];

export const TASK_STATUS_LABELS = {
  en_us: { 1: 'Processing', 2: 'Completed', 3: 'Error', 4: 'Overtime', 5: 'Terminated', 6: 'Inactive' },
  zh_cn: { 1: '处理中', 2: '已完成', 3: '错误', 4: '超时', 5: '已终止', 6: '已废弃' },
} as const satisfies Labels<TaskStatus>;

/** Re-inspection request status (SPEC §3, §4); rejected sends the task back to labeling. */
export const ReInspectionStatus = { PROCESSING: 1, APPROVED: 2, REJECTED: 3 } as const;
export type ReInspectionStatus = (typeof ReInspectionStatus)[keyof typeof ReInspectionStatus];

export const RE_INSPECTION_STATUS_LABELS = {
  en_us: { 1: 'Pending approval', 2: 'Approved', 3: 'Rejected' },
  zh_cn: { 1: '待审批', 2: '已批准', 3: '已驳回' },
} as const satisfies Labels<ReInspectionStatus>;

/** Labeling history actions (SPEC §3). The spec gives no codes, so values are the key names. */
export const LabelingHistoryAction = {
  PICK: 'PICK',
  PROCESSING: 'PROCESSING',
  COMPLETED: 'COMPLETED',
  REQUEST_REINSPECTION: 'REQUEST_REINSPECTION',
  APPROVE_REINSPECTION: 'APPROVE_REINSPECTION',
  QA_RESULT_ANALYSIS: 'QA_RESULT_ANALYSIS',
  REQUEST_RETURN: 'REQUEST_RETURN',
} as const;
export type LabelingHistoryAction = (typeof LabelingHistoryAction)[keyof typeof LabelingHistoryAction];

export const LABELING_HISTORY_ACTION_LABELS = {
  en_us: {
    PICK: 'Pick',
    PROCESSING: 'Processing',
    COMPLETED: 'Completed',
    REQUEST_REINSPECTION: 'Request re-inspection',
    APPROVE_REINSPECTION: 'Approve re-inspection',
    QA_RESULT_ANALYSIS: 'QA result analysis',
    REQUEST_RETURN: 'Request return',
  },
  zh_cn: {
    PICK: '领取',
    PROCESSING: '处理中',
    COMPLETED: '已完成',
    REQUEST_REINSPECTION: '申请复检',
    APPROVE_REINSPECTION: '批准复检',
    QA_RESULT_ANALYSIS: '质检结果分析',
    REQUEST_RETURN: '申请退回',
  },
} as const satisfies Labels<LabelingHistoryAction>;

/** Task log types (SPEC §3 "Task log item"). */
export const TaskLogType = { DP: 'DP', AFS: 'AFS', ROSBAG: 'rosbag' } as const;
export type TaskLogType = (typeof TaskLogType)[keyof typeof TaskLogType];

/** A turbine's status within an inspection campaign (protocol numbers as project statuses). */
export const CampaignTurbineStatus = { NOT_STARTED: 1, IN_PROGRESS: 2, COMPLETED: 3 } as const;
export type CampaignTurbineStatus = (typeof CampaignTurbineStatus)[keyof typeof CampaignTurbineStatus];

export const CAMPAIGN_TURBINE_STATUS_LABELS = {
  en_us: { 1: 'Not started', 2: 'In progress', 3: 'Completed' },
  zh_cn: { 1: '未开始', 2: '进行中', 3: '已完成' },
} as const satisfies Labels<CampaignTurbineStatus>;
