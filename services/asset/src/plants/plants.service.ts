import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { AppError, EventTypes, type ParkEventPayload } from '@windward/contracts';
import { EventPublisher, assertCustomerScope, pageRows, parsePage, scopeIds, type AuthUser } from '@windward/service-kit';
import { WindPark } from './wind-park.entity.js';
import { CustomerRef } from '../customers/customer-ref.entity.js';
import { Turbine } from '../turbines/turbine.entity.js';
import { InspectionRef } from '../activity/inspection-ref.entity.js';
import { ProjectRef } from '../projects/project-ref.entity.js';
import { loadVisiblePark } from './park-scope.js';
import { uniqueAsConflict } from '@windward/service-kit';
import type { ParkProjectListQuery, PlantListQuery, SavePlantDto } from './plant.dto.js';
import type { LastInspectionInfoView, ParkProjectPage, PlantPage, PlantView } from './plant.view.js';

const SORT_COLUMN: Record<string, string> = {
  windFarmName: 'p.name',
  createdAt: 'p.createdAt',
  capacity: 'p.capacityMw',
  province: 'p.province',
};
const PROJECT_SORT: Record<string, string> = { projectName: 'r.name', createdAt: 'r.createdAt', status: 'r.status' };
const NONE = ['00000000-0000-0000-0000-000000000000'];

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

@Injectable()
export class PlantsService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
  ) {}

  /** Wind parks in the caller's scope with customer name, turbine count and last inspection. */
  async list(user: AuthUser, q: PlantListQuery): Promise<PlantPage> {
    const page = parsePage(q, Object.keys(SORT_COLUMN), { sortField: 'windFarmName' });
    const qb = this.ds.getRepository(WindPark).createQueryBuilder('p');
    const customers = scopeIds(user.customerIds, q.customerIds ?? q.customerId ?? []);
    const parks = scopeIds(user.parkIds, q.windParkIds ?? []);
    if (customers) qb.andWhere('p.customerId IN (:...customers)', { customers: customers.length ? customers : NONE });
    if (parks) qb.andWhere('p.id::text IN (:...parks)', { parks: parks.length ? parks : NONE });
    if (q.windFarmName) qb.andWhere('p.name ILIKE :n', { n: `%${q.windFarmName}%` });
    if (q.active !== undefined) qb.andWhere('p.active = :active', { active: q.active });
    const provinces = q.provinces ?? q.province ?? [];
    if (provinces.length) qb.andWhere('p.province IN (:...provinces)', { provinces });
    const cities = q.cities ?? q.city ?? [];
    if (cities.length) qb.andWhere('p.city IN (:...cities)', { cities });
    const [rows, totalCount] = await pageRows(qb, page, SORT_COLUMN, 'p.id');
    return { results: await this.present(this.ds.manager, rows), totalCount };
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
    const [view] = await this.present(m, [park]);
    return view!;
  }

  private async present(m: EntityManager, parks: WindPark[]): Promise<PlantView[]> {
    if (!parks.length) return [];
    const ids = parks.map((p) => p.id);
    const names = new Map(
      (await m.find(CustomerRef, { where: { customerId: In([...new Set(parks.map((p) => p.customerId))]) } })).map((c) => [
        c.customerId,
        c.name,
      ]),
    );
    const counts = new Map(
      (
        (await m
          .createQueryBuilder(Turbine, 't')
          .select('t.windParkId', 'id')
          .addSelect('count(*)::int', 'n')
          .where('t.windParkId IN (:...ids)', { ids })
          .groupBy('t.windParkId')
          .getRawMany()) as { id: string; n: number }[]
      ).map((r) => [r.id, r.n]),
    );
    const last = new Map(
      (
        (await m
          .createQueryBuilder(InspectionRef, 'i')
          .select('i.windParkId', 'id')
          .addSelect('max(i.inspectionDate)', 'at')
          .where('i.windParkId IN (:...ids)', { ids })
          .groupBy('i.windParkId')
          .getRawMany()) as { id: string; at: Date }[]
      ).map((r) => [r.id, r.at]),
    );
    return parks.map((p) => ({
      windFarmId: p.id,
      windFarmName: p.name,
      customerId: p.customerId,
      customerName: names.get(p.customerId) ?? null,
      latitude: p.latitude,
      longitude: p.longitude,
      province: p.province,
      city: p.city,
      region: p.region,
      capacity: p.capacityMw,
      turbineCount: counts.get(p.id) ?? 0,
      lastInspectionTime: last.get(p.id) ?? null,
      active: p.active,
    }));
  }
}
