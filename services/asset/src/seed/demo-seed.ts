import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { EventTypes, PackageType } from '@windward/contracts';
import { EventPublisher, LOGGER, SERVICE_CONFIG, type ServiceConfig } from '@windward/service-kit';
import { WindPark } from '../plants/wind-park.entity.js';
import { parkPayload } from '../plants/plants.service.js';
import { ComponentTypeEntity } from '../component-types/component-type.entity.js';
import { Turbine } from '../turbines/turbine.entity.js';
import { Blade } from '../turbines/blade.entity.js';
import { turbineEventPayload } from '../turbines/turbine-payload.js';

interface DemoPark {
  name: string;
  code: string;
  latitude: number;
  longitude: number;
  province: string | null;
  city: string | null;
  region: string;
  capacity: number;
  turbines: number;
  generator: { name: string; ratedPower: number };
  blade: { name: string; manufacturer: string; length: number; width: number };
  nacelle: string;
  tower: { name: string; height: number };
  foundation: string;
}

/** Demo parks per demo customer of identity's seed (matched by name). */
const DEMO: Record<string, DemoPark[]> = {
  'North Sea Wind': [
    {
      name: 'Dogger Bank North',
      code: 'DBN',
      latitude: 54.92,
      longitude: 2.13,
      province: null,
      city: null,
      region: 'North Sea',
      capacity: 1200,
      turbines: 8,
      generator: { name: 'SG 14-222 DD', ratedPower: 14000 },
      blade: { name: 'B108', manufacturer: 'Siemens Gamesa Blades', length: 108, width: 5.8 },
      nacelle: 'SG 14 nacelle',
      tower: { name: 'Offshore tubular 115 m', height: 115 },
      foundation: 'Monopile XL',
    },
    {
      name: 'Hornsea Edge',
      code: 'HSE',
      latitude: 53.88,
      longitude: 1.79,
      province: null,
      city: null,
      region: 'North Sea',
      capacity: 700,
      turbines: 6,
      generator: { name: 'SG 8.0-167 DD', ratedPower: 8000 },
      blade: { name: 'B81', manufacturer: 'LM Wind Power', length: 81.4, width: 4.5 },
      nacelle: 'SG 8 nacelle',
      tower: { name: 'Offshore tubular 100 m', height: 100 },
      foundation: 'Jacket',
    },
  ],
  'Gobi Renewables': [
    {
      name: 'Bayan Obo Steppe',
      code: 'BOS',
      latitude: 41.77,
      longitude: 109.97,
      province: 'Inner Mongolia',
      city: 'Baotou',
      region: 'North China',
      capacity: 360,
      turbines: 10,
      generator: { name: 'GW 3.6-155', ratedPower: 3600 },
      blade: { name: 'GW76', manufacturer: 'Goldwind Blades', length: 76, width: 4.2 },
      nacelle: 'GW 3.6 nacelle',
      tower: { name: 'Steel tubular 110 m', height: 110 },
      foundation: 'Spread footing',
    },
  ],
};

/**
 * With SEED_DEMO=true, a demo customer arriving from identity gets its demo parks, component
 * types and turbines in the same transaction as the customer_ref row. Idempotent: parks that
 * already exist (by name) are left alone, and the consumer applies each event once.
 */
@Injectable()
export class DemoSeed {
  constructor(
    private readonly events: EventPublisher,
    @Inject(SERVICE_CONFIG) private readonly cfg: ServiceConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async forCustomer(m: EntityManager, customerId: string, customerName: string): Promise<void> {
    if (!this.cfg.seedDemo) return;
    for (const d of DEMO[customerName] ?? []) {
      const exists = await m
        .createQueryBuilder(WindPark, 'p')
        .where('p.customerId = :customerId AND lower(p.name) = lower(:name)', { customerId, name: d.name })
        .getExists();
      if (exists) continue;
      await this.seedPark(m, customerId, d);
      this.log.warn(`seeded demo wind park "${d.name}"`);
    }
  }

  private async seedPark(m: EntityManager, customerId: string, d: DemoPark) {
    const park = await m.save(
      m.create(WindPark, {
        name: d.name,
        customerId,
        latitude: d.latitude,
        longitude: d.longitude,
        province: d.province,
        city: d.city,
        region: d.region,
        capacityMw: d.capacity,
      }),
    );
    await this.events.publish(m, EventTypes.AssetParkCreated, park.id, parkPayload(park));
    const type = (kind: ComponentTypeEntity['kind'], name: string, extra: Partial<ComponentTypeEntity> = {}) =>
      m.save(
        m.create(ComponentTypeEntity, {
          id: randomUUID(),
          windParkId: park.id,
          kind,
          name,
          manufacturer: null,
          model: null,
          lengthM: null,
          widthM: null,
          heightM: null,
          ratedPowerKw: null,
          ...extra,
        }),
      );
    const generator = await type('generator', d.generator.name, { ratedPowerKw: d.generator.ratedPower });
    const blade = await type('blade', d.blade.name, { manufacturer: d.blade.manufacturer, lengthM: d.blade.length, widthM: d.blade.width });
    const nacelle = await type('nacelle', d.nacelle);
    const tower = await type('tower', d.tower.name, { heightM: d.tower.height });
    const foundation = await type('foundation', d.foundation);
    for (let i = 1; i <= d.turbines; i++) {
      const name = `${d.code}-${String(i).padStart(2, '0')}`;
      const drone = {
        id: 1,
        guid: randomUUID(),
        bizId: `DRONE-${d.code}`,
        serialNumber: `M300-${d.code}-${i}`,
        displayName: 'Inspection drone',
      };
      const turbine = await m.save(
        m.create(Turbine, {
          windParkId: park.id,
          name,
          serialNumber: `WTG-${d.code}-${String(i).padStart(4, '0')}`,
          status: 0,
          generatorTypeId: generator.id,
          bladeTypeId: blade.id,
          nacelleTypeId: nacelle.id,
          towerTypeId: tower.id,
          foundationTypeId: foundation.id,
          // A short row of turbines east of the park's reference point.
          latitude: d.latitude + (i % 2) * 0.01,
          longitude: d.longitude + i * 0.012,
          devices: [drone],
          assetConfigs: [
            { packageType: PackageType.BLADE_AUTO, componentType: 1, deviceGuids: [drone.guid] },
            { packageType: PackageType.TOWER, componentType: 2, deviceGuids: [drone.guid] },
          ],
        }),
      );
      await m.insert(
        Blade,
        ['A', 'B', 'C'].map((letter, k) => ({
          turbineId: turbine.id,
          position: k + 1,
          name: letter,
          serialNumber: `${d.code}${i}-${letter}-${d.blade.name}`,
        })),
      );
      await this.events.publish(m, EventTypes.AssetTurbineCreated, turbine.id, await turbineEventPayload(m, turbine));
    }
  }
}
