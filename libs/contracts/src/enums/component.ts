import type { Labels } from './locale.js';

/**
 * Part-1 coding, used by the park-list call (SPEC §3). Any value outside 1..5
 * selects the LPS park list, so the LPS list has no code of its own here.
 */
export const ParkListComponentType = {
  BLADE: 1,
  TOWER: 2,
  FOUNDATION: 3,
  NACELLE: 4,
  BLADE_INTERNAL: 5,
} as const;
export type ParkListComponentType = (typeof ParkListComponentType)[keyof typeof ParkListComponentType];

/** The six separate park lists kept in application state (SPEC §3). */
export const ParkListKind = {
  BLADE: 'blade',
  TOWER: 'tower',
  FOUNDATION: 'foundation',
  NACELLE: 'nacelle',
  BLADE_INTERNAL: 'bladeInternal',
  LPS: 'lps',
} as const;
export type ParkListKind = (typeof ParkListKind)[keyof typeof ParkListKind];

export const PARK_LIST_KINDS: readonly ParkListKind[] = Object.values(ParkListKind);

/** Part-1 value → park list. "Any other value means the LPS list" (incl. 0, null, NaN). */
export function parkListKindOf(value: number | null | undefined): ParkListKind {
  switch (value) {
    case 1:
      return ParkListKind.BLADE;
    case 2:
      return ParkListKind.TOWER;
    case 3:
      return ParkListKind.FOUNDATION;
    case 4:
      return ParkListKind.NACELLE;
    case 5:
      return ParkListKind.BLADE_INTERNAL;
    default:
      return ParkListKind.LPS;
  }
}

/** Part-2 coding (inspections, customer component configs). Agrees with part-1 except 0 = LPS. */
export const ComponentType = {
  LPS: 0,
  BLADE_EXTERNAL: 1,
  TOWER: 2,
  FOUNDATION: 3,
  NACELLE: 4,
  BLADE_INTERNAL: 5,
} as const;
export type ComponentType = (typeof ComponentType)[keyof typeof ComponentType];

export const COMPONENT_TYPES: readonly ComponentType[] = [0, 1, 2, 3, 4, 5];

export function isComponentType(value: unknown): value is ComponentType {
  return typeof value === 'number' && (COMPONENT_TYPES as readonly number[]).includes(value);
}

/** Park list that holds parks inspected for a part-2 component type. */
export function parkListKindOfComponent(type: ComponentType): ParkListKind {
  return parkListKindOf(type);
}

export const COMPONENT_TYPE_LABELS = {
  en_us: {
    0: 'LPS',
    1: 'Blade external',
    2: 'Tower',
    3: 'Foundation',
    4: 'Nacelle',
    5: 'Blade internal',
  },
  zh_cn: {
    0: '防雷系统',
    1: '叶片外部',
    2: '塔筒',
    3: '基础',
    4: '机舱',
    5: '叶片内部',
  },
} as const satisfies Labels<ComponentType>;

/** Section types (SPEC §3) – string coded. */
export const SectionType = {
  BLADE: 'BLADE',
  TOWER: 'TOWER',
  FOUNDATION: 'FOUNDATION',
  NACELLE: 'NACELLE',
  BLADE_INTERNAL: 'BLADE_INTERNAL',
  LPS: 'LPS',
} as const;
export type SectionType = (typeof SectionType)[keyof typeof SectionType];

const SECTION_OF_COMPONENT: Record<ComponentType, SectionType> = {
  0: SectionType.LPS,
  1: SectionType.BLADE,
  2: SectionType.TOWER,
  3: SectionType.FOUNDATION,
  4: SectionType.NACELLE,
  5: SectionType.BLADE_INTERNAL,
};

export function sectionTypeOfComponent(type: ComponentType): SectionType {
  return SECTION_OF_COMPONENT[type];
}

export function componentTypeOfSection(section: SectionType): ComponentType {
  const entry = Object.entries(SECTION_OF_COMPONENT).find(([, s]) => s === section);
  return Number(entry![0]) as ComponentType;
}
