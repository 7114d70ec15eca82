/** The task screens' share of the shared vocabulary (@windward/contracts). */
export {
  PACKAGE_TYPE_LABELS,
  PackageType,
  Rights,
  TASK_STAGE_LABELS,
  TASK_STAGE_ORDER,
  TASK_STAGE_STATUS_LABELS,
  TASK_STATUS_LABELS,
  TaskStage,
  TaskStageStatus,
  TaskStatus,
  enabledStages,
  errorText,
  hasRight,
  labelOf,
  lookupMessage,
  socketPath,
} from '@windward/contracts';
export type { Locale, PageResult, RightEntry } from '@windward/contracts';
