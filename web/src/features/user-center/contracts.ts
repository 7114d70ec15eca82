/**
 * The user centre's share of the shared vocabulary (@windward/contracts): roles, rights, the
 * account rules, customer types, component types and flow features.
 */
export {
  ALL_RIGHTS,
  COMPONENT_TYPES,
  COMPONENT_TYPE_LABELS,
  CUSTOMER_TYPE_LABELS,
  CustomerType,
  DEFAULT_ROLE_RIGHTS,
  FLOW_FEATURE_STAGES,
  OPTIONAL_FLOW_FEATURES,
  PASSWORD_SYMBOLS,
  RIGHT_LABELS,
  ROLE_IDS,
  ROLE_LABELS,
  RoleId,
  Rights,
  SEVERITY_LEVELS,
  SHOW_EDIT_AREAS,
  canGrantRole,
  canonicalRoleId,
  checkMaxLength,
  checkPassword,
  checkPasswordChange,
  checkUsername,
  errorText,
  hasRight,
  isAdminRole,
  isEmail,
  labelOf,
  lookupMessage,
  rightsForRoles,
  textLength,
} from '@windward/contracts';
export type { ComponentType, FlowFeature, Locale, PageResult, Right, RightEntry, ValidationResult } from '@windward/contracts';
