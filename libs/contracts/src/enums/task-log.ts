import type { Labels, Locale } from './locale.js';
import { DEFAULT_LOCALE, labelOf } from './locale.js';
import { QA_STATUS_LABELS, type QaStatus } from './repair.js';
import { TASK_STAGE_LABELS, TASK_STATUS_LABELS, type TaskStage, type TaskStatus } from './task.js';

/**
 * What a task history line says, stored as a code with parameters (task_flow.task_history.kind /
 * params) and rendered in the reader's language (`taskLogText`). Text a user typed (QA comments,
 * re-inspection reasons, a reported error) travels beside it as `message`, untranslated.
 */
export const TaskLogKind = {
  TASK_CREATED_BY_UPLOAD: 'TASK_CREATED_BY_UPLOAD',
  TASK_CREATED_WITHOUT_UPLOAD: 'TASK_CREATED_WITHOUT_UPLOAD',
  UPLOADING: 'UPLOADING',
  NO_UPLOAD_NEEDED: 'NO_UPLOAD_NEEDED',
  UPLOADED: 'UPLOADED',
  INSPECTION_LINKED: 'INSPECTION_LINKED',
  IMAGES_PROCESSED: 'IMAGES_PROCESSED',
  NO_IMAGES: 'NO_IMAGES',
  NOT_IN_FLOW_CONFIG: 'NOT_IN_FLOW_CONFIG',
  STARTED_AUTOMATICALLY: 'STARTED_AUTOMATICALLY',
  READY: 'READY',
  TIME_LIMIT_EXCEEDED: 'TIME_LIMIT_EXCEEDED',
  TASK_STATUS_CHANGED: 'TASK_STATUS_CHANGED',
  ASSIGNED: 'ASSIGNED',
  RETRIED: 'RETRIED',
  PICKED: 'PICKED',
  PICKED_OVERTIME: 'PICKED_OVERTIME',
  RELEASED: 'RELEASED',
  COMPLETED: 'COMPLETED',
  QA_RESULT: 'QA_RESULT',
  REVIEW_PASSED: 'REVIEW_PASSED',
  REVIEW_REPEATED: 'REVIEW_REPEATED',
  REVIEW_FAILED: 'REVIEW_FAILED',
  RETURNED: 'RETURNED',
  REINSPECTION_REQUESTED: 'REINSPECTION_REQUESTED',
  REINSPECTION_APPROVED: 'REINSPECTION_APPROVED',
  REINSPECTION_REJECTED: 'REINSPECTION_REJECTED',
  ERROR_REPORTED: 'ERROR_REPORTED',
  DEMO_STARTED: 'DEMO_STARTED',
  DEMO_DONE: 'DEMO_DONE',
} as const;
export type TaskLogKind = (typeof TaskLogKind)[keyof typeof TaskLogKind];

/**
 * Parameters of a log line. Known names are rendered through the shared labels:
 * `stage` (TaskStage), `from`/`to` (TaskStatus), `result` (QaStatus); others are shown as given.
 */
export type TaskLogParams = Record<string, string | number>;

