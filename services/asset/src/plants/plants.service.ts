import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, EventTypes, type ParkEventPayload } from '@windward/contracts';
import { EventPublisher, assertCustomerScope, pageRows, parsePage, scopeIds, type AuthUser } from '@windward/service-kit';
import { WindPark } from './wind-park.entity.js';
import { CustomerRef } from '../customers/customer-ref.entity.js';
import { Turbine } from '../turbines/turbine.entity.js';
import { InspectionRef } from '../activity/inspection-ref.entity.js';
import { ProjectRef } from '../projects/project-ref.entity.js';
import { loadVisiblePark } from './park-scope.js';
import { PARK_SORT, ParkListRepository, type ParkListRow } from './park-list.repository.js';
import { uniqueAsConflict } from '@windward/service-kit';
import type { ParkProjectListQuery, PlantListQuery, SavePlantDto } from './plant.dto.js';
import type { LastInspectionInfoView, ParkProjectPage, PlantPage, PlantView } from './plant.view.js';

const PROJECT_SORT: Record<string, string> = { projectName: 'r.name', createdAt: 'r.createdAt', status: 'r.status' };

export function parkPayload(p: WindPark): ParkEventPayload {
  return {
    windFarmId: p.id,
    windFarmName: p.name,
    customerId: p.customerId,
    active: p.active,
    latitude: p.latitude,
    longitude: p.longitude,
  };
}

/** A park as the list and single reads show it. */
function plantView(r: ParkListRow): PlantView {
  return {
    windFarmId: r.id,
    windFarmName: r.name,
    customerId: r.customer_id,
    customerName: r.customer_name,
    latitude: r.latitude,
    longitude: r.longitude,
    province: r.province,
    city: r.city,
    region: r.region,
    capacity: r.capacity_mw === null ? null : Number(r.capacity_mw),
    turbineCount: r.turbine_count,
    lastInspectionTime: r.last_inspection_time,
    active: r.active,
  };
}

