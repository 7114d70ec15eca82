import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from 'typeorm';
import {
  EventTypes,
  type DeletedPayload,
  type EventType,
  type ParkEventPayload,
  type TurbineEventPayload,
  type TurbineRenamedPayload,
} from '@windward/contracts';
import { OnEvent, type BusContext } from './bus-transport.js';
import { schemaOf } from '../database/schema-of.js';

/** The asset events every ParkRefsConsumer handles (infra's ownership test counts them per service). */
export const PARK_REFS_EVENTS: readonly EventType[] = [EventTypes.AssetParkCreated, EventTypes.AssetParkUpdated];

/** The asset events every AssetRefsConsumer handles (infra's ownership test counts them per service). */
export const ASSET_REFS_EVENTS: readonly EventType[] = [
  ...PARK_REFS_EVENTS,
  EventTypes.AssetTurbineCreated,
  EventTypes.AssetTurbineUpdated,
  EventTypes.AssetTurbineRenamed,
  EventTypes.AssetTurbineDeleted,
];

/**
 * The read copy of asset's parks a service keeps in its own schema — by default
 * `park_ref (wind_farm_id, name, customer_id, active)` — kept by one handler of
 * asset.park.created/updated. A service that follows parks only (identity: which customer owns a
 * park) extends it as a `@Controller()`; one whose copy has other columns overrides `keepPark`.
 * `parkChanged` runs after the copy, in the same transaction.
 */
export abstract class ParkRefsConsumer {
  @OnEvent(EventTypes.AssetParkCreated, EventTypes.AssetParkUpdated)
  async onPark(@Payload() p: ParkEventPayload, @Ctx() ctx: BusContext): Promise<void> {
    await this.keepPark(ctx.manager, p);
    await this.parkChanged(ctx.manager, p);
  }

  /** Writes the park's copy. */
  protected async keepPark(m: EntityManager, p: ParkEventPayload): Promise<void> {
    await m.query(
      `INSERT INTO ${schemaOf(m)}.park_ref (wind_farm_id, name, customer_id, active) VALUES ($1, $2, $3, $4)
       ON CONFLICT (wind_farm_id) DO UPDATE SET name = EXCLUDED.name, customer_id = EXCLUDED.customer_id, active = EXCLUDED.active`,
      [p.windFarmId, p.windFarmName, p.customerId, p.active],
    );
  }

  /** After a park's copy changed (name, customer, active). */
  protected async parkChanged(_m: EntityManager, _park: ParkEventPayload): Promise<void> {}
}

/**
 * The read copies of asset's parks and turbines a service keeps in its own schema —
 * `park_ref (wind_farm_id, name, customer_id, active)` and
 * `turbine_ref (turbine_id, wind_farm_id, name, deleted)` — kept by one set of handlers.
 * A service's refs consumer extends it (as a `@Controller()`) and overrides the hooks for what it
 * derives from them (e.g. turbine names copied onto its own rows); one whose copies have other
 * columns (inspection's entities) overrides `keepPark` / `keepTurbine`. It adds handlers for any
 * other events it follows. The hooks run in the same transaction as the copy.
 */
export abstract class AssetRefsConsumer extends ParkRefsConsumer {
  @OnEvent(EventTypes.AssetTurbineCreated, EventTypes.AssetTurbineUpdated)
  async onTurbine(@Payload() p: TurbineEventPayload, @Ctx() ctx: BusContext): Promise<void> {
    await this.keepTurbine(ctx.manager, p);
    await this.turbineNamed(ctx.manager, p.turbineId, p.turbineName);
    await this.turbineChanged(ctx.manager, p);
    if (ctx.envelope.type === EventTypes.AssetTurbineCreated) await this.turbineCreated(ctx.manager, p);
  }

  @OnEvent(EventTypes.AssetTurbineRenamed)
  async onTurbineRenamed(@Payload() p: TurbineRenamedPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(`UPDATE ${schemaOf(ctx.manager)}.turbine_ref SET name = $2 WHERE turbine_id = $1`, [p.turbineId, p.turbineName]);
    await this.turbineNamed(ctx.manager, p.turbineId, p.turbineName);
  }

  @OnEvent(EventTypes.AssetTurbineDeleted)
  async onTurbineDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(`UPDATE ${schemaOf(ctx.manager)}.turbine_ref SET deleted = true WHERE turbine_id = $1`, [p.id]);
  }

  /** Writes the turbine's copy (created or updated: no longer deleted). */
  protected async keepTurbine(m: EntityManager, p: TurbineEventPayload): Promise<void> {
    await m.query(
      `INSERT INTO ${schemaOf(m)}.turbine_ref (turbine_id, wind_farm_id, name) VALUES ($1, $2, $3)
       ON CONFLICT (turbine_id) DO UPDATE SET wind_farm_id = EXCLUDED.wind_farm_id, name = EXCLUDED.name, deleted = false`,
      [p.turbineId, p.windFarmId, p.turbineName],
    );
  }

  /** After a turbine's copy was created, updated or renamed: the name belongs to the turbine. */
  protected async turbineNamed(_m: EntityManager, _turbineId: string, _name: string): Promise<void> {}

  /** After a turbine was created or updated: the whole payload (repair keeps its blade lengths). */
  protected async turbineChanged(_m: EntityManager, _turbine: TurbineEventPayload): Promise<void> {}

  /** After a new turbine's copy (and `turbineChanged`): what waits for a turbine to exist (demo data). */
  protected async turbineCreated(_m: EntityManager, _turbine: TurbineEventPayload): Promise<void> {}
}
