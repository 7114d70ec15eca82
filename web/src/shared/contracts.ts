/**
 * The web's single door to the shared vocabulary (@windward/contracts, compiled from source).
 * Re-exports what the console uses; the few web-only shapes are declared here.
 */
import type { FeatureSwitch } from '@windward/contracts';

export {
  DEFAULT_FEATURE_SWITCHES,
  DEFAULT_LOCALE,
  HTTP_TEXTS,
  LOCALES,
  REQUEST_TIMEOUT_MS,
  Rights,
  SCROLL_CHECK_INTERVAL_MS,
  SCROLL_CHECK_MAX_TIMES,
  SCROLL_DEBOUNCE_MS,
  SIDEBAR_COLLAPSE_STORAGE_KEY,
  SIDEBAR_COLLAPSED_VALUE,
  SSO_TOKEN_POLL_INTERVAL_MS,
  TOKEN_REFRESH_CHECK_INTERVAL_MS,
  TOKEN_REFRESH_MARGIN_MS,
  WINDOW_OPEN_HANDOFF_MS,
  BLADES_PER_TURBINE,
  COMPONENT_TYPES,
  COMPONENT_TYPE_LABELS,
  ComponentType,
  PACKAGE_TYPE_LABELS,
  PackageType,
  TURBINE_PIPELINE_STATE_LABELS,
  checkDecimal3,
  checkTurbineBlades,
  decimalPlaces,
  errorText,
  findDuplicates,
  formatThousands,
  labelOf,
  BLADE_COLOR_LEVEL_LABELS,
  SEVERITY_PALETTE_9,
  // the inspection vocabulary several features share (shared/inspection)
  BLADE_LINK_STATE_LABELS,
  BLADE_PATH_LABELS,
  VIEW_SORT_ORDERS,
  bladeColorLevel,
  chamberLabel,
  canShowComponentWith,
  hasRight,
  isAdminRole,
  isLocale,
  isTokenRefreshDue,
  lookupMessage,
  MAX_PAGE_SIZE,
  MENU_TREE,
  refreshTimeOfNewToken,
  TOKEN_STORAGE_KEYS,
  LOADED_REPORTS_LIMIT,
  pushRecent,
  REPORT_FORMATS,
  REPORT_DOCUMENT_FORMATS,
  REPORT_SECTIONS,
  ReportTaskStatus,
  seedText,
} from '@windward/contracts';
export type {
  ViewSortOrder,
  ErrorCode,
  FeatureSwitch,
  HttpTextKey,
  Locale,
  MenuNode,
  PageResult,
  ReportFormat,
  ReportSection,
  Right,
  RightEntry,
  ValidationResult,
} from '@windward/contracts';

/** The build's feature switches, one flag per switch of the contracts. */
export type FeatureSwitches = Record<FeatureSwitch, boolean>;

// Data Center (search, health care, insights).
export {
  DEFECT_TIMELINE_STATUS_LABELS,
  DPS_STATUS_LABELS,
  EXPORT_MAX_DEFECTS,
  HEALTH_LEVEL_LABELS,
  HealthLevel,
  QUERY_MAX_TURBINES,
  REPAIR_CAMPAIGN_STATUS_LABELS,
  REPAIR_PRIORITY_LABELS,
  REPAIR_STATUS_LABELS,
  SEVERITY_PALETTE_5,
  VIEW_INDEX_LABELS,
  severityColor,
} from '@windward/contracts';

// Delivery: investigation campaigns.
export { INVESTIGATION_RESULT_LABELS, InvestigationResult, nextInvestigationStatuses } from '@windward/contracts';