@Injectable()
export class PlantsService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
    private readonly parkList: ParkListRepository,
  ) {}

  /** Wind parks in the caller's scope with customer name, turbine count and last inspection. */
  async list(user: AuthUser, q: PlantListQuery): Promise<PlantPage> {
    const page = parsePage(q, Object.keys(PARK_SORT), { sortField: 'windFarmName' });
    const provinces = q.provinces ?? q.province ?? [];
    const cities = q.cities ?? q.city ?? [];
    const { rows, total } = await this.parkList.page(
      this.ds.manager,
      {
        customerIds: scopeIds(user.customerIds, q.customerIds ?? q.customerId ?? []),
        parkIds: scopeIds(user.parkIds, q.windParkIds ?? []),
        name: q.windFarmName,
        active: q.active,
        provinces: provinces.length ? provinces : undefined,
        cities: cities.length ? cities : undefined,
      },
      page,
    );
    return { results: rows.map(plantView), totalCount: total };
  }

  async get(user: AuthUser, id: string): Promise<PlantView> {
    const park = await loadVisiblePark(this.ds.manager, user, id);
    return this.presentOne(this.ds.manager, park);
  }

  /** A park belongs to a customer asset already knows from identity's events. */
  async create(user: AuthUser, dto: SavePlantDto): Promise<PlantView> {
    assertCustomerScope(user, dto.customerId);
    return uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          await this.knownCustomer(m, dto.customerId);
          await this.assertNameFree(m, dto.customerId, dto.windFarmName);
          const park = await m.save(m.create(WindPark, this.fields(dto)));
          await this.events.publish(m, EventTypes.AssetParkCreated, park.id, parkPayload(park), user.userId);
          return this.presentOne(m, park);
        }),
      { wind_park_name_uq: 'WIND_PARK_NAME_EXISTS' },
    );
  }

  /** Moving a park to another customer takes its turbines into that customer's quota. */
  async update(user: AuthUser, id: string, dto: SavePlantDto): Promise<PlantView> {
    return uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          const park = await loadVisiblePark(m, user, id, true);
          if (dto.customerId !== park.customerId) {
            assertCustomerScope(user, dto.customerId);
            await this.knownCustomer(m, dto.customerId);
            const turbines = await m.count(Turbine, { where: { windParkId: park.id } });
            const target = await m.findOne(CustomerRef, { where: { customerId: dto.customerId }, lock: { mode: 'pessimistic_write' } });
            if (target?.maxTurbines != null) {
              const owned = await m
                .createQueryBuilder(Turbine, 't')
                .innerJoin(WindPark, 'p', 'p.id = t.windParkId')
                .where('p.customerId = :c', { c: dto.customerId })
                .getCount();
              if (owned + turbines > target.maxTurbines) throw new AppError('TURBINE_LIMIT_EXCEEDED');
            }
          }
          await this.assertNameFree(m, dto.customerId, dto.windFarmName, park.id);
          Object.assign(park, this.fields(dto));
          await m.save(park);
          await this.events.publish(m, EventTypes.AssetParkUpdated, park.id, parkPayload(park), user.userId);
          return this.presentOne(m, park);
        }),
      { wind_park_name_uq: 'WIND_PARK_NAME_EXISTS' },
    );
  }

  /** Inactive parks stay in the registry but leave the park lists of SPEC §7. */
  async setActive(user: AuthUser, id: string, active: boolean): Promise<PlantView> {
    return this.ds.transaction(async (m) => {
      const park = await loadVisiblePark(m, user, id, true);
      if (park.active !== active) {
        park.active = active;
        await m.save(park);
        await this.events.publish(m, EventTypes.AssetParkUpdated, park.id, parkPayload(park), user.userId);
      }
      return this.presentOne(m, park);
    });
  }

  /** Newest inspection of the park (any component), from inspection.inspection.created events. */
  async lastInspectionInfo(user: AuthUser, id: string): Promise<LastInspectionInfoView> {
    const park = await loadVisiblePark(this.ds.manager, user, id);
    const last = await this.ds.getRepository(InspectionRef).findOne({ where: { windParkId: park.id }, order: { inspectionDate: 'DESC' } });
    if (!last) throw new AppError('LAST_INSPECTION_TIME_NOT_EXIST');
    return {
      windFarmId: park.id,
      lastInspectionTime: last.inspectionDate,
      inspectionId: last.inspectionId,
      turbineId: last.turbineId,
      packageType: last.packageType,
    };
  }

  /** Projects covering the park (delivery's read model), paged and sorted on the server. */
  async projects(user: AuthUser, id: string, q: ParkProjectListQuery): Promise<ParkProjectPage> {
    const park = await loadVisiblePark(this.ds.manager, user, id);
    const page = parsePage(q, Object.keys(PROJECT_SORT), { sortField: 'createdAt', descending: true, pageSize: 100 });
    const qb = this.ds.getRepository(ProjectRef).createQueryBuilder('r').where(':park = ANY(r.windParkIds)', { park: park.id });
    const [rows, totalCount] = await pageRows(qb, page, PROJECT_SORT, 'r.projectId', { nulls: 'largest' });
    return {
      results: rows.map((r) => ({
        projectId: r.projectId,
        projectName: r.name,
        projectStatusType: r.status,
        projectType: r.projectType,
        operation: r.operation,
        campaignTypes: r.campaignTypes,
      })),
      totalCount,
    };
  }

  private async knownCustomer(m: EntityManager, customerId: string) {
    const customer = await m.findOne(CustomerRef, { where: { customerId, deleted: false } });
    if (!customer) throw new AppError(-10007);
    return customer;
  }

  private async assertNameFree(m: EntityManager, customerId: string, name: string, exceptId?: string) {
    const qb = m
      .createQueryBuilder(WindPark, 'p')
      .where('p.customerId = :c AND lower(p.name) = lower(:n)', { c: customerId, n: name.trim() });
    if (exceptId) qb.andWhere('p.id <> :exceptId', { exceptId });
    if (await qb.getExists()) throw new AppError('WIND_PARK_NAME_EXISTS');
  }

  private fields(dto: SavePlantDto) {
    return {
      name: dto.windFarmName.trim(),
      customerId: dto.customerId,
      latitude: dto.latitude ?? null,
      longitude: dto.longitude ?? null,
      province: dto.province?.trim() || null,
      city: dto.city?.trim() || null,
      region: dto.region?.trim() || null,
      capacityMw: dto.capacity ?? null,
    };
  }

  private async presentOne(m: EntityManager, park: WindPark): Promise<PlantView> {
    const [row] = await this.parkList.byIds(m, [park.id]);
    return plantView(row!);
  }
}
