import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import {
  AppError,
  ComponentType,
  EventTypes,
  TurbinePipelineState,
  checkTurbineBlades,
  componentTypeOfPackage,
  findDuplicates,
  type ErrorCode,
  isUuid,
} from '@windward/contracts';
import { EventPublisher, parsePage, type AuthUser } from '@windward/service-kit';
import { WindPark } from '../plants/wind-park.entity.js';
import { CustomerRef } from '../customers/customer-ref.entity.js';
import { loadVisiblePark, canSeeParkRow, whereParkVisible } from '../plants/park-scope.js';
import { uniqueAsConflict } from '@windward/service-kit';
import { ComponentTypeEntity, COMPONENT_KINDS, type ComponentKind } from '../component-types/component-type.entity.js';
import { CONFIG_NOT_EXIST, TYPE_MISMATCH } from '../component-types/component-kinds.js';
import { TURBINE_TYPE_COLUMN } from '../component-types/component-types.service.js';
import { InspectionRef } from '../activity/inspection-ref.entity.js';
import { DefectRef } from '../activity/defect-ref.entity.js';
import { TimelineLinkRef } from '../activity/timeline-link-ref.entity.js';
import { ProjectRef } from '../projects/project-ref.entity.js';
import { Turbine, type Device, type StoredAssetConfig } from './turbine.entity.js';
import { Blade } from './blade.entity.js';
import { turbineEventPayload } from './turbine-payload.js';
import type { MoveInspectionsDto, RenameTurbineDto, SaveTurbineDto } from './turbine.dto.js';

const SORT_COLUMN: Record<string, string> = { turbineName: 't.name', createdAt: 't.createdAt', serialNumber: 't.serialNumber' };
const UNIQUE_INDEXES = { turbine_name_uq: 'TURBINE_NAME_EXISTS', turbine_serial_uq: 'TURBINE_SERIAL_EXISTS' } as const;

const DTO_TYPE_FIELD: Record<ComponentKind, keyof SaveTurbineDto> = {
  generator: 'turbineTypeGuid',
  blade: 'bladeTypeGuid',
  nacelle: 'nacelleTypeGuid',
  tower: 'towerTypeGuid',
  foundation: 'foundationTypeGuid',
};

/** The component kind whose type an asset config of a part-2 component needs (LPS needs none). */
const KIND_OF_COMPONENT: Record<number, ComponentKind | null> = {
  [ComponentType.LPS]: null,
  [ComponentType.BLADE_EXTERNAL]: 'blade',
  [ComponentType.BLADE_INTERNAL]: 'blade',
  [ComponentType.TOWER]: 'tower',
  [ComponentType.FOUNDATION]: 'foundation',
  [ComponentType.NACELLE]: 'nacelle',
};

const fail = (code: ErrorCode, field?: string, why?: string): never => {
  throw new AppError(code, field ? { details: [{ field, constraints: { rule: why ?? code } }] } : {});
};

