/** The repair screens' share of the shared vocabulary (@windward/contracts). */
export {
  REPAIR_CAMPAIGN_STATUS_LABELS,
  REPAIR_PLAN_MAX_DEFECTS,
  REPAIR_PRIORITY_LABELS,
  REPAIR_STATUS_LABELS,
  RepairCampaignStatus,
  RepairStatus,
  Rights,
  canChangeRepairProgress,
  errorText,
  hasRight,
  labelOf,
  socketPath,
} from '@windward/contracts';
export type { Locale, RepairCampaignStatus as RepairCampaignStatusValue, RepairStatus as RepairStatusValue } from '@windward/contracts';
