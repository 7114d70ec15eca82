import { randomUUID } from 'node:crypto';
import { schemaName } from '../common/columns.js';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { ComponentType, DpsStatus, EventTypes, PackageType, ViewIndex } from '@windward/contracts';
import { EventPublisher, JobsService, LOGGER, SERVICE_CONFIG, type ServiceConfig } from '@windward/service-kit';
import { FILE_STORE, type FileStore } from '@windward/service-kit';
import { ParkRef, TurbineRef } from '../refs/refs.entity.js';
import { Inspection } from '../inspections/inspection.entity.js';
import { createInspection } from '../inspections/inspections.service.js';
import { Image } from '../images/image.entity.js';
import { TILES_QUEUE, originalKey } from '../images/tiles.worker.js';
import { Defect } from '../defects/defect.entity.js';
import { checkPolygon } from '../defects/polygon.js';
import { defectPayload } from '../defects/defect-rules.js';
import { recomputeTimeline } from '../timeline/timeline.store.js';
import { bladePhoto, outline, type Mark } from './demo-images.js';

/** asset's demo parks (services/asset seeds them for identity's demo customers). */
export const DEMO_PARKS = ['Dogger Bank North', 'Hornsea Edge', 'Bayan Obo Steppe'];
/** Only the first two turbines of each demo park get inspections: enough to show every screen. */
const DEMO_TURBINE = /-0[12]$/;
const W = 2400;
const H = 800;

interface DemoDefect {
  blade: number;
  type: string;
  severity: number;
  distance: number;
  mark: Mark;
  recommendation: string;
}

/** Older inspection: erosion on blade 1, a crack on blade 2. Newer: the erosion grew, the crack was repaired, new erosion on blade 3. */
const OLDER: DemoDefect[] = [
  {
    blade: 1,
    type: 'Leading edge erosion',
    severity: 2,
    distance: 30,
    mark: { x: 900, y: 360, rx: 40, ry: 22 },
    recommendation: 'Monitor',
  },
  {
    blade: 2,
    type: 'Crack',
    severity: 3,
    distance: 45.5,
    mark: { x: 1300, y: 410, rx: 60, ry: 14 },
    recommendation: 'Repair within 3 months',
  },
];
const NEWER: DemoDefect[] = [
  {
    blade: 1,
    type: 'Leading edge erosion',
    severity: 3,
    distance: 30.2,
    mark: { x: 910, y: 360, rx: 55, ry: 28 },
    recommendation: 'Repair within 3 months',
  },
  {
    blade: 3,
    type: 'Leading edge erosion',
    severity: 1,
    distance: 60,
    mark: { x: 1700, y: 395, rx: 30, ry: 12 },
    recommendation: 'Monitor',
  },
];
const TEMPLATE = {
  type: ['Leading edge erosion', 'Crack', 'Lightning damage', 'Coating damage'],
  recommendation: ['Monitor', 'Repair within 3 months', 'Repair immediately'],
  severity: ['No damage', 'Cosmetic', 'Minor', 'Moderate', 'Serious', 'Critical'],
};

/**
 * With SEED_DEMO=true, the demo turbines announced by asset get two blade inspections a year
 * apart, with generated blade photographs (tiled as jobs), defects with polygons and a timeline
 * link between them. Idempotent: a turbine that has inspections is left alone, and the consumer
 * applies each event once.
 */