@Injectable()
export class TurbinesService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
  ) {}

  // ---------------------------------------------------------------- reads

  /** Paged turbine list of a park with inspection counts and the last inspection time. */
  async listForPark(user: AuthUser, parkId: string, q: Record<string, unknown>) {
    await loadVisiblePark(this.ds.manager, user, parkId);
    const page = parsePage(q, Object.keys(SORT_COLUMN), { sortField: 'turbineName', pageSize: 50 });
    const qb = this.ds.getRepository(Turbine).createQueryBuilder('t').where('t.windParkId = :parkId', { parkId });
    if (q.turbineName) qb.andWhere('t.name ILIKE :n', { n: `%${String(q.turbineName)}%` });
    const [rows, totalCount] = await qb
      .orderBy(SORT_COLUMN[page.sortField]!, page.descending ? 'DESC' : 'ASC')
      .addOrderBy('t.id')
      .skip(page.skip)
      .take(page.take)
      .getManyAndCount();
    return { results: await this.present(this.ds.manager, rows), totalCount };
  }

  /** Every turbine of a park (selectors need them all), sorted by name on the server. */
  async allForPark(user: AuthUser, parkId: string) {
    await loadVisiblePark(this.ds.manager, user, parkId);
    const rows = await this.ds
      .getRepository(Turbine)
      .createQueryBuilder('t')
      .where('t.windParkId = :parkId', { parkId })
      .orderBy('t.name')
      .addOrderBy('t.id')
      .getMany();
    return this.present(this.ds.manager, rows, { inspections: true });
  }

  async get(user: AuthUser, parkId: string, turbineId: string) {
    const t = await this.loadTurbine(this.ds.manager, user, parkId, turbineId);
    return (await this.present(this.ds.manager, [t], { inspections: true }))[0];
  }

  /** Turbines of a project: its listed turbines, or every turbine of its parks; only visible parks count. */
  async forProject(user: AuthUser, projectId: string, q: Record<string, unknown>) {
    const project = await this.ds.getRepository(ProjectRef).findOne({ where: { projectId } });
    if (!project) throw new AppError('NOT_FOUND');
    const parks = project.windParkIds.length
      ? await whereParkVisible(this.ds.getRepository(WindPark).createQueryBuilder('p'), user, 'p.customerId', 'p.id')
          .andWhere('p.id IN (:...ids)', { ids: project.windParkIds })
          .getMany()
      : [];
    if (!parks.length) throw new AppError('NOT_FOUND');
    const page = parsePage(q, Object.keys(SORT_COLUMN), { sortField: 'turbineName', pageSize: 100 });
    const qb = this.ds
      .getRepository(Turbine)
      .createQueryBuilder('t')
      .where('t.windParkId IN (:...parks)', { parks: parks.map((p) => p.id) });
    if (project.turbineIds.length) qb.andWhere('t.id IN (:...turbines)', { turbines: project.turbineIds });
    const [rows, totalCount] = await qb
      .orderBy(SORT_COLUMN[page.sortField]!, page.descending ? 'DESC' : 'ASC')
      .addOrderBy('t.id')
      .skip(page.skip)
      .take(page.take)
      .getManyAndCount();
    return { results: await this.present(this.ds.manager, rows), totalCount };
  }

  // ---------------------------------------------------------------- writes

  async create(user: AuthUser, parkId: string, dto: SaveTurbineDto) {
    return uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          const park = await loadVisiblePark(m, user, parkId, true);
          await this.assertQuota(m, park.customerId, 1);
          const t = m.create(Turbine, { windParkId: parkId });
          await this.apply(m, park, t, dto);
          return (await this.present(m, [t], { inspections: true }))[0];
        }),
      UNIQUE_INDEXES,
    );
  }

  async update(user: AuthUser, parkId: string, turbineId: string, dto: SaveTurbineDto) {
    return uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          const park = await loadVisiblePark(m, user, parkId, true);
          const t = await this.loadTurbine(m, user, parkId, turbineId);
          const oldName = t.name;
          await this.apply(m, park, t, dto);
          if (oldName !== t.name) {
            // Other contexts show turbine names next to inspections: tell them which ones.
            const inspectionGuids = (await m.find(InspectionRef, { where: { turbineId: t.id }, select: { inspectionId: true } })).map(
              (i) => i.inspectionId,
            );
            await this.events.publish(
              m,
              EventTypes.AssetTurbineRenamed,
              t.id,
              { turbineId: t.id, turbineName: t.name, inspectionGuids },
              user.userId,
            );
          }
          return (await this.present(m, [t], { inspections: true }))[0];
        }),
      UNIQUE_INDEXES,
    );
  }

  /** A turbine keeps its record while any inspection or defect refers to it. */
  async remove(user: AuthUser, parkId: string, turbineId: string) {
    await this.ds.transaction(async (m) => {
      await loadVisiblePark(m, user, parkId, true);
      const t = await this.loadTurbine(m, user, parkId, turbineId);
      // Defects and repairs always hang off an inspection, so inspections decide.
      const inspections = await m.count(InspectionRef, { where: { turbineId: t.id } });
      if (inspections > 0) throw new AppError('TURBINE_HAS_DATA');
      await m.delete(Turbine, { id: t.id });
      await this.events.publish(m, EventTypes.AssetTurbineDeleted, t.id, { id: t.id }, user.userId);
    });
  }

  /** SPEC §3 rename: the turbine takes the new name; the listed inspections (default: all of it) go along. */
  async rename(user: AuthUser, dto: RenameTurbineDto) {
    return uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          const t = await m.findOne(Turbine, { where: { id: dto.turbineId }, lock: { mode: 'pessimistic_write' } });
          const park = t && (await m.findOne(WindPark, { where: { id: t.windParkId } }));
          if (!t || !park || !canSeeParkRow(user, park)) throw new AppError('NOT_FOUND');
          const own = (await m.find(InspectionRef, { where: { turbineId: t.id }, select: { inspectionId: true } })).map(
            (i) => i.inspectionId,
          );
          const requested = dto.inspectionGuids ?? [];
          if (requested.some((g) => !own.includes(g))) fail('NOT_FOUND', 'inspectionGuids', 'every inspection must belong to the turbine');
          const turbineName = dto.turbineName.trim();
          await this.assertNameFree(m, t.windParkId, turbineName, t.id);
          t.name = turbineName;
          await m.save(t);
          const inspectionGuids = requested.length ? requested : own;
          await this.events.publish(
            m,
            EventTypes.AssetTurbineRenamed,
            t.id,
            { turbineId: t.id, turbineName, inspectionGuids },
            user.userId,
          );
          return { turbineId: t.id, turbineName, inspectionGuids };
        }),
      UNIQUE_INDEXES,
    );
  }

  /**
   * Moves inspections to another turbine of the same park whose component configuration is the
   * same (defect positions only make sense on identical blades, towers …).
   */
  async move(user: AuthUser, dto: MoveInspectionsDto) {
    return this.ds.transaction(async (m) => {
      const guids = [...new Set(dto.inspectionGuids)];
      if (!guids.length) fail('VALIDATION_FAILED', 'inspectionGuids', 'at least one inspection');
      const inspections = await m.find(InspectionRef, { where: { inspectionId: In(guids) }, lock: { mode: 'pessimistic_write' } });
      if (inspections.length !== guids.length) fail('NOT_FOUND', 'inspectionGuids', 'unknown inspection');
      const sourceIds = [...new Set(inspections.map((i) => i.turbineId))];
      if (sourceIds.length !== 1) fail('VALIDATION_FAILED', 'inspectionGuids', 'inspections of one turbine at a time');
      const source = await m.findOne(Turbine, { where: { id: sourceIds[0]! } });
      const sourcePark = source && (await m.findOne(WindPark, { where: { id: source.windParkId } }));
      if (!source || !sourcePark || !canSeeParkRow(user, sourcePark)) throw new AppError('NOT_FOUND');
      // Timeline links pair an inspection with an earlier one of the same turbine: unlink first (inspection owns the links).
      const linked = await this.linkedForTimeline(m, guids);
      if (linked.length) throw new AppError('INSPECTION_LINKED_FOR_TIMELINE', { details: { inspectionGuids: linked } });
      // The target's row lock serialises moves onto one turbine, so the same-day check below holds.
      const target = isUuid(dto.targetTurbineId)
        ? await m.findOne(Turbine, { where: { id: dto.targetTurbineId }, lock: { mode: 'pessimistic_write' } })
        : null;
      const targetPark = target && (await m.findOne(WindPark, { where: { id: target.windParkId } }));
      if (!target || !targetPark || !canSeeParkRow(user, targetPark)) throw new AppError('TARGET_TURBINE_NOT_FOUND');
      if (target.windParkId !== source.windParkId) throw new AppError('MOVE_WITHIN_SAME_WIND_PARK_ONLY');
      if (target.id === source.id) fail('VALIDATION_FAILED', 'targetTurbineId', 'the inspections already belong to this turbine');
      if (COMPONENT_KINDS.some((k) => source[TURBINE_TYPE_COLUMN[k]] !== target[TURBINE_TYPE_COLUMN[k]])) {
        throw new AppError('TURBINE_CONFIG_MISMATCH');
      }
      const clashing = await this.sameDayOnTarget(m, inspections, target.id);
      if (clashing.length) throw new AppError(-10009, { details: { inspectionGuids: clashing } });
      await m.update(InspectionRef, { inspectionId: In(guids) }, { turbineId: target.id });
      await this.events.publish(
        m,
        EventTypes.AssetTurbineMoved,
        source.id,
        { inspectionGuids: guids, fromTurbineId: source.id, toTurbineId: target.id },
        user.userId,
      );
      return { inspectionGuids: guids, fromTurbineId: source.id, toTurbineId: target.id };
    });
  }

  // ---------------------------------------------------------------- rules

  /** The given inspections that are either side of a defect-timeline link (inspection.timeline.linked). */
  private async linkedForTimeline(m: EntityManager, guids: string[]): Promise<string[]> {
    const links = await m
      .createQueryBuilder(TimelineLinkRef, 'l')
      .where('l.inspectionId IN (:...guids) OR l.previousInspectionId IN (:...guids)', { guids })
      .getMany();
    const set = new Set(guids);
    return [...new Set(links.flatMap((l) => [l.inspectionId, l.previousInspectionId]).filter((g) => set.has(g)))].sort();
  }

  /**
   * The moving inspections whose component the target already has an inspection of on the same
   * (UTC) day: inspection keeps one inspection per turbine, component and day (-10009).
   */
  private async sameDayOnTarget(m: EntityManager, moving: InspectionRef[], targetId: string): Promise<string[]> {
    const existing = await m.find(InspectionRef, { where: { turbineId: targetId } });
    const day = (d: Date) => new Date(d).toISOString().slice(0, 10);
    const taken = new Set(existing.map((i) => `${i.componentType}/${day(i.inspectionDate)}`));
    return moving
      .filter((i) => taken.has(`${i.componentType}/${day(i.inspectionDate)}`))
      .map((i) => i.inspectionId)
      .sort();
  }

  /** Validates the body against every rule, then writes turbine, blades and the event. */
  private async apply(m: EntityManager, park: WindPark, t: Turbine, dto: SaveTurbineDto) {
    const blades = checkTurbineBlades(dto.blades);
    if (!blades.ok) throw new AppError(blades.code);
    const name = dto.turbineName.trim();
    await this.assertNameFree(m, park.id, name, t.id);
    const serialNumber = dto.serialNumber?.trim() || null;
    if (serialNumber) {
      const qb = m.createQueryBuilder(Turbine, 'x').where('lower(x.serialNumber) = lower(:serialNumber)', { serialNumber });
      if (t.id) qb.andWhere('x.id <> :id', { id: t.id });
      if (await qb.getExists()) throw new AppError('TURBINE_SERIAL_EXISTS');
    }
    if (dto.turbineStatus !== undefined && !Object.values(TurbinePipelineState).includes(dto.turbineStatus as TurbinePipelineState)) {
      fail('VALIDATION_FAILED', 'turbineStatus', 'a turbine pipeline state');
    }
    const typeIds = await this.resolveTypes(m, park.id, dto);
    const devices = this.devices(dto, t.devices ?? []);
    const assetConfigs = this.assetConfigs(dto, devices, typeIds);

    const created = !t.id;
    Object.assign(t, {
      name,
      serialNumber,
      status: dto.turbineStatus ?? t.status ?? 0,
      latitude: dto.latitude ?? null,
      longitude: dto.longitude ?? null,
      devices,
      assetConfigs,
      ...Object.fromEntries(COMPONENT_KINDS.map((k) => [TURBINE_TYPE_COLUMN[k], typeIds[k]])),
    });
    await m.save(t);
    await m.delete(Blade, { turbineId: t.id });
    await m.insert(
      Blade,
      dto.blades.map((b, i) => ({ turbineId: t.id, position: i + 1, name: b.name.trim(), serialNumber: b.serialNumber.trim() })),
    );
    await this.events.publish(
      m,
      created ? EventTypes.AssetTurbineCreated : EventTypes.AssetTurbineUpdated,
      t.id,
      await turbineEventPayload(m, t),
    );
  }

  private async assertNameFree(m: EntityManager, parkId: string, name: string, exceptId?: string) {
    const qb = m.createQueryBuilder(Turbine, 'x').where('x.windParkId = :parkId AND lower(x.name) = lower(:name)', { parkId, name });
    if (exceptId) qb.andWhere('x.id <> :exceptId', { exceptId });
    if (await qb.getExists()) throw new AppError('TURBINE_NAME_EXISTS');
  }

  /** The customer's turbine quota (customer_ref.max_turbines; null = no limit), under a row lock. */
  async assertQuota(m: EntityManager, customerId: string, adding: number) {
    const customer = await m.findOne(CustomerRef, { where: { customerId }, lock: { mode: 'pessimistic_write' } });
    if (!customer || customer.maxTurbines === null) return;
    const n = await m
      .createQueryBuilder(Turbine, 't')
      .innerJoin(WindPark, 'p', 'p.id = t.windParkId')
      .where('p.customerId = :customerId', { customerId })
      .getCount();
    if (n + adding > customer.maxTurbines) throw new AppError('TURBINE_LIMIT_EXCEEDED');
  }

  /** Each referenced type must exist in this park ("… configuration does not exist") and be of its kind ("… type mismatch"). */
  private async resolveTypes(m: EntityManager, parkId: string, dto: SaveTurbineDto): Promise<Record<ComponentKind, string | null>> {
    const out = {} as Record<ComponentKind, string | null>;
    for (const kind of COMPONENT_KINDS) {
      const id = (dto[DTO_TYPE_FIELD[kind]] as string | null | undefined) ?? null;
      out[kind] = id;
      if (!id) continue;
      const type = await m.findOne(ComponentTypeEntity, { where: { id, windParkId: parkId } });
      if (!type) throw new AppError(CONFIG_NOT_EXIST[kind]);
      if (type.kind !== kind) throw new AppError(TYPE_MISMATCH[kind]);
    }
    return out;
  }

  /** Devices keep their number and guid across updates; new ones get the next number. */
  private devices(dto: SaveTurbineDto, previous: Device[]): Device[] {
    const input = dto.devices ?? [];
    const guids = input.map((d) => d.guid).filter((g): g is string => !!g);
    if (findDuplicates(guids).length) fail('DUPLICATE_VALUES', 'devices', 'device guids must be unique');
    let next = Math.max(0, ...previous.map((d) => d.id)) + 1;
    return input.map((d) => {
      const old = d.guid ? previous.find((p) => p.guid === d.guid) : undefined;
      return {
        id: old?.id ?? next++,
        guid: d.guid ?? randomUUID(),
        bizId: d.bizId?.trim() || null,
        serialNumber: d.serialNumber?.trim() || null,
        displayName: d.displayName.trim(),
      };
    });
  }

  /**
   * One config per package type; its component type follows from the package type, its devices
   * are this turbine's, and the component it inspects must have a configured type.
   */
  private assetConfigs(dto: SaveTurbineDto, devices: Device[], typeIds: Record<ComponentKind, string | null>): StoredAssetConfig[] {
    const input = dto.assetConfigs ?? [];
    if (findDuplicates(input.map((c) => String(c.packageType))).length)
      fail('DUPLICATE_VALUES', 'assetConfigs', 'one config per package type');
    return input.map((c) => {
      const component = componentTypeOfPackage(c.packageType);
      if (component === null) fail('VALIDATION_FAILED', 'assetConfigs.packageType', 'unknown package type');
      const kind = KIND_OF_COMPONENT[component!] ?? null;
      if (c.componentType !== undefined && c.componentType !== component) throw new AppError(TYPE_MISMATCH[kind ?? 'generator']);
      if (kind && !typeIds[kind]) throw new AppError(CONFIG_NOT_EXIST[kind]);
      const deviceGuids = [...new Set(c.devices ?? [])];
      if (deviceGuids.some((g) => !devices.some((d) => d.guid === g)))
        fail('VALIDATION_FAILED', 'assetConfigs.devices', 'devices must be devices of this turbine');
      return { packageType: c.packageType, componentType: component!, deviceGuids };
    });
  }

  async loadTurbine(m: EntityManager, user: AuthUser, parkId: string, turbineId: string): Promise<Turbine> {
    await loadVisiblePark(m, user, parkId);
    if (!isUuid(turbineId)) throw new AppError('NOT_FOUND');
    const t = await m.findOne(Turbine, { where: { id: turbineId, windParkId: parkId } });
    if (!t) throw new AppError('NOT_FOUND');
    return t;
  }

  // ---------------------------------------------------------------- presentation

  /** SPEC §3 turbine data, with blades (and their type's length/width), devices, asset configs and activity. */
  async present(m: EntityManager, rows: Turbine[], o: { inspections?: boolean } = {}) {
    if (!rows.length) return [];
    const ids = rows.map((t) => t.id);
    const typeIds = [
      ...new Set(
        rows.flatMap((t) => COMPONENT_KINDS.map((k) => t[TURBINE_TYPE_COLUMN[k]] as string | null)).filter((x): x is string => !!x),
      ),
    ];
    const types = new Map((typeIds.length ? await m.find(ComponentTypeEntity, { where: { id: In(typeIds) } }) : []).map((t) => [t.id, t]));
    const blades = await m.find(Blade, { where: { turbineId: In(ids) }, order: { position: 'ASC' } });
    const inspections = await m.find(InspectionRef, { where: { turbineId: In(ids) }, order: { inspectionDate: 'DESC' } });
    const defectCounts = new Map<string, number>(
      (
        (await m
          .createQueryBuilder(DefectRef, 'd')
          .innerJoin(InspectionRef, 'i', 'i.inspectionId = d.inspectionId')
          .select('i.turbineId', 'turbineId')
          .addSelect('count(*)::int', 'n')
          .where('i.turbineId IN (:...ids)', { ids })
          .groupBy('i.turbineId')
          .getRawMany()) as { turbineId: string; n: number }[]
      ).map((r) => [r.turbineId, r.n]),
    );
    return rows.map((t) => {
      const typeOf = (k: ComponentKind) => {
        const id = t[TURBINE_TYPE_COLUMN[k]] as string | null;
        return id ? (types.get(id) ?? null) : null;
      };
      const bladeType = typeOf('blade');
      const own = inspections.filter((i) => i.turbineId === t.id);
      // Inspection decides the active ("Latest") inspection per component; after a move brought
      // two active ones onto one turbine, the newer wins (own is newest first).
      const activeIds = new Set<string>();
      const seen = new Set<number>();
      for (const i of own) {
        if (!i.isActive || seen.has(i.componentType)) continue;
        seen.add(i.componentType);
        activeIds.add(i.inspectionId);
      }
      return {
        turbineId: t.id,
        turbineGuid: t.id,
        turbineName: t.name,
        serialNumber: t.serialNumber,
        turbineStatus: t.status,
        turbineTypeGuid: t.generatorTypeId,
        turbineTypeName: typeOf('generator')?.name ?? null,
        bladeTypeGuid: t.bladeTypeId,
        bladeTypeName: bladeType?.name ?? null,
        nacelleTypeGuid: t.nacelleTypeId,
        nacelleTypeName: typeOf('nacelle')?.name ?? null,
        towerTypeGuid: t.towerTypeId,
        towerTypeName: typeOf('tower')?.name ?? null,
        foundationTypeGuid: t.foundationTypeId,
        foundationTypeName: typeOf('foundation')?.name ?? null,
        windfarmId: t.windParkId,
        latitude: t.latitude,
        longitude: t.longitude,
        blades: blades
          .filter((b) => b.turbineId === t.id)
          .map((b) => ({
            bladeId: b.id,
            position: b.position,
            name: b.name,
            serialNumber: b.serialNumber,
            length: bladeType?.lengthM ?? null,
            width: bladeType?.widthM ?? null,
          })),
        devices: t.devices,
        assetConfigs: t.assetConfigs.map((c) => ({
          packageType: c.packageType,
          componentType: c.componentType,
          devices: c.deviceGuids.map((g) => t.devices.find((d) => d.guid === g)).filter((d): d is Device => !!d),
        })),
        inspectionCount: own.length,
        defectCount: defectCounts.get(t.id) ?? 0,
        lastInspectionTime: own[0]?.inspectionDate ?? null,
        ...(o.inspections
          ? {
              inspections: own.map((i) => ({
                inspectionId: i.inspectionId,
                inspectionGuid: i.inspectionId,
                packageType: i.packageType,
                componentType: i.componentType,
                isActive: activeIds.has(i.inspectionId),
                inspectionDate: i.inspectionDate,
              })),
            }
          : {}),
      };
    });
  }
}
