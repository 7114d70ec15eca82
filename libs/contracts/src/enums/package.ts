import type { Labels } from './locale.js';
import { ComponentType } from './component.js';

/** Inspection package types (SPEC §3). 9 is unused by the spec. */
export const PackageType = {
  BLADE_AUTO: 1,
  BLADE_MANUAL: 2,
  NACELLE: 3,
  FOUNDATION: 4,
  TOWER: 5,
  BLADE_INNER: 6,
  BLADE_INNER_AUTO: 7,
  BLADE_INNER_MANUAL: 8,
  OTHER: 10,
  TOWER_AUTO: 11,
} as const;
export type PackageType = (typeof PackageType)[keyof typeof PackageType];

export const PACKAGE_TYPE_LABELS = {
  en_us: {
    1: 'Blade auto',
    2: 'Blade manual',
    3: 'Nacelle',
    4: 'Foundation',
    5: 'Tower',
    6: 'Blade inner',
    7: 'Blade inner auto',
    8: 'Blade inner manual',
    10: 'Other',
    11: 'Tower auto',
  },
  zh_cn: {
    1: '叶片自动',
    2: '叶片手动',
    3: '机舱',
    4: '基础',
    5: '塔筒',
    6: '叶片内部',
    7: '叶片内部自动',
    8: '叶片内部手动',
    10: '其他',
    11: '塔筒自动',
  },
} as const satisfies Labels<PackageType>;

/** Turbine image-processing pipeline state (SPEC §3). */
export const TurbinePipelineState = {
  UNKNOWN: 0,
  TO_BE_PROCESSED: 1,
  GROUPING_IMAGE: 2,
  GROUPING_COMPLETED: 3,
  STITCHING: 4,
  STITCHING_COMPLETED: 5,
  NOT_CONFIRMED: 6,
  CONFIRMED: 5001,
} as const;
export type TurbinePipelineState = (typeof TurbinePipelineState)[keyof typeof TurbinePipelineState];

export const TURBINE_PIPELINE_STATE_LABELS = {
  en_us: {
    0: 'Unknown',
    1: 'To be processed',
    2: 'Grouping images',
    3: 'Grouping completed',
    4: 'Stitching',
    5: 'Stitching completed',
    6: 'Not confirmed',
    5001: 'Confirmed',
  },
  zh_cn: {
    0: '未知',
    1: '待处理',
    2: '图片分组中',
    3: '分组完成',
    4: '拼接中',
    5: '拼接完成',
    6: '未确认',
    5001: '已确认',
  },
} as const satisfies Labels<TurbinePipelineState>;

/** Part-2 component type each package type inspects (SPEC §3); "other" carries the LPS readings. */
export const COMPONENT_OF_PACKAGE: Readonly<Record<PackageType, ComponentType>> = {
  1: ComponentType.BLADE_EXTERNAL,
  2: ComponentType.BLADE_EXTERNAL,
  3: ComponentType.NACELLE,
  4: ComponentType.FOUNDATION,
  5: ComponentType.TOWER,
  6: ComponentType.BLADE_INTERNAL,
  7: ComponentType.BLADE_INTERNAL,
  8: ComponentType.BLADE_INTERNAL,
  10: ComponentType.LPS,
  11: ComponentType.TOWER,
};

export function isPackageType(v: unknown): v is PackageType {
  return typeof v === 'number' && Object.prototype.hasOwnProperty.call(COMPONENT_OF_PACKAGE, v);
}

/** Component type of a package type; null for an unknown package type. */
export function componentTypeOfPackage(packageType: number): ComponentType | null {
  return isPackageType(packageType) ? COMPONENT_OF_PACKAGE[packageType] : null;
}
