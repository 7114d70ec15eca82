import {
  BLADE_LINK_STATE_LABELS,
  BLADE_PATH_LABELS,
  DEFECT_TIMELINE_STATUS_LABELS,
  DPS_STATUS_LABELS,
  REPAIR_PRIORITY_LABELS,
  VIEW_INDEX_LABELS,
  chamberLabel,
  labelOf,
  type Locale,
} from '@/shared/contracts';

type Of<L> = L extends { en_us: infer E } ? keyof E : never;

/** Contract labels by locale (the contracts own these words; the namespace owns the rest). */
export const dpsLabel = (v: number, l: Locale) => labelOf(DPS_STATUS_LABELS, v as Of<typeof DPS_STATUS_LABELS>, l);
export const timelineLabel = (v: string, l: Locale) => labelOf(DEFECT_TIMELINE_STATUS_LABELS, v as Of<typeof DEFECT_TIMELINE_STATUS_LABELS>, l);
export const linkStateLabel = (v: string, l: Locale) => labelOf(BLADE_LINK_STATE_LABELS, v as Of<typeof BLADE_LINK_STATE_LABELS>, l);
export const repairPriorityLabel = (v: number, l: Locale) => labelOf(REPAIR_PRIORITY_LABELS, v as Of<typeof REPAIR_PRIORITY_LABELS>, l);
export const viewLabel = (v: number | null, l: Locale) => (v === null ? '–' : labelOf(VIEW_INDEX_LABELS, v as Of<typeof VIEW_INDEX_LABELS>, l));
export const pathLabel = (v: number | null, l: Locale) => (v === null ? '–' : labelOf(BLADE_PATH_LABELS, v as Of<typeof BLADE_PATH_LABELS>, l));
export const chamberText = (v: number | null, l: Locale) => (v === null ? '' : chamberLabel(v, l));

export const TIMELINE_COLORS: Record<string, string> = {
  NEW: 'blue',
  INCREASED: 'red',
  STABLE: 'green',
  REPAIRED: 'purple',
  NOT_APPLICABLE: 'default',
};

export const DPS_COLORS: Record<number, string> = { 0: 'default', 1: 'green', 2: 'gold', 3: 'orange', 4: 'red' };
