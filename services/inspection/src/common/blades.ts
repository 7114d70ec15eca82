import type { EntityManager } from 'typeorm';
import { BladeRef } from '../refs/refs.entity.js';
import type { Inspection } from '../inspections/inspection.entity.js';

/**
 * Upper bound of distance to root: the length of the blade (snapshot taken with the inspection,
 * else what asset announced since). Without a blade, the longest known blade of the turbine;
 * null when asset never told us any length (then only the lower bound is checked).
 */
export async function bladeLength(m: EntityManager, insp: Inspection, position: number | null): Promise<number | null> {
  const pick = (list: { position: number; length: number | null }[]) => {
    const lengths = list
      .filter((b) => position === null || b.position === position)
      .map((b) => b.length)
      .filter((l): l is number => l !== null);
    return lengths.length ? Math.max(...lengths) : null;
  };
  const fromSnapshot = pick(insp.blades);
  if (fromSnapshot !== null) return fromSnapshot;
  const current = await m.find(BladeRef, { where: { turbineId: insp.turbineId } });
  return pick(current.map((b) => ({ position: b.position, length: b.lengthM })));
}
