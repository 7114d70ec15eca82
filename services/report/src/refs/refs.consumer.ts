import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import {
  EventTypes,
  componentTypeOfPackage,
  type DefectEventPayload,
  type DeletedPayload,
  type InspectionCreatedPayload,
  type InspectionUpdatedPayload,
  type LpsChangedPayload,
  type RepairDefectRepairedPayload,
  type RepairDefectStatusPayload,
  type CampaignEventPayload,
  type ProjectEventPayload,
  type TimelineChangedPayload,
} from '@windward/contracts';
import { AssetRefsConsumer, keepOnlyActiveInspection, OnEvent, SERVICE_CONFIG, type BusContext, type ServiceConfig } from '@windward/service-kit';

/**
 * The report context's read models: parks and turbines (the kit's copies), projects from delivery,
 * inspections and defects from inspection. Reports are rendered from these only; report never
 * reads another service's tables.
 */
@Controller()
export class RefsConsumer extends AssetRefsConsumer {
  protected readonly schema: string;

  constructor(@Inject(SERVICE_CONFIG) cfg: ServiceConfig) {
    super();
    this.schema = `"${cfg.schema}"`;
  }

  @OnEvent(EventTypes.DeliveryProjectCreated, EventTypes.DeliveryProjectUpdated, EventTypes.DeliveryProjectStatusChanged)
  async onProject(@Payload() p: ProjectEventPayload, @Ctx() ctx: BusContext): Promise<void> {
    // Optional fields absent = unknown: keep what is stored (a status change carries no parks).
    await ctx.manager.query(
      `INSERT INTO ${this.schema}.project_ref (project_id, name, customer_id, wind_farm_ids, turbine_ids)
       VALUES ($1, $2, $3, COALESCE($4::uuid[], '{}'), COALESCE($5::uuid[], '{}'))
       ON CONFLICT (project_id) DO UPDATE SET name = EXCLUDED.name,
         customer_id = COALESCE($3, project_ref.customer_id),
         wind_farm_ids = COALESCE($4::uuid[], project_ref.wind_farm_ids),
         turbine_ids = COALESCE($5::uuid[], project_ref.turbine_ids),
         deleted = false`,
      [p.projectId, p.projectName, p.customerId ?? null, p.windFarmIds ?? null, p.turbineIds ?? null],
    );
  }

