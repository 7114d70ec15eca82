import type { EntityManager, SelectQueryBuilder, ObjectLiteral } from 'typeorm';
import { AppError, isUuid } from '@windward/contracts';
import type { AuthUser } from '@windward/service-kit';
import { WindPark } from './wind-park.entity.js';

const NONE = ['00000000-0000-0000-0000-000000000000'];

/**
 * Restricts a query to the parks the caller may see (customer scope and park scope; null =
 * unrestricted). `customerCol`/`parkCol` are SQL expressions of the query's park columns.
 */
export function whereParkVisible<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  user: AuthUser,
  customerCol: string,
  parkCol: string,
): SelectQueryBuilder<T> {
  if (user.customerIds !== null) {
    qb.andWhere(`${customerCol} IN (:...scopeCustomers)`, { scopeCustomers: user.customerIds.length ? user.customerIds : NONE });
  }
  if (user.parkIds !== null) {
    qb.andWhere(`${parkCol}::text IN (:...scopeParks)`, { scopeParks: user.parkIds.length ? user.parkIds : NONE });
  }
  return qb;
}

export function canSeeParkRow(user: AuthUser, park: Pick<WindPark, 'id' | 'customerId'>): boolean {
  return (
    (user.customerIds === null || user.customerIds.includes(park.customerId)) && (user.parkIds === null || user.parkIds.includes(park.id))
  );
}


/**
 * The park of a path id, or the same 404 for unknown and out-of-scope ids (scope cannot be
 * probed). `lock` takes a row lock so concurrent writes on one park serialise.
 */
export async function loadVisiblePark(m: EntityManager, user: AuthUser, id: string, lock = false): Promise<WindPark> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const qb = m.createQueryBuilder(WindPark, 'p').where('p.id = :id', { id });
  if (lock) qb.setLock('pessimistic_write');
  const park = await qb.getOne();
  if (!park || !canSeeParkRow(user, park)) throw new AppError('NOT_FOUND');
  return park;
}
