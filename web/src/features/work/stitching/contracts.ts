/**
 * The stitching and blade path screens' share of the shared vocabulary (@windward/contracts):
 * task stages, QA results, the −11005 text, pipeline states, view orders, chambers, severity colours.
 */
export {
  QA_STATUS_LABELS,
  QaStatus,
  SEVERITY_PALETTE_9,
  TASK_STAGE_LABELS,
  TURBINE_PIPELINE_STATE_LABELS,
  TaskStage,
  TurbinePipelineState,
  VIEW_SORT_ORDERS,
  bladeColorLevel,
  compareByViewOrder,
  compareChambers,
  errorText,
  labelOf,
} from '@windward/contracts';
export type { Locale, ViewSortOrder } from '@windward/contracts';
