import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager, QueryRunner } from 'typeorm';
import { AppError, EventTypes, type EventType, type LicenceChangedPayload } from '@windward/contracts';
import { OnEvent, type BusContext } from '../events/bus-transport.js';
import { schemaOf } from '../database/schema-of.js';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/config.js';
import { licenceExpired } from './licence-file.js';

/** Creates `licence_ref`, the one-row copy of the platform licence a service enforces, in the migration's schema. */
export async function createLicenceRefTable(q: QueryRunner): Promise<void> {
  await q.query(`CREATE TABLE ${schemaOf(q)}.licence_ref (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      licence jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now())`);
}

/** The events a service registering LicenceRefConsumer consumes (infra's ownership test counts them per service). */
export const LICENCE_REF_EVENTS: readonly EventType[] = [EventTypes.IdentityLicenceChanged];

/**
 * Keeps the latest `identity.licence.changed` in the service's `licence_ref` (services never read
 * identity's tables). A service that enforces the licence lists it among its controllers and
 * creates the table with createLicenceRefTable.
 */
@Controller()
export class LicenceRefConsumer {
  private readonly schema: string;

  constructor(@Inject(SERVICE_CONFIG) cfg: ServiceConfig) {
    this.schema = `"${cfg.schema}"`;
  }

  @OnEvent(EventTypes.IdentityLicenceChanged)
  async onLicence(@Payload() p: LicenceChangedPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(
      `INSERT INTO ${this.schema}.licence_ref (id, licence, updated_at) VALUES (1, $1, now())
       ON CONFLICT (id) DO UPDATE SET licence = EXCLUDED.licence, updated_at = now()`,
      [JSON.stringify(p)],
    );
  }
}

/** The licence this service last heard of, or null; `lock` holds the row for the transaction (serialises quota checks). */
export async function readLicenceRef(m: EntityManager, lock = false): Promise<LicenceChangedPayload | null> {
  const rows = (await m.query(`SELECT licence FROM ${schemaOf(m)}.licence_ref WHERE id = 1${lock ? ' FOR UPDATE' : ''}`)) as { licence: LicenceChangedPayload }[];
  return rows[0]?.licence ?? null;
}

/**
 * The licence's turbine quota for growth: `count()` (the total after the change, computed by the
 * caller under the lock this takes) must not exceed it. A service that has not heard of a licence
 * yet enforces none (docs/licence.md); an invalid or expired licence refuses growth, never reads.
 */
export async function assertLicensedTurbines(m: EntityManager, count: () => Promise<number>): Promise<void> {
  const licence = await readLicenceRef(m, true);
  if (!licence) return;
  if (!licence.valid) throw new AppError('LICENCE_INVALID');
  if (licence.expiresAt && licenceExpired(licence.expiresAt)) throw new AppError('LICENCE_EXPIRED');
  if (licence.maxTurbines !== null && (await count()) > licence.maxTurbines) throw new AppError('TURBINE_LIMIT_EXCEEDED');
}
