import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import {
  EventTypes,
  type CustomerEventPayload,
  type DeletedPayload,
  type InspectionCampaignEventPayload,
  type OrganizationEventPayload,
  type ParkEventPayload,
  type TurbineMovedPayload,
} from '@windward/contracts';
import type { EntityManager } from 'typeorm';
import { AssetRefsConsumer, OnEvent, type BusContext, Sql } from '@windward/service-kit';
import { FlowService } from '../tasks/flow.service.js';

/**
 * Task-flow's read models of other contexts: park and turbine (the kit's copies), customer (with flow configs),
 * organization and user names, and inspection campaigns. Names are copied onto tasks so the
 * task lists sort and filter on one table.
 */
@Controller()
export class RefsConsumer extends AssetRefsConsumer {
  protected readonly schema: string;

  constructor(
    private readonly sql: Sql,
    private readonly flow: FlowService,
  ) {
    super();
    this.schema = sql.s;
  }

  private get s() {
    return this.sql.s;
  }

  /** A park's name and customer are copied onto its tasks (lists sort and filter on one table). */
  protected override async parkChanged(m: EntityManager, p: ParkEventPayload): Promise<void> {
    await this.flow.refreshNames(m, undefined, 't.wind_farm_id = $1', [p.windFarmId]);
  }

  protected override async turbineNamed(m: EntityManager, turbineId: string, name: string): Promise<void> {
    await m.query(`UPDATE ${this.s}.task SET turbine_name = $2 WHERE turbine_id = $1 AND turbine_name <> $2`, [turbineId, name]);
  }

  /** Inspections moved to another turbine of the same park take their tasks along. */
  @OnEvent(EventTypes.AssetTurbineMoved)
  async onMoved(@Payload() p: TurbineMovedPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.query(
      `UPDATE ${this.s}.task t SET turbine_id = $2, turbine_name = coalesce(tr.name, t.turbine_name)
       FROM (SELECT $2::uuid AS id) x LEFT JOIN ${this.s}.turbine_ref tr ON tr.turbine_id = x.id
       WHERE t.inspection_id = ANY($1::uuid[])`,
      [p.inspectionGuids, p.toTurbineId],
    );
    await ctx.manager.query(`UPDATE ${this.s}.inspection_ref SET turbine_id = $2 WHERE inspection_id = ANY($1::uuid[])`, [p.inspectionGuids, p.toTurbineId]);
  }

  /** Flow configs are optional in the payload: absent = keep what is stored (identity must publish them). */
  @OnEvent(EventTypes.IdentityCustomerCreated, EventTypes.IdentityCustomerUpdated)
  async onCustomer(@Payload() p: CustomerEventPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.query(
      `INSERT INTO ${this.s}.customer_ref (customer_id, name, organization_id, flow_configs) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (customer_id) DO UPDATE SET name = EXCLUDED.name, organization_id = EXCLUDED.organization_id,
         flow_configs = coalesce(EXCLUDED.flow_configs, ${this.s}.customer_ref.flow_configs), deleted = false`,
      [p.customerId, p.customerName, p.organizationId, p.flowConfigs === undefined ? null : JSON.stringify(p.flowConfigs)],
    );
    await this.flow.refreshNames(ctx.manager, undefined, 't.customer_id = $1 OR t.wind_farm_id IN (SELECT wind_farm_id FROM ' + this.s + '.park_ref WHERE customer_id = $1)', [
      p.customerId,
    ]);
  }

  @OnEvent(EventTypes.IdentityCustomerDeleted)
  async onCustomerDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.query(`UPDATE ${this.s}.customer_ref SET deleted = true WHERE customer_id = $1`, [p.id]);
  }

  @OnEvent(EventTypes.IdentityOrganizationCreated, EventTypes.IdentityOrganizationUpdated)
  async onOrganization(@Payload() p: OrganizationEventPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.query(
      `INSERT INTO ${this.s}.organization_ref (organization_id, name) VALUES ($1, $2) ON CONFLICT (organization_id) DO UPDATE SET name = EXCLUDED.name`,
      [p.organizationGuid, p.organizationName],
    );
    await ctx.manager.query(`UPDATE ${this.s}.task SET organization_name = $2 WHERE organization_id = $1`, [p.organizationGuid, p.organizationName]);
  }

  /** Inspection campaigns (optional delivery events): an inactive campaign never becomes active again. */
  @OnEvent(EventTypes.DeliveryCampaignCreated, EventTypes.DeliveryCampaignUpdated)
  async onCampaign(@Payload() p: InspectionCampaignEventPayload, @Ctx() ctx: BusContext) {
    const [row] = await ctx.manager.query(
      `INSERT INTO ${this.s}.campaign_ref (campaign_id, name, project_id, project_type, status, active) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (campaign_id) DO UPDATE SET name = EXCLUDED.name, project_id = EXCLUDED.project_id, project_type = EXCLUDED.project_type,
         status = EXCLUDED.status, active = ${this.s}.campaign_ref.active AND EXCLUDED.active
       RETURNING active`,
      [p.campaignId, p.name, p.projectId, p.projectType ?? null, p.status, p.active],
    );
    await ctx.manager.query(`UPDATE ${this.s}.task SET project_type = $2 WHERE campaign_id = $1 AND project_type IS DISTINCT FROM $2`, [
      p.campaignId,
      p.projectType ?? null,
    ]);
    if (!row.active) await this.flow.campaignInactive(ctx.manager, p.campaignId);
  }
}