  @OnEvent(EventTypes.DeliveryProjectDeleted)
  async onProjectDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(`UPDATE ${this.schema}.project_ref SET deleted = true WHERE project_id = $1`, [p.id]);
  }

  @OnEvent(EventTypes.InspectionInspectionCreated)
  async onInspection(@Payload() p: InspectionCreatedPayload, @Ctx() ctx: BusContext): Promise<void> {
    const component = p.componentType ?? componentTypeOfPackage(p.packageType);
    await ctx.manager.query(
      `INSERT INTO ${this.schema}.inspection_ref (inspection_id, turbine_id, wind_farm_id, inspection_date, component_type, package_type, is_active)
       VALUES ($1, $2, $3, $4::timestamptz::date, $5, $6, $7)
       ON CONFLICT (inspection_id) DO UPDATE SET turbine_id = EXCLUDED.turbine_id, wind_farm_id = EXCLUDED.wind_farm_id,
         inspection_date = EXCLUDED.inspection_date, component_type = EXCLUDED.component_type, package_type = EXCLUDED.package_type`,
      [p.inspectionId, p.turbineId, p.windFarmId, p.inspectionDate, component ?? null, p.packageType, p.isActive ?? true],
    );
    if (p.isActive) await this.onlyActive(ctx, p.inspectionId, p.turbineId, component ?? null);
  }

  @OnEvent(EventTypes.InspectionInspectionUpdated)
  async onInspectionUpdated(@Payload() p: InspectionUpdatedPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(`UPDATE ${this.schema}.inspection_ref SET is_active = $2 WHERE inspection_id = $1`, [
      p.inspectionId,
      p.isActive,
    ]);
    if (p.isActive) await this.onlyActive(ctx, p.inspectionId, p.turbineId, p.componentType);
  }

  /** Activating one inspection deactivates the turbine's others of the same component (inspection's rule). */
  private onlyActive(ctx: BusContext, inspectionId: string, turbineId: string, component: number | null) {
    return keepOnlyActiveInspection(ctx.manager, `${this.schema}.inspection_ref`, inspectionId, turbineId, component);
  }

  @OnEvent(EventTypes.InspectionDefectCreated, EventTypes.InspectionDefectUpdated)
  async onDefect(@Payload() p: DefectEventPayload, @Ctx() ctx: BusContext): Promise<void> {
    // Older events carry only severity and DPS status: COALESCE keeps what a fuller event told.
    await ctx.manager.query(
      `INSERT INTO ${this.schema}.defect_ref (defect_id, inspection_id, severity, dps_status, defect_no, defect_type, blade_position,
         position, distance_to_root, size_length, size_width, repair_priority, recommendation, polygon, image_uri, image_width, image_height)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $15::jsonb, $16, $17, $18)
       ON CONFLICT (defect_id) DO UPDATE SET severity = EXCLUDED.severity, dps_status = EXCLUDED.dps_status,
         defect_no = COALESCE(EXCLUDED.defect_no, defect_ref.defect_no),
         defect_type = COALESCE(EXCLUDED.defect_type, defect_ref.defect_type),
         blade_position = CASE WHEN $14 THEN EXCLUDED.blade_position ELSE defect_ref.blade_position END,
         position = CASE WHEN $14 THEN EXCLUDED.position ELSE defect_ref.position END,
         distance_to_root = CASE WHEN $14 THEN EXCLUDED.distance_to_root ELSE defect_ref.distance_to_root END,
         size_length = CASE WHEN $14 THEN EXCLUDED.size_length ELSE defect_ref.size_length END,
         size_width = CASE WHEN $14 THEN EXCLUDED.size_width ELSE defect_ref.size_width END,
         repair_priority = CASE WHEN $14 THEN EXCLUDED.repair_priority ELSE defect_ref.repair_priority END,
         recommendation = CASE WHEN $14 THEN EXCLUDED.recommendation ELSE defect_ref.recommendation END,
         polygon = CASE WHEN $19 THEN EXCLUDED.polygon ELSE defect_ref.polygon END,
         image_uri = CASE WHEN $20 THEN EXCLUDED.image_uri ELSE defect_ref.image_uri END,
         image_width = CASE WHEN $20 THEN EXCLUDED.image_width ELSE defect_ref.image_width END,
         image_height = CASE WHEN $20 THEN EXCLUDED.image_height ELSE defect_ref.image_height END`,
      [
        p.defectId,
        p.inspectionId,
        p.severity,
        p.dpsStatus,
        p.defectNo ?? null,
        p.defectType ?? null,
        p.bladePosition ?? null,
        p.position ?? null,
        p.distanceToRoot ?? null,
        p.sizeLength ?? null,
        p.sizeWidth ?? null,
        p.repairPriority ?? null,
        p.recommendation ?? null,
        p.defectType !== undefined,
        p.polygon ? JSON.stringify(p.polygon) : null,
        p.image?.uri ?? null,
        p.image?.width ?? null,
        p.image?.height ?? null,
        // Absent (older events) = unknown: keep what is stored; null = none.
        p.polygon !== undefined,
        p.image !== undefined,
      ],
    );
  }

  @OnEvent(EventTypes.InspectionDefectDeleted)
  async onDefectDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(`DELETE FROM ${this.schema}.defect_ref WHERE defect_id = $1`, [p.id]);
    await ctx.manager.query(`DELETE FROM ${this.schema}.defect_repair WHERE defect_id = $1`, [p.id]);
    await ctx.manager.query(`DELETE FROM ${this.schema}.defect_timeline WHERE defect_id = $1`, [p.id]);
  }

  /**
   * Repair's outcome of a defect (completed or fixed), shown on the turbine pages. Kept on its own
   * row: it may come before inspection's defect event (another topic).
   */
  @OnEvent(EventTypes.RepairDefectRepaired)
  async onRepaired(@Payload() p: RepairDefectRepairedPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(
      `INSERT INTO ${this.schema}.defect_repair (defect_id, repair_status, repaired_at) VALUES ($1, $2, $3)
       ON CONFLICT (defect_id) DO UPDATE SET repair_status = EXCLUDED.repair_status, repaired_at = EXCLUDED.repaired_at`,
      [p.defectId, p.repairStatus, p.repairedAt],
    );
  }

  /** Every LPS reading of an LPS inspection (the full set replaces the copy). */
  @OnEvent(EventTypes.InspectionLpsChanged)
  async onLps(@Payload() p: LpsChangedPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(
      `INSERT INTO ${this.schema}.lps_ref (inspection_id, turbine_id, wind_farm_id, readings) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (inspection_id) DO UPDATE SET turbine_id = EXCLUDED.turbine_id, wind_farm_id = EXCLUDED.wind_farm_id, readings = EXCLUDED.readings`,
      [p.inspectionId, p.turbineId, p.windFarmId, JSON.stringify(p.readings ?? [])],
    );
  }

  /**
   * An inspection's defect timeline (the full set replaces the copy): its previous inspection and
   * each defect's status and matched previous defect — the chains the timelines across inspections follow.
   */
  @OnEvent(EventTypes.InspectionTimelineChanged)
  async onTimeline(@Payload() p: TimelineChangedPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(
      `INSERT INTO ${this.schema}.inspection_timeline (inspection_id, previous_inspection_id) VALUES ($1, $2)
       ON CONFLICT (inspection_id) DO UPDATE SET previous_inspection_id = EXCLUDED.previous_inspection_id`,
      [p.inspectionId, p.previousInspectionId],
    );
    await ctx.manager.query(`DELETE FROM ${this.schema}.defect_timeline WHERE inspection_id = $1`, [p.inspectionId]);
    await ctx.manager.query(
      `INSERT INTO ${this.schema}.defect_timeline (defect_id, inspection_id, timeline_status, previous_defect_id)
       SELECT x.defect_id, $1, x.timeline_status, x.previous_defect_id
       FROM jsonb_to_recordset($2::jsonb) AS x(defect_id uuid, timeline_status text, previous_defect_id uuid)
       ON CONFLICT (defect_id) DO UPDATE SET inspection_id = EXCLUDED.inspection_id, timeline_status = EXCLUDED.timeline_status,
         previous_defect_id = EXCLUDED.previous_defect_id`,
      [
        p.inspectionId,
        JSON.stringify(
          (p.defects ?? []).map((d) => ({ defect_id: d.defectId, timeline_status: d.timelineStatus, previous_defect_id: d.previousDefectId })),
        ),
      ],
    );
  }

  /** A repair campaign: name and status always; park, customer, dates and its defects (all "not started") when the event has them. */
  @OnEvent(EventTypes.RepairCampaignCreated, EventTypes.RepairCampaignStatusChanged)
  async onCampaign(@Payload() p: CampaignEventPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(
      `INSERT INTO ${this.schema}.repair_campaign_ref (campaign_id, name, status, wind_farm_id, customer_id, start_date, end_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (campaign_id) DO UPDATE SET name = EXCLUDED.name, status = EXCLUDED.status,
         wind_farm_id = COALESCE(EXCLUDED.wind_farm_id, repair_campaign_ref.wind_farm_id),
         customer_id = COALESCE(EXCLUDED.customer_id, repair_campaign_ref.customer_id),
         start_date = COALESCE(EXCLUDED.start_date, repair_campaign_ref.start_date),
         end_date = COALESCE(EXCLUDED.end_date, repair_campaign_ref.end_date)`,
      [p.campaignId, p.name, p.status, p.windFarmId ?? null, p.customerId ?? null, p.startDate ?? null, p.endDate ?? null],
    );
    if (p.defectIds?.length) {
      // 1 = not started; a status change that came first is kept.
      await ctx.manager.query(
        `INSERT INTO ${this.schema}.repair_campaign_defect (campaign_id, defect_id, repair_status)
         SELECT $1, unnest($2::uuid[]), 1 ON CONFLICT DO NOTHING`,
        [p.campaignId, p.defectIds],
      );
    }
  }

  @OnEvent(EventTypes.RepairCampaignDeleted)
  async onCampaignDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(`UPDATE ${this.schema}.repair_campaign_ref SET deleted = true WHERE campaign_id = $1`, [p.id]);
    await ctx.manager.query(`DELETE FROM ${this.schema}.repair_campaign_defect WHERE campaign_id = $1`, [p.id]);
  }

  /** A defect's repair status in a campaign (every change, not only the repaired outcomes). */
  @OnEvent(EventTypes.RepairDefectStatusChanged)
  async onRepairStatus(@Payload() p: RepairDefectStatusPayload, @Ctx() ctx: BusContext): Promise<void> {
    await ctx.manager.query(
      `INSERT INTO ${this.schema}.repair_campaign_defect (campaign_id, defect_id, repair_status, changed_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (campaign_id, defect_id) DO UPDATE SET repair_status = EXCLUDED.repair_status, changed_at = EXCLUDED.changed_at`,
      [p.campaignId, p.defectId, p.repairStatus, p.changedAt],
    );
  }
}
