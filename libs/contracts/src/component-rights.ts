import { ComponentType } from './enums/component.js';
import { Rights, type Right } from './rights.js';

/**
 * SPEC §6 show/edit pairs per inspected component (part-2 coding): blade covers blade external
 * and internal. `inspectionData.manage` reads and writes every component.
 */
export const COMPONENT_SHOW_RIGHTS: Readonly<Record<ComponentType, Right>> = {
  [ComponentType.LPS]: Rights.LPS_SHOW,
  [ComponentType.BLADE_EXTERNAL]: Rights.BLADE_SHOW,
  [ComponentType.TOWER]: Rights.TOWER_SHOW,
  [ComponentType.FOUNDATION]: Rights.FOUNDATION_SHOW,
  [ComponentType.NACELLE]: Rights.NACELLE_SHOW,
  [ComponentType.BLADE_INTERNAL]: Rights.BLADE_SHOW,
};

export const COMPONENT_EDIT_RIGHTS: Readonly<Record<ComponentType, Right>> = {
  [ComponentType.LPS]: Rights.LPS_EDIT,
  [ComponentType.BLADE_EXTERNAL]: Rights.BLADE_EDIT,
  [ComponentType.TOWER]: Rights.TOWER_EDIT,
  [ComponentType.FOUNDATION]: Rights.FOUNDATION_EDIT,
  [ComponentType.NACELLE]: Rights.NACELLE_EDIT,
  [ComponentType.BLADE_INTERNAL]: Rights.BLADE_EDIT,
};

/** Order in which results screens list the components (blade first, LPS last). */
export const RESULT_COMPONENT_ORDER: readonly ComponentType[] = [
  ComponentType.BLADE_EXTERNAL,
  ComponentType.BLADE_INTERNAL,
  ComponentType.TOWER,
  ComponentType.NACELLE,
  ComponentType.FOUNDATION,
  ComponentType.LPS,
];

/** `has(right)` answers for the caller (a token's rights on the server, the denied-modules list in the console). */
export function canShowComponentWith(has: (right: Right) => boolean, componentType: number): boolean {
  const show = COMPONENT_SHOW_RIGHTS[componentType as ComponentType];
  if (!show) return false;
  return has(show) || has(COMPONENT_EDIT_RIGHTS[componentType as ComponentType]) || has(Rights.INSPECTION_DATA);
}

export function canEditComponentWith(has: (right: Right) => boolean, componentType: number): boolean {
  const edit = COMPONENT_EDIT_RIGHTS[componentType as ComponentType];
  if (!edit) return false;
  return has(edit) || has(Rights.INSPECTION_DATA);
}
