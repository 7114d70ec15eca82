import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from 'typeorm';
import { EventTypes, type DeletedPayload, type ProjectEventPayload } from '@windward/contracts';
import { AssetRefsConsumer, keepProjectRef, OnEvent, SERVICE_CONFIG, type BusContext, type ServiceConfig } from '@windward/service-kit';

/**
 * Parks and turbines as asset announces them (the kit's read copies): an upload task names a
 * park and a turbine of it, and the park's customer is the data scope of its upload tasks.
 * Delivery's projects: the workbook check puts each inspection date in a project of the park.
 */
@Controller()
export class RefsConsumer extends AssetRefsConsumer {
  protected readonly schema: string;

  constructor(@Inject(SERVICE_CONFIG) cfg: ServiceConfig) {
    super();
    this.schema = `"${cfg.schema}"`;
  }

  /** The name belongs to the turbine: upload tasks show (and announce at completion) the current one. */
  protected override async turbineNamed(m: EntityManager, turbineId: string, name: string): Promise<void> {
    await m.query(`UPDATE ${this.schema}.upload_task SET turbine_name = $2 WHERE turbine_id = $1 AND turbine_name <> $2`, [turbineId, name]);
  }

  @OnEvent(EventTypes.DeliveryProjectCreated, EventTypes.DeliveryProjectUpdated, EventTypes.DeliveryProjectStatusChanged)
  async onProject(@Payload() p: ProjectEventPayload, @Ctx() ctx: BusContext) {
    await keepProjectRef(ctx.manager, `${this.schema}.project_ref`, p);
  }

  @OnEvent(EventTypes.DeliveryProjectDeleted)
  async onProjectDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.query(`DELETE FROM ${this.schema}.project_ref WHERE project_id = $1`, [p.id]);
  }
}
