import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, EventTypes } from '@windward/contracts';
import { EventPublisher, pageRows, parsePage, type AuthUser } from '@windward/service-kit';
import { loadVisiblePark } from '../plants/park-scope.js';
import { Turbine } from '../turbines/turbine.entity.js';
import { turbinesOfBladeType } from '../turbines/turbine-payload.js';
import { ComponentTypeEntity, type ComponentKind } from './component-type.entity.js';
import { TYPE_MISMATCH } from './component-kinds.js';
import type { ComponentTypeListQuery, SaveComponentTypeDto } from './component-type.dto.js';
import type { ComponentTypePage, ComponentTypeView } from './component-type.view.js';

const SORT_COLUMN: Record<string, string> = { name: 't.name', createdAt: 't.createdAt', updatedAt: 't.updatedAt' };
/** Turbine column that references each kind. */
export const TURBINE_TYPE_COLUMN = {
  generator: 'generatorTypeId',
  blade: 'bladeTypeId',
  nacelle: 'nacelleTypeId',
  tower: 'towerTypeId',
  foundation: 'foundationTypeId',
} as const satisfies Record<ComponentKind, keyof Turbine>;

export function presentType(t: ComponentTypeEntity): ComponentTypeView {
  return {
    typeId: t.id,
    kind: t.kind,
    windFarmId: t.windParkId,
    name: t.name,
    manufacturer: t.manufacturer,
    model: t.model,
    ...(t.kind === 'blade' ? { bladeManufacturer: t.manufacturer, length: t.lengthM, width: t.widthM } : {}),
    ...(t.kind === 'tower' ? { height: t.heightM } : {}),
    ...(t.kind === 'generator' ? { ratedPower: t.ratedPowerKw } : {}),
    updatedAt: t.updatedAt,
  };
}

@Injectable()
export class ComponentTypesService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
  ) {}

  async list(user: AuthUser, parkId: string, kind: ComponentKind, q: ComponentTypeListQuery): Promise<ComponentTypePage> {
    await loadVisiblePark(this.ds.manager, user, parkId);
    const page = parsePage(q, Object.keys(SORT_COLUMN), { sortField: 'name', pageSize: 100 });
    const qb = this.ds.getRepository(ComponentTypeEntity).createQueryBuilder('t').where('t.windParkId = :parkId AND t.kind = :kind', { parkId, kind });
    const [rows, totalCount] = await pageRows(qb, page, SORT_COLUMN, 't.id', { nulls: 'largest' });
    return { results: rows.map(presentType), totalCount };
  }

  /** PUT creates the type under the client's id or replaces it; the id never changes park or kind. */
  async upsert(user: AuthUser, parkId: string, kind: ComponentKind, typeId: string, dto: SaveComponentTypeDto): Promise<ComponentTypeView> {
    return this.ds.transaction(async (m) => {
      // Locking the park serialises writers of its types, so the uniqueness checks hold.
      await loadVisiblePark(m, user, parkId, true);
      const existing = await m.findOne(ComponentTypeEntity, { where: { id: typeId } });
      if (existing && existing.windParkId !== parkId) throw new AppError('NOT_FOUND');
      if (existing && existing.kind !== kind) throw new AppError(TYPE_MISMATCH[kind]);
      const name = dto.name.trim();
      const manufacturer = (kind === 'blade' ? (dto.bladeManufacturer ?? dto.manufacturer) : dto.manufacturer)?.trim() || null;
      if (kind === 'blade' && (dto.length == null || dto.width == null)) {
        throw new AppError('VALIDATION_FAILED', {
          details: [{ field: dto.length == null ? 'length' : 'width', constraints: { required: 'blade types need length and width' } }],
        });
      }
      const sameName = await m
        .createQueryBuilder(ComponentTypeEntity, 't')
        .where('t.windParkId = :parkId AND t.kind = :kind AND lower(t.name) = lower(:name) AND t.id <> :typeId', {
          parkId,
          kind,
          name,
          typeId,
        })
        .getExists();
      if (sameName) throw new AppError('NAME_DUPLICATED');
      if (kind === 'blade' && manufacturer) {
        const sameMaker = await m
          .createQueryBuilder(ComponentTypeEntity, 't')
          .where(`t.windParkId = :parkId AND t.kind = 'blade' AND lower(t.manufacturer) = lower(:manufacturer) AND t.id <> :typeId`, {
            parkId,
            manufacturer,
            typeId,
          })
          .getExists();
        if (sameMaker) throw new AppError('BLADE_MANUFACTURER_EXISTS');
      }
      const t = existing ?? m.create(ComponentTypeEntity, { id: typeId, windParkId: parkId, kind });
      const previousLength = existing?.lengthM ?? null;
      Object.assign(t, {
        name,
        manufacturer,
        model: dto.model?.trim() || null,
        lengthM: kind === 'blade' ? (dto.length ?? null) : null,
        widthM: kind === 'blade' ? (dto.width ?? null) : null,
        heightM: kind === 'tower' ? (dto.height ?? null) : null,
        ratedPowerKw: kind === 'generator' ? (dto.ratedPower ?? null) : null,
      });
      await m.save(t);
      // The blade length is inspection's distance-to-root bound: turbines of this type announce their new blades.
      if (existing && kind === 'blade' && previousLength !== t.lengthM) {
        for (const payload of await turbinesOfBladeType(m, t.id)) {
          await this.events.publish(m, EventTypes.AssetTurbineUpdated, payload.turbineId, payload, user.userId);
        }
      }
      return presentType(t);
    });
  }

  /** A type still referenced by a turbine stays (turbines would lose their configuration). */
  async remove(user: AuthUser, parkId: string, kind: ComponentKind, typeId: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      await loadVisiblePark(m, user, parkId, true);
      const t = await m.findOne(ComponentTypeEntity, { where: { id: typeId, windParkId: parkId } });
      if (!t) throw new AppError('NOT_FOUND');
      if (t.kind !== kind) throw new AppError(TYPE_MISMATCH[kind]);
      const used = await m.exists(Turbine, { where: { [TURBINE_TYPE_COLUMN[kind]]: typeId } });
      if (used) throw new AppError('COMPONENT_TYPE_IN_USE');
      await m.delete(ComponentTypeEntity, { id: typeId });
    });
  }
}