@Injectable()
export class DemoSeed {
  constructor(
    private readonly events: EventPublisher,
    private readonly jobs: JobsService,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(SERVICE_CONFIG) private readonly cfg: ServiceConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async forTurbine(m: EntityManager, turbineId: string): Promise<void> {
    if (!this.cfg.seedDemo) return;
    const turbine = await m.findOne(TurbineRef, { where: { turbineId } });
    const park = turbine && (await m.findOne(ParkRef, { where: { windParkId: turbine.windParkId } }));
    if (!turbine || !park || !DEMO_PARKS.includes(park.name) || !DEMO_TURBINE.test(turbine.name)) return;
    if (await m.exists(Inspection, { where: { turbineId } })) return;
    await this.templates(m, park.customerId);
    const older = await this.inspection(m, turbine, park, '2024-06-12', OLDER);
    const newer = await this.inspection(m, turbine, park, '2025-06-10', NEWER);
    await m.update(Inspection, { id: newer.id }, { previousInspectionId: older.id });
    await recomputeTimeline(m, newer.id);
    await this.events.publish(m, EventTypes.InspectionTimelineLinked, newer.id, {
      inspectionId: newer.id,
      previousInspectionId: older.id,
      turbineId,
    });
    this.log.warn(`seeded demo inspections of turbine ${turbine.name} (${park.name})`);
  }

  private async templates(m: EntityManager, customerId: string) {
    for (const [kind, names] of Object.entries(TEMPLATE)) {
      for (const [i, name] of names.entries()) {
        await m.query(
          `INSERT INTO ${schemaName(m.connection)}.template_item (customer_id, kind, name, level) VALUES ($1, $2, $3, $4)
           ON CONFLICT (customer_id, kind, lower(name)) DO NOTHING`,
          [customerId, kind, name, kind === 'severity' ? i : null],
        );
      }
    }
  }

  private async inspection(m: EntityManager, turbine: TurbineRef, park: ParkRef, date: string, defects: DemoDefect[]) {
    const insp = await createInspection(m, this.events, {
      turbine,
      park,
      packageType: PackageType.BLADE_AUTO,
      componentType: ComponentType.BLADE_EXTERNAL,
      inspectionDate: date,
      pilot: 'Demo pilot',
      deviceId: `DRONE-${park.name.slice(0, 3).toUpperCase()}`,
      inspectionDataConfigId: null,
    });
    let no = 1;
    for (const blade of [1, 2, 3]) {
      const own = defects.filter((d) => d.blade === blade);
      const id = randomUUID();
      const bytes = await bladePhoto(
        W,
        H,
        own.map((d) => d.mark),
        blade + date.length + no,
      );
      const img = m.create(Image, {
        id,
        inspectionId: insp.id,
        bladePosition: blade,
        path: ViewIndex.LE,
        chamber: 0,
        section: null,
        sortIndex: 1,
        distanceToRoot: 0,
        isActive: true,
        keyPartTag: null,
        fileName: `blade-${blade}-LE.jpg`,
        format: 'jpeg',
        width: W,
        height: H,
        sizeBytes: bytes.length,
        storagePrefix: `images/${insp.id}/${id}`,
        tileStatus: 'pending',
        tileError: null,
        tiledAt: null,
      });
      await this.store.put(originalKey(img), bytes);
      // The tile job waits for this row to commit (TilesWorker.run).
      img.tileJobId = await this.jobs.send(TILES_QUEUE, { imageId: id });
      await m.insert(Image, img);
      for (const d of own) {
        const row = m.create(Defect, {
          inspectionId: insp.id,
          imageId: id,
          windParkId: insp.windParkId,
          turbineId: insp.turbineId,
          defectNo: String(no++).padStart(6, '0'),
          severity: d.severity,
          defectType: d.type,
          layer: 'Coating',
          affectedPart: 'Leading edge',
          recommendation: d.recommendation,
          sizeLength: d.mark.rx * 2,
          sizeWidth: d.mark.ry * 2,
          position: ViewIndex.LE,
          bladePosition: blade,
          distanceToRoot: d.distance,
          chordwiseStart: null,
          chordwiseEnd: null,
          repairPriority: d.severity >= 3 ? 3 : 4,
          polygon: checkPolygon(outline(d.mark), { width: W, height: H }),
          dpsStatus: DpsStatus.PENDING,
          timelineStatus: 'NOT_APPLICABLE',
          timelineManual: false,
          previousDefectId: null,
          createdBy: null,
        });
        await m.save(row);
        await this.events.publish(m, EventTypes.InspectionDefectCreated, row.id, defectPayload(row));
      }
    }
    return insp;
  }
}
