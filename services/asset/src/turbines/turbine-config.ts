import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AppError, ComponentType, componentTypeOfPackage, findDuplicates } from '@windward/contracts';
import { ComponentTypeEntity, COMPONENT_KINDS, type ComponentKind } from '../component-types/component-type.entity.js';
import { CONFIG_NOT_EXIST, TYPE_MISMATCH } from '../component-types/component-kinds.js';
import type { Device, StoredAssetConfig } from './turbine.entity.js';
import type { SaveTurbineDto } from './turbine.dto.js';
import { fail } from './turbine-rules.js';

/**
 * A turbine's component configuration from its body: the component types it references, its
 * devices and which devices inspect which component (SPEC §3).
 */

const DTO_TYPE_FIELD: Record<ComponentKind, keyof SaveTurbineDto> = {
  generator: 'turbineTypeGuid',
  blade: 'bladeTypeGuid',
  nacelle: 'nacelleTypeGuid',
  tower: 'towerTypeGuid',
  foundation: 'foundationTypeGuid',
};

/** The component kind whose type an asset config of a part-2 component needs (LPS needs none). */
const KIND_OF_COMPONENT: Record<number, ComponentKind | null> = {
  [ComponentType.LPS]: null,
  [ComponentType.BLADE_EXTERNAL]: 'blade',
  [ComponentType.BLADE_INTERNAL]: 'blade',
  [ComponentType.TOWER]: 'tower',
  [ComponentType.FOUNDATION]: 'foundation',
  [ComponentType.NACELLE]: 'nacelle',
};

/** Each referenced type must exist in this park ("… configuration does not exist") and be of its kind ("… type mismatch"). */
export async function resolveComponentTypes(
  m: EntityManager,
  parkId: string,
  dto: SaveTurbineDto,
): Promise<Record<ComponentKind, string | null>> {
  const out = {} as Record<ComponentKind, string | null>;
  for (const kind of COMPONENT_KINDS) {
    const id = (dto[DTO_TYPE_FIELD[kind]] as string | null | undefined) ?? null;
    out[kind] = id;
    if (!id) continue;
    const type = await m.findOne(ComponentTypeEntity, { where: { id, windParkId: parkId } });
    if (!type) throw new AppError(CONFIG_NOT_EXIST[kind]);
    if (type.kind !== kind) throw new AppError(TYPE_MISMATCH[kind]);
  }
  return out;
}

/** Devices keep their number and guid across updates; new ones get the next number. */
export function turbineDevices(dto: SaveTurbineDto, previous: Device[]): Device[] {
  const input = dto.devices ?? [];
  const guids = input.map((d) => d.guid).filter((g): g is string => !!g);
  if (findDuplicates(guids).length) fail('DUPLICATE_VALUES', 'devices', 'device guids must be unique');
  let next = Math.max(0, ...previous.map((d) => d.id)) + 1;
  return input.map((d) => {
    const old = d.guid ? previous.find((p) => p.guid === d.guid) : undefined;
    return {
      id: old?.id ?? next++,
      guid: d.guid ?? randomUUID(),
      bizId: d.bizId?.trim() || null,
      serialNumber: d.serialNumber?.trim() || null,
      displayName: d.displayName.trim(),
    };
  });
}

/**
 * One config per package type; its component type follows from the package type, its devices
 * are this turbine's, and the component it inspects must have a configured type.
 */
export function turbineAssetConfigs(
  dto: SaveTurbineDto,
  devices: Device[],
  typeIds: Record<ComponentKind, string | null>,
): StoredAssetConfig[] {
  const input = dto.assetConfigs ?? [];
  if (findDuplicates(input.map((c) => String(c.packageType))).length)
    fail('DUPLICATE_VALUES', 'assetConfigs', 'one config per package type');
  return input.map((c) => {
    const component = componentTypeOfPackage(c.packageType);
    if (component === null) fail('VALIDATION_FAILED', 'assetConfigs.packageType', 'unknown package type');
    const kind = KIND_OF_COMPONENT[component!] ?? null;
    if (c.componentType !== undefined && c.componentType !== component) throw new AppError(TYPE_MISMATCH[kind ?? 'generator']);
    if (kind && !typeIds[kind]) throw new AppError(CONFIG_NOT_EXIST[kind]);
    const deviceGuids = [...new Set(c.devices ?? [])];
    if (deviceGuids.some((g) => !devices.some((d) => d.guid === g)))
      fail('VALIDATION_FAILED', 'assetConfigs.devices', 'devices must be devices of this turbine');
    return { packageType: c.packageType, componentType: component!, deviceGuids };
  });
}
