import {
  COMPONENT_TYPE_LABELS,
  DEFECT_TIMELINE_STATUS_LABELS,
  DPS_STATUS_LABELS,
  REPAIR_STATUS_LABELS,
  VIEW_INDEX_LABELS,
  labelOf,
  type Locale,
} from '@/shared/contracts';

type Option<V> = { value: V; label: string };

/** Select options of a contracts label table, in the table's order. */
function optionsOf<V extends string | number>(labels: Record<Locale, Record<V, string>>, locale: Locale, numeric: boolean): Option<V>[] {
  return Object.keys(labels[locale]).map((k) => {
    const value = (numeric ? Number(k) : k) as V;
    return { value, label: labelOf(labels as never, value, locale) };
  });
}

export const viewIndexOptions = (l: Locale) => optionsOf<number>(VIEW_INDEX_LABELS as never, l, true);
export const componentOptions = (l: Locale) => optionsOf<number>(COMPONENT_TYPE_LABELS as never, l, true);
export const timelineOptions = (l: Locale) => optionsOf<string>(DEFECT_TIMELINE_STATUS_LABELS as never, l, false);
export const dpsOptions = (l: Locale) => optionsOf<number>(DPS_STATUS_LABELS as never, l, true);
export const repairOptions = (l: Locale) => optionsOf<number>(REPAIR_STATUS_LABELS as never, l, true);

export const viewIndexText = (v: number | null | undefined, l: Locale) => (v ? labelOf(VIEW_INDEX_LABELS as never, v as never, l) : '—');
export const componentText = (v: number | null | undefined, l: Locale) => (v === null || v === undefined ? '—' : labelOf(COMPONENT_TYPE_LABELS as never, v as never, l));
export const timelineText = (v: string, l: Locale) => labelOf(DEFECT_TIMELINE_STATUS_LABELS as never, v as never, l);
export const dpsText = (v: number, l: Locale) => labelOf(DPS_STATUS_LABELS as never, v as never, l);
export const repairText = (v: number | null, l: Locale) => (v === null ? '—' : labelOf(REPAIR_STATUS_LABELS as never, v as never, l));
