import type { EntityManager } from 'typeorm';
import { AppError, isUuid, COMPONENT_EDIT_RIGHTS, Rights, type ComponentType, type Right } from '@windward/contracts';
import { canSeeCustomer, canSeePark, entityRowColumns, parkVersionSql, type AuthUser } from '@windward/service-kit';
import { Inspection } from '../inspections/inspection.entity.js';
import { ParkRef, TaskHandlerRef } from '../refs/refs.entity.js';
import { schemaName } from './columns.js';
import { PARK_CHANGES } from './park-version.js';

/** Rights that let a caller reach any inspection write route; the component decides afterwards. */
export const INSPECTION_WRITE_RIGHTS: Right[] = [
  Rights.INSPECTION_DATA,
  Rights.BLADE_EDIT,
  Rights.TOWER_EDIT,
  Rights.FOUNDATION_EDIT,
  Rights.NACELLE_EDIT,
  Rights.LPS_EDIT,
];

export function assertCanEdit(user: AuthUser, componentType: number): void {
  if (user.rights.includes(Rights.INSPECTION_DATA)) return;
  // SPEC §6 show/edit pairs (libs/contracts); inspectionData.manage edits them all.
  const right = COMPONENT_EDIT_RIGHTS[componentType as ComponentType] as Right | undefined;
  if (!right || !user.rights.includes(right)) throw new AppError('NO_ACCESS_RIGHTS');
}

export function canSeeRow(user: AuthUser, row: { customerId: string; windParkId: string }): boolean {
  return canSeeCustomer(user, row.customerId) && canSeePark(user, row.windParkId);
}

/**
 * The inspection of a path id, or the same 404 for unknown and out-of-scope ids (scope cannot be
 * probed). `lock` serialises writes on one inspection (defect numbers, image counts).
 */
export async function loadInspection(m: EntityManager, user: AuthUser, id: string, lock = false): Promise<Inspection> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const row = await m.findOne(Inspection, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  if (!row || !(await canSeeInspection(m, user, row))) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * What loadInspection checks, without the entity: the inspection's id and scope columns in one
 * raw statement, or the same 404. For hot read paths (the image list) where TypeORM's query
 * building and hydration cost more than the statement (docs/performance.md, session 20).
 */
export async function loadInspectionScope(m: EntityManager, user: AuthUser, id: string): Promise<InspectionScope> {
  return (await inspectionScope(m, user, id, false)).inspection;
}

/** `loadInspectionScope` with its park's version (`parkVersion`) read in the same statement. */
export function loadInspectionScopeVersion(
  m: EntityManager,
  user: AuthUser,
  id: string,
): Promise<{ inspection: InspectionScope; version: string }> {
  return inspectionScope(m, user, id, true);
}

type InspectionScope = { id: string; customerId: string; windParkId: string };

async function inspectionScope(
  m: EntityManager,
  user: AuthUser,
  id: string,
  withVersion: boolean,
): Promise<{ inspection: InspectionScope; version: string }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const s = schemaName(m.connection);
  const version = withVersion ? `, ${parkVersionSql(s, PARK_CHANGES, 'n.wind_park_id')} AS "parkVersion"` : '';
  const [row] = (await m.query(
    `SELECT n.id, n.customer_id AS "customerId", n.wind_park_id AS "windParkId"${version} FROM ${s}.inspection n WHERE n.id = $1`,
    [id],
  )) as (InspectionScope & { parkVersion?: string })[];
  if (!row || !(await canSeeInspection(m, user, row))) throw new AppError('NOT_FOUND');
  if (!withVersion) return { inspection: row, version: '' };
  const { parkVersion, ...inspection } = row;
  return { inspection, version: parkVersion! };
}

/** In the caller's scope, or the caller handles a task of this inspection (docs/roles.md). */
export async function canSeeInspection(
  m: EntityManager,
  user: AuthUser,
  row: { id: string; customerId: string; windParkId: string },
): Promise<boolean> {
  if (canSeeRow(user, row)) return true;
  if (!isUuid(user.userId)) return false;
  return m.exists(TaskHandlerRef, { where: { inspectionId: row.id, handlerId: user.userId } });
}

/** Whether the caller handles a task of an inspection of this customer (they read its templates). */
export async function handlesCustomer(m: EntityManager, user: AuthUser, customerId: string): Promise<boolean> {
  if (!isUuid(user.userId)) return false;
  const rows = await m
    .createQueryBuilder(TaskHandlerRef, 'h')
    .innerJoin(Inspection, 'i', 'i.id = h.inspectionId')
    .where('h.handlerId = :u AND i.customerId = :c', { u: user.userId, c: customerId })
    .limit(1)
    .getCount();
  return rows > 0;
}

/** SQL restricting rows with customer/park columns to the caller's scope; pushes params. */
export function scopeSql(user: AuthUser, customerCol: string, parkCol: string, params: unknown[]): string {
  const parts: string[] = [];
  if (user.customerIds !== null) {
    params.push(user.customerIds);
    parts.push(`${customerCol} = ANY($${params.length}::uuid[])`);
  }
  if (user.parkIds !== null) {
    params.push(user.parkIds.filter(isUuid));
    parts.push(`${parkCol} = ANY($${params.length}::uuid[])`);
  }
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

/** The park copy's columns under the entity's names (schema-checked), for the park check's raw read. */
const PARK_REF_COLUMNS = entityRowColumns('park_ref', {
  windParkId: 'wind_park_id',
  name: 'name',
  customerId: 'customer_id',
  active: 'active',
} satisfies Record<keyof ParkRef, string>);

/**
 * A park of the caller's scope, or the same 404 for unknown and out-of-scope ids. One raw
 * statement: it runs before every park-wide read (the defect list's included), where TypeORM's
 * findOne cost more than the statement (docs/performance.md, session 20).
 */
export async function loadVisiblePark(m: EntityManager, user: AuthUser, parkId: string): Promise<ParkRef> {
  return (await visiblePark(m, user, parkId, false)).park;
}

/**
 * `loadVisiblePark` with the park's version (`parkVersion`) read in the same statement: a
 * park-wide read that keeps answers per version (the Data Center's counts) saves a round trip.
 */
export function loadVisibleParkVersion(m: EntityManager, user: AuthUser, parkId: string): Promise<{ park: ParkRef; version: string }> {
  return visiblePark(m, user, parkId, true);
}

async function visiblePark(
  m: EntityManager,
  user: AuthUser,
  parkId: string,
  withVersion: boolean,
): Promise<{ park: ParkRef; version: string }> {
  const s = schemaName(m.connection);
  const version = withVersion ? `, ${parkVersionSql(s, PARK_CHANGES, 'p.wind_park_id')} AS "parkVersion"` : '';
  const [row] = isUuid(parkId)
    ? ((await m.query(`SELECT ${PARK_REF_COLUMNS.select('p')}${version} FROM ${s}.park_ref p WHERE p.wind_park_id = $1`, [parkId])) as (ParkRef & { parkVersion?: string })[])
    : [];
  if (!row || !canSeeRow(user, row)) throw new AppError('NOT_FOUND');
  if (!withVersion) return { park: row, version: '' };
  const { parkVersion, ...park } = row;
  return { park, version: parkVersion! };
}
