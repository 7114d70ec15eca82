import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import {
  EventTypes,
  type CustomerEventPayload,
  type DefectEventPayload,
  type DeletedPayload,
  type InspectionCreatedPayload,
  type OrganizationEventPayload,
  type ParkEventPayload,
  type UserEventPayload,
} from '@windward/contracts';
import type { EntityManager } from 'typeorm';
import { AssetRefsConsumer, EventPublisher, OnEvent, SERVICE_CONFIG, type BusContext, type ServiceConfig } from '@windward/service-kit';
import { seedDemoProject } from '../seed/demo-seed.js';

/**
 * Delivery's read copies: parks and turbines (the kit's), customers (name, organization, turbine
 * quota for manual projects), organizations (names on the project list) and inspections (a
 * project "has inspection data"; the summary counts them), users (names and teams of performance statistics).
 */
@Controller()
export class RefsConsumer extends AssetRefsConsumer {
  protected readonly schema: string;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly cfg: ServiceConfig,
    private readonly events: EventPublisher,
  ) {
    super();
    this.schema = `"${cfg.schema}"`;
  }

  /** Demo parks get a demo project (SEED_DEMO=true only). */
  protected override async parkChanged(m: EntityManager, park: ParkEventPayload): Promise<void> {
    if (this.cfg.seedDemo && park.active) await seedDemoProject(m, this.events, park);
  }

  @OnEvent(EventTypes.IdentityCustomerCreated, EventTypes.IdentityCustomerUpdated)
  async onCustomer(@Payload() p: CustomerEventPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(
      `INSERT INTO ${this.schema}.customer_ref (customer_id, name, organization_id, max_turbines) VALUES ($1, $2, $3, $4)
       ON CONFLICT (customer_id) DO UPDATE SET name = EXCLUDED.name, organization_id = EXCLUDED.organization_id,
         max_turbines = EXCLUDED.max_turbines, deleted = false`,
      [p.customerId, p.customerName, p.organizationId, p.maxTurbines],
    );
  }

  @OnEvent(EventTypes.IdentityCustomerDeleted)
  async onCustomerDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(`UPDATE ${this.schema}.customer_ref SET deleted = true WHERE customer_id = $1`, [p.id]);
  }

  @OnEvent(EventTypes.IdentityOrganizationCreated, EventTypes.IdentityOrganizationUpdated)
  async onOrganization(@Payload() p: OrganizationEventPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(
      `INSERT INTO ${this.schema}.organization_ref (organization_id, name) VALUES ($1, $2)
       ON CONFLICT (organization_id) DO UPDATE SET name = EXCLUDED.name, deleted = false`,
      [p.organizationGuid, p.organizationName],
    );
  }

  @OnEvent(EventTypes.IdentityOrganizationDeleted)
  async onOrganizationDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(`UPDATE ${this.schema}.organization_ref SET deleted = true WHERE organization_id = $1`, [p.id]);
  }

  /** Users: performance statistics name people and group them by organization (team). */
  @OnEvent(EventTypes.IdentityUserCreated, EventTypes.IdentityUserUpdated)
  async onUser(@Payload() p: UserEventPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(
      `INSERT INTO ${this.schema}.user_ref (user_id, display_name, organization_id) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET display_name = EXCLUDED.display_name, organization_id = EXCLUDED.organization_id, deleted = false`,
      [p.userId, p.displayName || p.username, p.organizationId],
    );
  }

  @OnEvent(EventTypes.IdentityUserDeleted)
  async onUserDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(`UPDATE ${this.schema}.user_ref SET deleted = true WHERE user_id = $1`, [p.id]);
  }

  @OnEvent(EventTypes.InspectionInspectionCreated)
  async onInspection(@Payload() p: InspectionCreatedPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(
      `INSERT INTO ${this.schema}.inspection_ref (inspection_id, turbine_id, wind_farm_id, component_type, inspection_data_config_id, inspection_date)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (inspection_id) DO NOTHING`,
      [p.inspectionId, p.turbineId, p.windFarmId, p.componentType ?? p.packageType, p.inspectionDataConfigId ?? null, p.inspectionDate],
    );
  }

  /** Inspection's defects: the investigation pool. */
  @OnEvent(EventTypes.InspectionDefectCreated, EventTypes.InspectionDefectUpdated)
  async onDefect(@Payload() p: DefectEventPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(
      `INSERT INTO ${this.schema}.defect_ref (defect_id, inspection_id, severity, defect_no, defect_type, blade_position) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (defect_id) DO UPDATE SET inspection_id = EXCLUDED.inspection_id, severity = EXCLUDED.severity, deleted = false,
         defect_no = CASE WHEN $7 THEN EXCLUDED.defect_no ELSE defect_ref.defect_no END,
         defect_type = CASE WHEN $8 THEN EXCLUDED.defect_type ELSE defect_ref.defect_type END,
         blade_position = CASE WHEN $9 THEN EXCLUDED.blade_position ELSE defect_ref.blade_position END`,
      // Older events carry no number, type or blade: absent = keep what is stored.
      [p.defectId, p.inspectionId, p.severity, p.defectNo ?? null, p.defectType ?? null, p.bladePosition ?? null, p.defectNo !== undefined, p.defectType !== undefined, p.bladePosition !== undefined],
    );
  }

  @OnEvent(EventTypes.InspectionDefectDeleted)
  async onDefectDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(`UPDATE ${this.schema}.defect_ref SET deleted = true WHERE defect_id = $1`, [p.id]);
  }
}
