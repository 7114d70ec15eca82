/** The sort-and-remove tool's share of the shared vocabulary (@windward/contracts). */
export {
  BLADE_ROOT_LOWER_BOUND_M,
  DISTANCE_TO_ROOT_MAX_DECIMALS,
  TASK_STAGE_LABELS,
  TaskStage,
  TaskStageStatus,
  VIEW_INDEX_LABELS,
  chamberLabel,
  checkDistanceToRoot,
  errorText,
  labelOf,
  lookupMessage,
} from '@windward/contracts';
export type { Locale } from '@windward/contracts';
