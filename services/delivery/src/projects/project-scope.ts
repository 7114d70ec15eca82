import type { EntityManager } from 'typeorm';
import { AppError } from '@windward/contracts';
import { canSeeCustomer, type AuthUser } from '@windward/service-kit';
import { Project } from './project.entity.js';

/** A caller sees a project of a customer in scope that covers at least one park in scope (or no park yet). */
export function canSeeProject(user: AuthUser, p: Pick<Project, 'customerId' | 'windParkIds'>): boolean {
  if (user.customerIds !== null && !(p.customerId && canSeeCustomer(user, p.customerId))) return false;
  if (user.parkIds === null || p.windParkIds.length === 0) return true;
  return p.windParkIds.some((id) => user.parkIds!.includes(id));
}

/**
 * `canSeeProject` as SQL conditions on the project alias `p` (AND them), for lists that page and
 * count only what the caller sees; `arg` adds a parameter and answers its placeholder.
 */
export function projectScopeConditions(user: AuthUser, arg: (v: unknown) => string): string[] {
  const where: string[] = [];
  if (user.customerIds !== null) where.push(`p.customer_id = ANY(${arg(user.customerIds)}::uuid[])`);
  if (user.parkIds !== null) where.push(`(p.wind_park_ids && ${arg(user.parkIds)}::uuid[] OR cardinality(p.wind_park_ids) = 0)`);
  return where;
}

/** The project, if the caller may see it; unknown and out-of-scope ids are the same 404. `lock` serialises its writers. */
export async function loadVisibleProject(m: EntityManager, user: AuthUser, id: string, lock = false): Promise<Project> {
  const p = await m.findOne(Project, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  if (!p || !canSeeProject(user, p)) throw new AppError('NOT_FOUND');
  return p;
}
