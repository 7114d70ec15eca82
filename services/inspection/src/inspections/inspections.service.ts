import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, EventTypes, componentTypeOfPackage } from '@windward/contracts';
import { EventPublisher, parsePage, type AuthUser } from '@windward/service-kit';
import { ParkRef, TurbineRef, BladeRef } from '../refs/refs.entity.js';
import { assertCanEdit, canSeeRow, loadInspection } from '../common/access.js';
import { invalid } from '../common/checks.js';
import { uniqueAsConflict } from '@windward/service-kit';
import { hasTimelineLink } from '../timeline/timeline.store.js';
import { Inspection } from './inspection.entity.js';
import { INSPECTION_SORT_FIELDS, InspectionRepository, type InspectionRow } from './inspection.repository.js';
import type { CreateInspectionDto, InspectionListQuery, MoveCheckQuery, UpdateInspectionDto } from './inspection.dto.js';
import type { InspectionDetailView, InspectionPage, InspectionView, MoveCheckView } from './inspection.view.js';

/** DPS sort rank (dps_rank column) back to the status it stands for. */
export const DPS_OF_RANK = [4, 2, 3, 1, 0];

const day = (v: string | Date) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

export function presentInspection(r: InspectionRow): InspectionView {
  return {
    inspectionId: r.id,
    inspectionGuid: r.id,
    turbineId: r.turbine_id,
    turbineName: r.turbine_name,
    windFarmId: r.wind_park_id,
    customerId: r.customer_id,
    packageType: r.package_type,
    componentType: r.component_type,
    inspectionDate: day(r.inspection_date),
    isActive: r.is_active,
    pilot: r.pilot,
    deviceId: r.device_id,
    inspectionDataConfigId: r.inspection_data_config_id,
    previousInspectionId: r.previous_inspection_id,
    defectCount: r.defect_count,
    imageCount: r.image_count,
    tiledImageCount: r.tiled_count,
    dpsStatus: r.dps_rank === null ? null : DPS_OF_RANK[r.dps_rank],
    createdAt: r.created_at,
  };
}

@Injectable()
export class InspectionsService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
    private readonly repo: InspectionRepository,
  ) {}

  async create(user: AuthUser, dto: CreateInspectionDto): Promise<InspectionDetailView> {
    const component = componentTypeOfPackage(dto.packageType);
    if (component === null) invalid('packageType', 'a package type of SPEC §3');
    if (dto.componentType !== undefined && dto.componentType !== component) throw new AppError('INSPECTION_COMPONENT_MISMATCH');
    const date = toDay(dto.inspectionDate);
    assertCanEdit(user, component!);
    const id = await uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          const turbine = await m.findOne(TurbineRef, { where: { turbineId: dto.turbineId, deleted: false } });
          const park = turbine && (await m.findOne(ParkRef, { where: { windParkId: turbine.windParkId } }));
          if (!turbine || !park || !canSeeRow(user, { customerId: park.customerId, windParkId: park.windParkId }))
            throw new AppError('NOT_FOUND');
          return (
            await createInspection(m, this.events, {
              turbine,
              park,
              packageType: dto.packageType,
              componentType: component!,
              inspectionDate: date,
              isActive: dto.isActive,
              pilot: dto.pilot?.trim() || null,
              deviceId: dto.deviceId?.trim() || null,
              inspectionDataConfigId: dto.inspectionDataConfigId ?? null,
              userId: user.userId,
            })
          ).id;
        }),
      { inspection_same_day_uq: -10009 },
    );
    return this.get(user, id);
  }

  async list(user: AuthUser, q: InspectionListQuery): Promise<InspectionPage> {
    // Dates default to newest first; everything else (DPS priority first) ascending.
    const newestFirst = q.fieldToSort === undefined || q.fieldToSort === 'inspectionDate' || q.fieldToSort === 'createdAt';
    const page = parsePage(q, INSPECTION_SORT_FIELDS, { sortField: 'inspectionDate', descending: newestFirst, pageSize: 20 });
    const windFarmId = q.windFarmId ?? q.windParkId;
    if (!windFarmId && !q.turbineId) invalid('windFarmId', 'windFarmId or turbineId is required');
    const { rows, totalCount } = await this.repo.findPage(
      user,
      { windParkId: windFarmId, turbineId: q.turbineId, componentType: q.componentType, packageType: q.packageType, isActive: q.isActive },
      page,
    );
    return { results: rows.map(presentInspection), totalCount };
  }

  async get(user: AuthUser, id: string): Promise<InspectionDetailView> {
    const insp = await loadInspection(this.ds.manager, user, id);
    const row = await this.repo.findRow(insp.id);
    return { ...presentInspection(row!), blades: insp.blades };
  }

  async update(user: AuthUser, id: string, dto: UpdateInspectionDto): Promise<InspectionDetailView> {
    await this.ds.transaction(async (m) => {
      const insp = await loadInspection(m, user, id, true);
      assertCanEdit(user, insp.componentType);
      if (dto.pilot !== undefined) insp.pilot = dto.pilot?.trim() || null;
      if (dto.deviceId !== undefined) insp.deviceId = dto.deviceId?.trim() || null;
      if (dto.isActive !== undefined) {
        insp.isActive = dto.isActive;
        if (dto.isActive) await deactivateOthers(m, insp);
      }
      await m.save(insp);
      // Asset shows the active inspection as "Latest" on the turbine: it follows this event.
      await this.events.publish(
        m,
        EventTypes.InspectionInspectionUpdated,
        insp.id,
        {
          inspectionId: insp.id,
          turbineId: insp.turbineId,
          componentType: insp.componentType,
          isActive: insp.isActive,
          pilot: insp.pilot,
          deviceId: insp.deviceId,
        },
        user.userId,
      );
    });
    return this.get(user, id);
  }

  /**
   * SPEC §5: an inspection with a timeline link must be unlinked before it moves. Asset performs
   * moves; the web (and asset's own read model of inspection.timeline.*) can ask here first.
   */
  async moveCheck(user: AuthUser, q: MoveCheckQuery): Promise<MoveCheckView> {
    const ids = q.inspectionGuids;
    const linked: string[] = [];
    for (const id of ids) {
      const insp = await loadInspection(this.ds.manager, user, id);
      if (await hasTimelineLink(this.ds.manager, insp)) linked.push(id);
    }
    if (linked.length) throw new AppError('INSPECTION_LINKED_FOR_TIMELINE', { details: { inspectionGuids: linked } });
    return { movable: true, inspectionGuids: ids };
  }
}

