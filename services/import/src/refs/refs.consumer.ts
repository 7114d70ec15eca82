import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from 'typeorm';
import { EventTypes, type DefectTemplatePayload, type DeletedPayload, type ProjectEventPayload, type TurbineEventPayload } from '@windward/contracts';
import {
  AssetRefsConsumer,
  keepDefectTemplateRef,
  keepProjectRef,
  OnEvent,
  SERVICE_CONFIG,
  type BusContext,
  type ServiceConfig,
} from '@windward/service-kit';

/**
 * Parks and turbines as asset announces them (the kit's read copies): an upload task names a
 * park and a turbine of it, and the park's customer is the data scope of its upload tasks.
 * The workbook check compares rows with the rest: each turbine's blades (asset), delivery's
 * projects (dates, defect template) and the customers' defect templates (inspection).
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

  /** The turbine's blade configuration; `blades` absent = asset did not say, keep what is known. */
  protected override async turbineChanged(m: EntityManager, t: TurbineEventPayload): Promise<void> {
    if (!t.blades) return;
    await m.query(`DELETE FROM ${this.schema}.blade_ref WHERE turbine_id = $1`, [t.turbineId]);
    for (const b of t.blades)
      await m.query(`INSERT INTO ${this.schema}.blade_ref (turbine_id, position, name, serial_number) VALUES ($1, $2, $3, $4)`, [
        t.turbineId,
        b.position,
        b.name,
        b.serialNumber,
      ]);
    await m.query(`UPDATE ${this.schema}.turbine_ref SET blades_known = true WHERE turbine_id = $1`, [t.turbineId]);
  }

  @OnEvent(EventTypes.DeliveryProjectCreated, EventTypes.DeliveryProjectUpdated, EventTypes.DeliveryProjectStatusChanged)
  async onProject(@Payload() p: ProjectEventPayload, @Ctx() ctx: BusContext) {
    await keepProjectRef(ctx.manager, `${this.schema}.project_ref`, p);
    if (p.defectTemplateId !== undefined)
      await ctx.manager.query(`UPDATE ${this.schema}.project_ref SET defect_template_id = $2 WHERE project_id = $1`, [p.projectId, p.defectTemplateId]);
  }

  @OnEvent(EventTypes.DeliveryProjectDeleted)
  async onProjectDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.query(`DELETE FROM ${this.schema}.project_ref WHERE project_id = $1`, [p.id]);
  }

  @OnEvent(EventTypes.InspectionDefectTemplateChanged)
  async onDefectTemplate(@Payload() p: DefectTemplatePayload, @Ctx() ctx: BusContext) {
    await keepDefectTemplateRef(ctx.manager, `${this.schema}.defect_template_ref`, p);
  }
}
