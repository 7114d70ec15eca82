import type { EntityManager } from 'typeorm';
import { AppError, type ErrorCode } from '@windward/contracts';
import { assertLicensedTurbines } from '@windward/service-kit';
import { CustomerRef } from '../customers/customer-ref.entity.js';
import { WindPark } from '../plants/wind-park.entity.js';
import { Turbine } from './turbine.entity.js';

/** The unique indexes behind TURBINE_NAME_EXISTS / TURBINE_SERIAL_EXISTS when two writers race. */
export const TURBINE_UNIQUE_INDEXES = { turbine_name_uq: 'TURBINE_NAME_EXISTS', turbine_serial_uq: 'TURBINE_SERIAL_EXISTS' } as const;

/** Throws `code`, naming the offending field and rule when given. */
export const fail = (code: ErrorCode, field?: string, why?: string): never => {
  throw new AppError(code, field ? { details: [{ field, constraints: { rule: why ?? code } }] } : {});
};

/** Turbine names are unique per park, case-insensitively. */
export async function assertTurbineNameFree(m: EntityManager, parkId: string, name: string, exceptId?: string): Promise<void> {
  const qb = m.createQueryBuilder(Turbine, 'x').where('x.windParkId = :parkId AND lower(x.name) = lower(:name)', { parkId, name });
  if (exceptId) qb.andWhere('x.id <> :exceptId', { exceptId });
  if (await qb.getExists()) throw new AppError('TURBINE_NAME_EXISTS');
}

/** Turbine serial numbers are unique across the registry, case-insensitively. */
export async function assertTurbineSerialFree(m: EntityManager, serialNumber: string, exceptId?: string): Promise<void> {
  const qb = m.createQueryBuilder(Turbine, 'x').where('lower(x.serialNumber) = lower(:serialNumber)', { serialNumber });
  if (exceptId) qb.andWhere('x.id <> :id', { id: exceptId });
  if (await qb.getExists()) throw new AppError('TURBINE_SERIAL_EXISTS');
}

/**
 * The platform licence's turbine quota (all customers together; docs/licence.md), then the
 * customer's (customer_ref.max_turbines; null = no limit), each under a row lock.
 */
export async function assertTurbineQuota(m: EntityManager, customerId: string, adding: number): Promise<void> {
  await assertLicensedTurbines(m, async () => (await m.count(Turbine)) + adding);
  const customer = await m.findOne(CustomerRef, { where: { customerId }, lock: { mode: 'pessimistic_write' } });
  if (!customer || customer.maxTurbines === null) return;
  const n = await m
    .createQueryBuilder(Turbine, 't')
    .innerJoin(WindPark, 'p', 'p.id = t.windParkId')
    .where('p.customerId = :customerId', { customerId })
    .getCount();
  if (n + adding > customer.maxTurbines) throw new AppError('TURBINE_LIMIT_EXCEEDED');
}
