import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import {
  EventTypes,
  type DeletedPayload,
  type ParkEventPayload,
  type TurbineEventPayload,
  type TurbineRenamedPayload,
} from '@windward/contracts';
import { OnEvent, SERVICE_CONFIG, type BusContext, type ServiceConfig } from '@windward/service-kit';

/**
 * Parks and turbines as asset announces them: an upload task names a park and a turbine of it,
 * and the park's customer is the data scope of its upload tasks.
 */
@Controller()
export class RefsConsumer {
  private readonly s: string;
  constructor(@Inject(SERVICE_CONFIG) cfg: ServiceConfig) {
    this.s = `"${cfg.schema}"`;
  }

  @OnEvent(EventTypes.AssetParkCreated, EventTypes.AssetParkUpdated)
  async onPark(@Payload() p: ParkEventPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.query(
      `INSERT INTO ${this.s}.park_ref (wind_farm_id, name, customer_id, active) VALUES ($1, $2, $3, $4)
       ON CONFLICT (wind_farm_id) DO UPDATE SET name = EXCLUDED.name, customer_id = EXCLUDED.customer_id, active = EXCLUDED.active`,
      [p.windFarmId, p.windFarmName, p.customerId, p.active],
    );
  }

  @OnEvent(EventTypes.AssetTurbineCreated, EventTypes.AssetTurbineUpdated)
  async onTurbine(@Payload() p: TurbineEventPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.query(
      `INSERT INTO ${this.s}.turbine_ref (turbine_id, wind_farm_id, name) VALUES ($1, $2, $3)
       ON CONFLICT (turbine_id) DO UPDATE SET wind_farm_id = EXCLUDED.wind_farm_id, name = EXCLUDED.name, deleted = false`,
      [p.turbineId, p.windFarmId, p.turbineName],
    );
    await this.followName(ctx, p.turbineId, p.turbineName);
  }

  @OnEvent(EventTypes.AssetTurbineRenamed)
  async onRenamed(@Payload() p: TurbineRenamedPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.query(`UPDATE ${this.s}.turbine_ref SET name = $2 WHERE turbine_id = $1`, [p.turbineId, p.turbineName]);
    await this.followName(ctx, p.turbineId, p.turbineName);
  }

  @OnEvent(EventTypes.AssetTurbineDeleted)
  async onDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.query(`UPDATE ${this.s}.turbine_ref SET deleted = true WHERE turbine_id = $1`, [p.id]);
  }

  /** The name belongs to the turbine: upload tasks show (and announce at completion) the current one. */
  private async followName(ctx: BusContext, turbineId: string, name: string) {
    await ctx.manager.query(`UPDATE ${this.s}.upload_task SET turbine_name = $2 WHERE turbine_id = $1 AND turbine_name <> $2`, [
      turbineId,
      name,
    ]);
  }
}
