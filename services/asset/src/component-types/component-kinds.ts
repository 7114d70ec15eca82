import type { NamedErrorKey } from '@windward/contracts';
import type { ComponentKind } from './component-type.entity.js';

/** "Tower, nacelle, foundation, blade and turbine type mismatch": one catalogue entry per kind. */
export const TYPE_MISMATCH: Record<ComponentKind, NamedErrorKey> = {
  generator: 'TURBINE_TYPE_MISMATCH',
  blade: 'BLADE_TYPE_MISMATCH',
  nacelle: 'NACELLE_TYPE_MISMATCH',
  tower: 'TOWER_TYPE_MISMATCH',
  foundation: 'FOUNDATION_TYPE_MISMATCH',
};

/** "Turbine, blade, foundation, nacelle and tower configuration does not exist", per kind. */
export const CONFIG_NOT_EXIST: Record<ComponentKind, NamedErrorKey> = {
  generator: 'TURBINE_CONFIG_NOT_EXIST',
  blade: 'BLADE_CONFIG_NOT_EXIST',
  nacelle: 'NACELLE_CONFIG_NOT_EXIST',
  tower: 'TOWER_CONFIG_NOT_EXIST',
  foundation: 'FOUNDATION_CONFIG_NOT_EXIST',
};

/** The kind named by a request path segment `{kind}-types` (any case: `Generator-types`). */
export function kindFromPath(path: string): ComponentKind | null {
  const m = /\/(generator|blade|nacelle|tower|foundation)-types(\/|$)/i.exec(path);
  return m ? (m[1]!.toLowerCase() as ComponentKind) : null;
}
