import type { EntityManager } from 'typeorm';
import type { TurbineEventPayload } from '@windward/contracts';
import { ComponentTypeEntity } from '../component-types/component-type.entity.js';
import { Turbine } from './turbine.entity.js';
import { Blade } from './blade.entity.js';

/**
 * Payload of asset.turbine.created/updated: the turbine with its three blades and the length of
 * its blade type (inspection bounds distance to root by it and detects blade changes by serial).
 * Reads the blades as stored, so call it after they are written.
 */
export async function turbineEventPayload(m: EntityManager, t: Turbine): Promise<TurbineEventPayload> {
  const blades = await m.find(Blade, { where: { turbineId: t.id }, order: { position: 'ASC' } });
  const bladeType = t.bladeTypeId ? await m.findOne(ComponentTypeEntity, { where: { id: t.bladeTypeId } }) : null;
  const length = bladeType?.lengthM ?? null;
  return {
    turbineId: t.id,
    turbineName: t.name,
    windFarmId: t.windParkId,
    serialNumber: t.serialNumber,
    blades: blades.map((b) => ({ position: b.position, name: b.name, serialNumber: b.serialNumber, length })),
  };
}

/** Every turbine using a blade type, as asset.turbine.updated payloads (after the type's length changed). */
export async function turbinesOfBladeType(m: EntityManager, bladeTypeId: string): Promise<TurbineEventPayload[]> {
  const turbines = await m.find(Turbine, { where: { bladeTypeId }, order: { name: 'ASC' } });
  const out: TurbineEventPayload[] = [];
  for (const t of turbines) out.push(await turbineEventPayload(m, t));
  return out;
}
