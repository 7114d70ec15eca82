import type { Labels, Locale } from './locale.js';

/** View index of a blade side (SPEC §3). */
export const ViewIndex = {
  PSLE: 1,
  PSTE: 2,
  SSTE: 3,
  SSLE: 4,
  LE: 5,
  PS: 6,
  TE: 7,
  SS: 8,
} as const;
export type ViewIndex = (typeof ViewIndex)[keyof typeof ViewIndex];

export const VIEW_INDEX_LABELS = {
  en_us: { 1: 'PSLE', 2: 'PSTE', 3: 'SSTE', 4: 'SSLE', 5: 'LE', 6: 'PS', 7: 'TE', 8: 'SS' },
  zh_cn: {
    1: '压力面前缘',
    2: '压力面后缘',
    3: '吸力面后缘',
    4: '吸力面前缘',
    5: '前缘',
    6: '压力面',
    7: '后缘',
    8: '吸力面',
  },
} as const satisfies Labels<ViewIndex>;

/** Blade inspection paths 1..8; the path number equals the view index it films. */
export const BladePath = ViewIndex;
export type BladePath = ViewIndex;

export const BLADE_PATH_LABELS = {
  en_us: {
    1: 'Pressure side leading edge',
    2: 'Pressure side trailing edge',
    3: 'Suction side trailing edge',
    4: 'Suction side leading edge',
    5: 'Leading edge',
    6: 'Pressure side',
    7: 'Trailing edge',
    8: 'Suction side',
  },
  zh_cn: VIEW_INDEX_LABELS.zh_cn,
} as const satisfies Labels<BladePath>;

/** Position of the blade in the rotor image (SPEC §3). */
export const PathBladeIndex = { RIGHT: 1, TOP: 2, LEFT: 3 } as const;
export type PathBladeIndex = (typeof PathBladeIndex)[keyof typeof PathBladeIndex];

export const PATH_BLADE_INDEX_LABELS = {
  en_us: { 1: 'Right', 2: 'Top', 3: 'Left' },
  zh_cn: { 1: '右', 2: '上', 3: '左' },
} as const satisfies Labels<PathBladeIndex>;

/** View sort orders for internal/external blade galleries (SPEC §3). */
export const VIEW_SORT_ORDERS = {
  LEADING_EDGE_FIRST: [5, 6, 8, 7],
  TRAILING_EDGE_FIRST: [7, 6, 8, 5],
  MIDDLE_FIRST: [6, 8, 5, 7],
} as const satisfies Record<string, readonly ViewIndex[]>;
export type ViewSortOrder = keyof typeof VIEW_SORT_ORDERS;

/** Comparator by a view sort order; views not in the order go last, by index. */
export function compareByViewOrder(order: ViewSortOrder): (a: number, b: number) => number {
  const list: readonly number[] = VIEW_SORT_ORDERS[order];
  const rank = (v: number) => {
    const i = list.indexOf(v);
    return i < 0 ? list.length + v : i;
  };
  return (a, b) => rank(a) - rank(b);
}

/**
 * Chamber codes (SPEC §3): 0 none, 1 leading edge, -1 trailing edge, 2.. middle chambers
 * (middle chamber N = value - 1), -999 = all middle chambers together.
 */
export const Chamber = { NONE: 0, LEADING_EDGE: 1, TRAILING_EDGE: -1, MIDDLE_ALL: -999 } as const;
export type Chamber = number;

export const CHAMBER_DISPLAY_ORDER: readonly number[] = [0, 1, -1, 2, 3, 4, 5];

/** Comparator following CHAMBER_DISPLAY_ORDER; other middle chambers after 5 by number, -999 last. */
export function compareChambers(a: number, b: number): number {
  const rank = (v: number) => {
    const i = CHAMBER_DISPLAY_ORDER.indexOf(v);
    if (i >= 0) return i;
    if (v === Chamber.MIDDLE_ALL) return Number.MAX_SAFE_INTEGER;
    return CHAMBER_DISPLAY_ORDER.length + Math.abs(v);
  };
  return rank(a) - rank(b);
}

export type ChamberDescriptor =
  { kind: 'none' } | { kind: 'leading-edge' } | { kind: 'trailing-edge' } | { kind: 'middle-all' } | { kind: 'middle'; number: number };

