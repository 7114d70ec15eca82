/** The labeling tool's share of the shared vocabulary (@windward/contracts). */
export {
  QA_STATUS_LABELS,
  QaStatus,
  Rights,
  SEVERITY_LEVELS,
  TASK_STAGE_LABELS,
  TaskStage,
  TaskStageStatus,
  checkDecimal3,
  checkDistanceToRoot,
  checkMinMax,
  errorText,
  hasRight,
  labelOf,
  lookupMessage,
} from '@windward/contracts';
export type {
  ErrorCode,
  LabelingStatus,
  LabelingStatusImage,
  LabelingStatusSide,
  Locale,
  PageResult,
  RightEntry,
  ValidationResult,
} from '@windward/contracts';
