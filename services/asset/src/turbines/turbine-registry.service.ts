import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, EventTypes, TurbinePipelineState, checkTurbineBlades } from '@windward/contracts';
import { EventPublisher, uniqueAsConflict, type AuthUser } from '@windward/service-kit';
import { WindPark } from '../plants/wind-park.entity.js';
import { loadVisiblePark } from '../plants/park-scope.js';
import { COMPONENT_KINDS } from '../component-types/component-type.entity.js';
import { TURBINE_TYPE_COLUMN } from '../component-types/component-types.service.js';
import { InspectionRef } from '../activity/inspection-ref.entity.js';
import { Turbine } from './turbine.entity.js';
import { Blade } from './blade.entity.js';
import { turbineEventPayload } from './turbine-payload.js';
import { presentTurbine } from './turbine.presenter.js';
import { loadTurbine } from './turbine-scope.js';
import { TURBINE_UNIQUE_INDEXES, assertTurbineNameFree, assertTurbineQuota, assertTurbineSerialFree, fail } from './turbine-rules.js';
import { resolveComponentTypes, turbineAssetConfigs, turbineDevices } from './turbine-config.js';
import type { SaveTurbineDto } from './turbine.dto.js';
import type { TurbineView } from './turbine.view.js';

/** Registering turbines: create, update (with its rename event) and delete. */
@Injectable()
export class TurbineRegistryService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: EventPublisher,
  ) {}

  /** A new turbine counts against its customer's quota. */
  async create(user: AuthUser, parkId: string, dto: SaveTurbineDto): Promise<TurbineView> {
    return uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          const park = await loadVisiblePark(m, user, parkId, true);
          await assertTurbineQuota(m, park.customerId, 1);
          const t = m.create(Turbine, { windParkId: parkId });
          await this.apply(m, park, t, dto);
          return presentTurbine(m, t);
        }),
      TURBINE_UNIQUE_INDEXES,
    );
  }

  async update(user: AuthUser, parkId: string, turbineId: string, dto: SaveTurbineDto): Promise<TurbineView> {
    return uniqueAsConflict(
      () =>
        this.ds.transaction(async (m) => {
          const park = await loadVisiblePark(m, user, parkId, true);
          const t = await loadTurbine(m, user, parkId, turbineId);
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
          return presentTurbine(m, t);
        }),
      TURBINE_UNIQUE_INDEXES,
    );
  }

  /** A turbine keeps its record while any inspection or defect refers to it. */
  async remove(user: AuthUser, parkId: string, turbineId: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      await loadVisiblePark(m, user, parkId, true);
      const t = await loadTurbine(m, user, parkId, turbineId);
      // Defects and repairs always hang off an inspection, so inspections decide.
      const inspections = await m.count(InspectionRef, { where: { turbineId: t.id } });
      if (inspections > 0) throw new AppError('TURBINE_HAS_DATA');
      await m.delete(Turbine, { id: t.id });
      await this.events.publish(m, EventTypes.AssetTurbineDeleted, t.id, { id: t.id }, user.userId);
    });
  }

  /** Validates the body against every rule, then writes turbine, blades and the event. */
  private async apply(m: EntityManager, park: WindPark, t: Turbine, dto: SaveTurbineDto): Promise<void> {
    const blades = checkTurbineBlades(dto.blades);
    if (!blades.ok) throw new AppError(blades.code);
    const name = dto.turbineName.trim();
    await assertTurbineNameFree(m, park.id, name, t.id);
    const serialNumber = dto.serialNumber?.trim() || null;
    if (serialNumber) await assertTurbineSerialFree(m, serialNumber, t.id);
    if (dto.turbineStatus !== undefined && !Object.values(TurbinePipelineState).includes(dto.turbineStatus as TurbinePipelineState)) {
      fail('VALIDATION_FAILED', 'turbineStatus', 'a turbine pipeline state');
    }
    const typeIds = await resolveComponentTypes(m, park.id, dto);
    const devices = turbineDevices(dto, t.devices ?? []);
    const assetConfigs = turbineAssetConfigs(dto, devices, typeIds);

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
}
