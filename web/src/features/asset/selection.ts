import { COMPONENT_TYPES, ComponentType, isLocale, type Locale } from '@/shared/contracts';
import type { UserSelectedData } from './assetSlice';

/** URL query names of the selection (the inspection type travels as `inspectionType`). */
const QUERY_KEYS = {
  windFarmId: 'windFarmId',
  projectId: 'projectId',
  turbineId: 'turbineId',
  inspectionId: 'inspectionId',
  inspectionSubType: 'inspectionType',
  bladeId: 'bladeId',
} as const satisfies Partial<Record<keyof UserSelectedData, string>>;

export type QuerySelectionKey = keyof typeof QUERY_KEYS;

/** The default inspection type of the selectors: blade external inspection (part-2 code 1). */
export const DEFAULT_INSPECTION_TYPE: number = ComponentType.BLADE_EXTERNAL;

/** Inspection types in selector order (SPEC §3 part-2): blade external, blade internal, tower, foundation, nacelle, LPS. */
export const INSPECTION_TYPE_ORDER: readonly number[] = [1, 5, 2, 3, 4, 0].filter((c) => (COMPONENT_TYPES as readonly number[]).includes(c));

export function isInspectionType(value: unknown): value is number {
  return typeof value === 'number' && (COMPONENT_TYPES as readonly number[]).includes(value);
}

/** The selection named in a URL query; unknown or malformed values are left out. */
export function selectionFromQuery(search: URLSearchParams): Partial<UserSelectedData> {
  const out: Partial<UserSelectedData> = {};
  for (const [field, name] of Object.entries(QUERY_KEYS) as Array<[QuerySelectionKey, string]>) {
    const raw = search.get(name);
    if (raw === null || raw.trim() === '') continue;
    if (field === 'inspectionSubType') {
      const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
      if (isInspectionType(n)) out.inspectionSubType = n;
    } else {
      out[field] = raw.trim();
    }
  }
  return out;
}

/** A URL query holding `fields` of the selection (empty ones left out), in a stable order. */
export function queryFromSelection(selection: Partial<UserSelectedData>, fields: readonly QuerySelectionKey[]): string {
  const search = new URLSearchParams();
  for (const field of fields) {
    const value = selection[field];
    if (value !== null && value !== undefined && value !== '') search.set(QUERY_KEYS[field], String(value));
  }
  return search.toString();
}

/**
 * Which of `options` to select: the URL's choice when it is an option, else the stored one,
 * else the first option (or null without options). Used for park, project and turbine selectors.
 */
export function pickOption<T extends string | number>(
  options: readonly T[],
  fromUrl: T | null | undefined,
  stored: T | null | undefined,
  fallbackToFirst = true,
): T | null {
  if (fromUrl !== null && fromUrl !== undefined && options.includes(fromUrl)) return fromUrl;
  if (stored !== null && stored !== undefined && options.includes(stored)) return stored;
  return fallbackToFirst ? (options[0] ?? null) : null;
}

/** antd Table sorter → the server's sort parameters (`fieldToSort`, `descending`); no order = default sort. */
export function sortFromTable<F extends string>(
  sorter: { field?: unknown; columnKey?: unknown; order?: 'ascend' | 'descend' | null } | undefined,
  allowed: readonly F[],
): { fieldToSort?: F; descending?: boolean } {
  if (!sorter || !sorter.order) return {};
  const field = String(sorter.columnKey ?? sorter.field ?? '');
  if (!(allowed as readonly string[]).includes(field)) return {};
  return { fieldToSort: field as F, descending: sorter.order === 'descend' };
}

/** antd column sort order for the current server sort. */
export function sortOrderOf(field: string, sort: { fieldToSort?: string; descending?: boolean }): 'ascend' | 'descend' | null {
  if (sort.fieldToSort !== field) return null;
  return sort.descending ? 'descend' : 'ascend';
}

export function localeOrDefault(value: unknown): Locale {
  return isLocale(value) ? value : 'en_us';
}
