import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import {
  componentTypeOfPackage,
  EventTypes,
  type DefectEventPayload,
  type DeletedPayload,
  type InspectionCreatedPayload,
  type InspectionUpdatedPayload,
  type ProjectEventPayload,
  type TurbineEventPayload,
} from '@windward/contracts';
import type { EntityManager } from 'typeorm';
import { AssetRefsConsumer, keepOnlyActiveInspection, keepProjectRef, OnEvent, type BusContext, Sql } from '@windward/service-kit';

/**
 * Repair's read models of other contexts: parks and turbines (the kit's copies) with blade
 * lengths (the -13013 bound), inspections and defects (what plans are made of), users (the
 * technicians) and O&M projects (the -6009 time range).
 */
@Controller()
export class RefsConsumer extends AssetRefsConsumer {
  protected readonly schema: string;

  constructor(private readonly sql: Sql) {
    super();
    this.schema = sql.s;
  }

  private get s() {
    return this.sql.s;
  }

  /** Blades are optional in the payload: absent = keep what is stored. */
  protected override async turbineChanged(m: EntityManager, p: TurbineEventPayload): Promise<void> {
    if (!p.blades) return;
    for (const b of p.blades) {
      await m.query(
        `INSERT INTO ${this.s}.blade_ref (turbine_id, position, length_m) VALUES ($1, $2, $3)
         ON CONFLICT (turbine_id, position) DO UPDATE SET length_m = EXCLUDED.length_m`,
        [p.turbineId, b.position, b.length],
      );
    }
  }

  @OnEvent(EventTypes.InspectionInspectionCreated)
  async onInspection(@Payload() p: InspectionCreatedPayload, @Ctx() ctx: BusContext) {
    // Component and active flag: the O&M overview counts each turbine's latest inspection per component.
    const component = p.componentType ?? componentTypeOfPackage(p.packageType);
    await ctx.manager.query(
      `INSERT INTO ${this.s}.inspection_ref (inspection_id, turbine_id, wind_farm_id, inspection_date, component_type, is_active)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (inspection_id) DO UPDATE SET turbine_id = EXCLUDED.turbine_id, wind_farm_id = EXCLUDED.wind_farm_id,
         component_type = EXCLUDED.component_type, is_active = coalesce(EXCLUDED.is_active, inspection_ref.is_active)`,
      [p.inspectionId, p.turbineId, p.windFarmId, p.inspectionDate, component ?? null, p.isActive ?? null],
    );
    if (p.isActive) await keepOnlyActiveInspection(ctx.manager, `${this.s}.inspection_ref`, p.inspectionId, p.turbineId, component ?? null);
    // Defects announced before their inspection (or without park/turbine) learn where they are.
    await ctx.manager.query(
      `UPDATE ${this.s}.defect_ref SET wind_farm_id = coalesce(wind_farm_id, $2), turbine_id = coalesce(turbine_id, $3) WHERE inspection_id = $1`,
      [p.inspectionId, p.windFarmId, p.turbineId],
    );
  }

  /** The active flag changed (asset's "Latest"): the overview's latest inspection follows it. */
  @OnEvent(EventTypes.InspectionInspectionUpdated)
  async onInspectionUpdated(@Payload() p: InspectionUpdatedPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.query(`UPDATE ${this.s}.inspection_ref SET is_active = $2, component_type = coalesce(component_type, $3) WHERE inspection_id = $1`, [
      p.inspectionId,
      p.isActive,
      p.componentType,
    ]);
    if (p.isActive) await keepOnlyActiveInspection(ctx.manager, `${this.s}.inspection_ref`, p.inspectionId, p.turbineId, p.componentType);
  }

  @OnEvent(EventTypes.InspectionDefectCreated)
  async onDefectCreated(@Payload() p: DefectEventPayload, @Ctx() ctx: BusContext) {
    await this.onDefect(p, ctx);
  }

  /** Optional payload fields absent from an event keep what we knew; park and turbine fall back to the inspection's. */
  @OnEvent(EventTypes.InspectionDefectUpdated)
  async onDefect(@Payload() p: DefectEventPayload, @Ctx() ctx: BusContext) {
    const opt = (v: unknown) => (v === undefined ? null : v);
    await ctx.manager.query(
      `INSERT INTO ${this.s}.defect_ref AS d (defect_id, inspection_id, wind_farm_id, turbine_id, defect_no, defect_type, severity,
         blade_position, distance_to_root, repair_priority, timeline_status, dps_status, deleted)
       SELECT $1, $2, coalesce($3, i.wind_farm_id), coalesce($4, i.turbine_id), $5, $6, $7, $8, $9, $10, $11, $12, false
       FROM (SELECT 1) x LEFT JOIN ${this.s}.inspection_ref i ON i.inspection_id = $2
       ON CONFLICT (defect_id) DO UPDATE SET
         severity = EXCLUDED.severity, dps_status = EXCLUDED.dps_status, deleted = false,
         wind_farm_id = coalesce(EXCLUDED.wind_farm_id, d.wind_farm_id),
         turbine_id = coalesce(EXCLUDED.turbine_id, d.turbine_id),
         defect_no = coalesce(EXCLUDED.defect_no, d.defect_no),
         defect_type = coalesce(EXCLUDED.defect_type, d.defect_type),
         blade_position = CASE WHEN $13 THEN EXCLUDED.blade_position ELSE d.blade_position END,
         distance_to_root = CASE WHEN $13 THEN EXCLUDED.distance_to_root ELSE d.distance_to_root END,
         repair_priority = CASE WHEN $13 THEN EXCLUDED.repair_priority ELSE d.repair_priority END,
         timeline_status = coalesce(EXCLUDED.timeline_status, d.timeline_status)`,
      [
        p.defectId,
        p.inspectionId,
        opt(p.windFarmId),
        opt(p.turbineId),
        opt(p.defectNo),
        opt(p.defectType),
        p.severity,
        opt(p.bladePosition),
        opt(p.distanceToRoot),
        opt(p.repairPriority),
        opt(p.timelineStatus),
        p.dpsStatus,
        // The position fields travel together: a payload with the defect number carries all of them.
        p.defectNo !== undefined,
      ],
    );
  }

  /** Deleted defects stay known (a plan may reference them) but can no longer be chosen. */
  @OnEvent(EventTypes.InspectionDefectDeleted)
  async onDefectDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.query(`UPDATE ${this.s}.defect_ref SET deleted = true WHERE defect_id = $1`, [p.id]);
  }

  @OnEvent(EventTypes.DeliveryProjectCreated, EventTypes.DeliveryProjectUpdated, EventTypes.DeliveryProjectStatusChanged)
  async onProject(@Payload() p: ProjectEventPayload, @Ctx() ctx: BusContext) {
    await keepProjectRef(ctx.manager, `${this.s}.project_ref`, p);
  }

  @OnEvent(EventTypes.DeliveryProjectDeleted)
  async onProjectDeleted(@Payload() p: DeletedPayload, @Ctx() ctx: BusContext) {
    await ctx.manager.query(`DELETE FROM ${this.s}.project_ref WHERE project_id = $1`, [p.id]);
  }
}