/** `{name}` placeholders are filled by `taskLogText`. */
export const TASK_LOG_LABELS = {
  en_us: {
    TASK_CREATED_BY_UPLOAD: 'Task created by an upload',
    TASK_CREATED_WITHOUT_UPLOAD: 'Task created for an inspection without an upload',
    UPLOADING: 'Uploading',
    NO_UPLOAD_NEEDED: 'No upload needed',
    UPLOADED: 'Uploaded {file}',
    INSPECTION_LINKED: 'Inspection linked',
    IMAGES_PROCESSED: 'Images processed and grouped by path',
    NO_IMAGES: 'The inspection has no images',
    NOT_IN_FLOW_CONFIG: 'Not in the flow configuration',
    STARTED_AUTOMATICALLY: 'Started automatically',
    READY: 'Ready to process',
    TIME_LIMIT_EXCEEDED: 'Time limit exceeded',
    TASK_STATUS_CHANGED: 'Task status: {from} → {to}',
    ASSIGNED: 'Assigned to {handlerName}',
    RETRIED: 'Retried',
    PICKED: 'Picked',
    PICKED_OVERTIME: 'Picked (overtime)',
    RELEASED: 'Released to the task pool',
    COMPLETED: 'Completed',
    QA_RESULT: 'QA result: {result}',
    REVIEW_PASSED: 'Review passed',
    REVIEW_REPEATED: 'Review to be repeated',
    REVIEW_FAILED: 'Review failed',
    RETURNED: 'Returned to {stage}',
    REINSPECTION_REQUESTED: 'Re-inspection requested',
    REINSPECTION_APPROVED: 'Re-inspection approved',
    REINSPECTION_REJECTED: 'Re-inspection rejected, back to labeling',
    ERROR_REPORTED: 'Error reported',
    DEMO_STARTED: 'Taken up in the demo data',
    DEMO_DONE: 'Done in the demo data',
  },
  zh_cn: {
    TASK_CREATED_BY_UPLOAD: '由上传创建任务',
    TASK_CREATED_WITHOUT_UPLOAD: '为无上传的巡检创建任务',
    UPLOADING: '上传中',
    NO_UPLOAD_NEEDED: '无需上传',
    UPLOADED: '已上传 {file}',
    INSPECTION_LINKED: '已关联巡检',
    IMAGES_PROCESSED: '图片已处理并按路径分组',
    NO_IMAGES: '该巡检没有图片',
    NOT_IN_FLOW_CONFIG: '不在流程配置中',
    STARTED_AUTOMATICALLY: '已自动开始',
    READY: '待处理',
    TIME_LIMIT_EXCEEDED: '已超时',
    TASK_STATUS_CHANGED: '任务状态：{from} → {to}',
    ASSIGNED: '已分配给 {handlerName}',
    RETRIED: '已重试',
    PICKED: '已领取',
    PICKED_OVERTIME: '已领取（超时）',
    RELEASED: '已退回任务池',
    COMPLETED: '已完成',
    QA_RESULT: '质检结果：{result}',
    REVIEW_PASSED: '审核通过',
    REVIEW_REPEATED: '需重新审核',
    REVIEW_FAILED: '审核不通过',
    RETURNED: '退回至{stage}',
    REINSPECTION_REQUESTED: '已申请复检',
    REINSPECTION_APPROVED: '复检申请已批准',
    REINSPECTION_REJECTED: '复检申请已驳回，退回标注',
    ERROR_REPORTED: '已报告错误',
    DEMO_STARTED: '演示数据中已开始',
    DEMO_DONE: '演示数据中已完成',
  },
} as const satisfies Labels<TaskLogKind>;

export function isTaskLogKind(value: unknown): value is TaskLogKind {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(TaskLogKind, value);
}

function paramText(name: string, value: string | number, locale: Locale): string {
  if (name === 'stage') return labelOf(TASK_STAGE_LABELS, Number(value) as TaskStage, locale);
  if (name === 'from' || name === 'to') return labelOf(TASK_STATUS_LABELS, Number(value) as TaskStatus, locale);
  if (name === 'result') return labelOf(QA_STATUS_LABELS, Number(value) as QaStatus, locale);
  return String(value);
}

/**
 * A history line in `locale`: the kind's label with its parameters, then what the user typed
 * (`note`). Lines written before kinds existed (kind null) show their stored text as it is.
 */
export function taskLogText(
  entry: { kind?: string | null; params?: TaskLogParams | null; message?: string | null },
  locale: Locale = DEFAULT_LOCALE,
): string {
  const note = entry.message?.trim() ?? '';
  if (!isTaskLogKind(entry.kind)) return note;
  const params = entry.params ?? {};
  const text = labelOf(TASK_LOG_LABELS, entry.kind, locale).replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? paramText(name, params[name]!, locale) : whole,
  );
  if (!note) return text;
  return locale === 'zh_cn' ? `${text}：${note}` : `${text}: ${note}`;
}
