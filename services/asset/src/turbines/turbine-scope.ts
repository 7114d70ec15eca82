import type { EntityManager } from 'typeorm';
import { AppError } from '@windward/contracts';
import type { AuthUser } from '@windward/service-kit';
import { WindPark } from '../plants/wind-park.entity.js';
import { canSeeParkRow, loadVisiblePark } from '../plants/park-scope.js';
import { Turbine } from './turbine.entity.js';

/** A turbine of a visible park by its path ids; the same 404 for unknown and out-of-scope ids. */
export async function loadTurbine(m: EntityManager, user: AuthUser, parkId: string, turbineId: string): Promise<Turbine> {
  await loadVisiblePark(m, user, parkId);
  const t = await m.findOne(Turbine, { where: { id: turbineId, windParkId: parkId } });
  if (!t) throw new AppError('NOT_FOUND');
  return t;
}

/**
 * A turbine (by id alone) whose park the caller may see, or null for unknown and out-of-scope
 * turbines alike. `lock` takes a row lock on the turbine.
 */
export async function findVisibleTurbine(m: EntityManager, user: AuthUser, turbineId: string, lock = false): Promise<Turbine | null> {
  const t = await m.findOne(Turbine, { where: { id: turbineId }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  const park = t && (await m.findOne(WindPark, { where: { id: t.windParkId } }));
  return t && park && canSeeParkRow(user, park) ? t : null;
}