/** 'YYYY-MM-DD' of a date or timestamp text; refuses impossible dates. */
export function toDay(v: string): string {
  const d = new Date(v.length === 10 ? `${v}T00:00:00Z` : v);
  if (!Number.isFinite(d.getTime())) invalid('inspectionDate', 'a date');
  const s = d.toISOString().slice(0, 10);
  if (v.length === 10 && s !== v) invalid('inspectionDate', 'a date');
  return s;
}

async function deactivateOthers(m: EntityManager, insp: Inspection) {
  await m
    .createQueryBuilder()
    .update(Inspection)
    .set({ isActive: false })
    .where('turbine_id = :t AND component_type = :c AND id <> :id', {
      t: insp.turbineId,
      c: insp.componentType,
      id: insp.id ?? '00000000-0000-0000-0000-000000000000',
    })
    .execute();
}

export interface NewInspection {
  turbine: TurbineRef;
  park: ParkRef;
  packageType: number;
  componentType: number;
  inspectionDate: string;
  isActive?: boolean;
  pilot: string | null;
  deviceId: string | null;
  inspectionDataConfigId: string | null;
  userId?: string;
  /** The import upload this inspection comes from (ingest); travels in inspection.inspection.created. */
  uploadTaskId?: string;
  /** Demo seed only: the task stage the demo's task waits at (InspectionCreatedPayload.demoStage). */
  demoStage?: number;
}

/**
 * Writes an inspection and its event (shared by the API and the demo seed). -10009 when the
 * turbine already has an inspection of this component that day. Without an explicit flag the
 * newest inspection of a component is the active one (shown by default), as asset reads it.
 */
export async function createInspection(m: EntityManager, events: EventPublisher, n: NewInspection): Promise<Inspection> {
  const same = await m.exists(Inspection, {
    where: { turbineId: n.turbine.turbineId, componentType: n.componentType, inspectionDate: n.inspectionDate },
  });
  if (same) throw new AppError(-10009);
  const newer = await m
    .createQueryBuilder(Inspection, 'i')
    .where('i.turbineId = :t AND i.componentType = :c AND i.inspectionDate > :d', {
      t: n.turbine.turbineId,
      c: n.componentType,
      d: n.inspectionDate,
    })
    .getExists();
  const blades = (await m.find(BladeRef, { where: { turbineId: n.turbine.turbineId }, order: { position: 'ASC' } })).map((b) => ({
    position: b.position,
    serialNumber: b.serialNumber,
    length: b.lengthM,
  }));
  const insp = m.create(Inspection, {
    turbineId: n.turbine.turbineId,
    windParkId: n.park.windParkId,
    customerId: n.park.customerId,
    turbineName: n.turbine.name,
    packageType: n.packageType,
    componentType: n.componentType,
    inspectionDate: n.inspectionDate,
    isActive: n.isActive ?? !newer,
    pilot: n.pilot,
    deviceId: n.deviceId,
    inspectionDataConfigId: n.inspectionDataConfigId,
    previousInspectionId: null,
    blades,
    createdBy: n.userId ?? null,
  });
  await m.save(insp);
  if (insp.isActive) await deactivateOthers(m, insp);
  await events.publish(
    m,
    EventTypes.InspectionInspectionCreated,
    insp.id,
    {
      inspectionId: insp.id,
      turbineId: insp.turbineId,
      windFarmId: insp.windParkId,
      packageType: insp.packageType,
      inspectionDate: `${insp.inspectionDate}T00:00:00.000Z`,
      componentType: insp.componentType,
      inspectionDataConfigId: insp.inspectionDataConfigId,
      isActive: insp.isActive,
      ...(n.uploadTaskId ? { uploadTaskId: n.uploadTaskId } : {}),
      ...(n.demoStage ? { demoStage: n.demoStage } : {}),
    },
    n.userId,
  );
  return insp;
}