/** i18n-neutral description of a chamber value; the web renders it with its own words. */
export function chamberDescriptor(value: number): ChamberDescriptor {
  if (value === Chamber.NONE) return { kind: 'none' };
  if (value === Chamber.LEADING_EDGE) return { kind: 'leading-edge' };
  if (value === Chamber.TRAILING_EDGE) return { kind: 'trailing-edge' };
  if (value === Chamber.MIDDLE_ALL) return { kind: 'middle-all' };
  return { kind: 'middle', number: value - 1 };
}

const CHAMBER_WORDS = {
  en_us: {
    'leading-edge': 'Leading edge chamber',
    'trailing-edge': 'Trailing edge chamber',
    'middle-all': 'Middle chambers',
    middle: 'Middle chamber {n}',
  },
  zh_cn: {
    'leading-edge': '前缘腔',
    'trailing-edge': '后缘腔',
    'middle-all': '中间腔',
    middle: '中间腔{n}',
  },
} as const satisfies Record<Locale, Record<Exclude<ChamberDescriptor['kind'], 'none'>, string>>;

/** Display text of a chamber; 0 (none) is the empty string. */
export function chamberLabel(value: number, locale: Locale): string {
  const d = chamberDescriptor(value);
  if (d.kind === 'none') return '';
  if (d.kind === 'middle') return CHAMBER_WORDS[locale].middle.replace('{n}', String(d.number));
  return CHAMBER_WORDS[locale][d.kind];
}

export type WebDescriptor = { kind: 'leading-edge-web' } | { kind: 'trailing-edge-web' } | { kind: 'web'; number: number };

/**
 * Shear-web labels. Interpretation: webs use the chamber coding – 1 is the leading-edge web,
 * -1 the trailing-edge web, and any other value n is a further web shown as "Web n".
 */
export function webDescriptor(value: number): WebDescriptor {
  if (value === 1) return { kind: 'leading-edge-web' };
  if (value === -1) return { kind: 'trailing-edge-web' };
  return { kind: 'web', number: value };
}

const WEB_WORDS = {
  en_us: { 'leading-edge-web': 'Leading edge web', 'trailing-edge-web': 'Trailing edge web', web: 'Web {n}' },
  zh_cn: { 'leading-edge-web': '前缘腹板', 'trailing-edge-web': '后缘腹板', web: '腹板{n}' },
} as const satisfies Record<Locale, Record<WebDescriptor['kind'], string>>;

export function webLabel(value: number, locale: Locale): string {
  const d = webDescriptor(value);
  if (d.kind === 'web') return WEB_WORDS[locale].web.replace('{n}', String(d.number));
  return WEB_WORDS[locale][d.kind];
}

/** Blade link state between internal and external inspections (SPEC §4). */
export const BladeLinkState = { LINKED: 'LINKED', UNLINKED: 'UNLINKED', BLADE_CHANGED: 'BLADE_CHANGED' } as const;
export type BladeLinkState = (typeof BladeLinkState)[keyof typeof BladeLinkState];

export const BLADE_LINK_STATE_LABELS = {
  en_us: { LINKED: 'Linked', UNLINKED: 'Unlinked', BLADE_CHANGED: 'Cannot link: the blade was changed' },
  zh_cn: { LINKED: '已关联', UNLINKED: '未关联', BLADE_CHANGED: '叶片已更换，无法关联' },
} as const satisfies Labels<BladeLinkState>;

/** Defect timeline status versus the previous inspection (SPEC §4). */
export const DefectTimelineStatus = {
  NOT_APPLICABLE: 'NOT_APPLICABLE',
  NEW: 'NEW',
  INCREASED: 'INCREASED',
  STABLE: 'STABLE',
  REPAIRED: 'REPAIRED',
} as const;
export type DefectTimelineStatus = (typeof DefectTimelineStatus)[keyof typeof DefectTimelineStatus];

export const DEFECT_TIMELINE_STATUS_LABELS = {
  en_us: { NOT_APPLICABLE: 'Not applicable', NEW: 'New', INCREASED: 'Increased', STABLE: 'Stable', REPAIRED: 'Repaired' },
  zh_cn: { NOT_APPLICABLE: '不适用', NEW: '新增', INCREASED: '扩大', STABLE: '稳定', REPAIRED: '已修复' },
} as const satisfies Labels<DefectTimelineStatus>;
