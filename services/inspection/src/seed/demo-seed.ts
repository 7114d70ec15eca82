import { randomUUID } from 'node:crypto';
import { schemaName } from '../common/columns.js';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { ComponentType, DpsStatus, EventTypes, PackageType, TaskStage, ViewIndex, inspectionImagePrefix } from '@windward/contracts';
import { EventPublisher, JobsService, LOGGER, SERVICE_CONFIG, type ServiceConfig } from '@windward/service-kit';
import { FILE_STORE, type FileStore } from '@windward/service-kit';
import { announceDefectTemplate } from '../templates/template-events.js';
import { ParkRef, TurbineRef } from '../refs/refs.entity.js';
import { Inspection } from '../inspections/inspection.entity.js';
import { createInspection } from '../inspections/inspections.service.js';
import { Image } from '../images/image.entity.js';
import { TILES_QUEUE, originalKey } from '../images/tiles.worker.js';
import { Defect } from '../defects/defect.entity.js';
import { checkPolygon } from '../defects/polygon.js';
import { defectEvent } from '../defects/defect-rules.js';
import { recomputeTimeline } from '../timeline/timeline.store.js';
import { bladePhoto, outline, surfacePhoto, type Mark } from './demo-images.js';

/** asset's demo parks (services/asset seeds them for identity's demo customers). */
export const DEMO_PARKS = ['Dogger Bank North', 'Hornsea Edge', 'Bayan Obo Steppe'];
/** Only the first two turbines of each demo park get inspections: enough to show every screen. */
const DEMO_TURBINE = /-0[12]$/;
const W = 2400;
const H = 800;
/**
 * Metres per pixel of the demo photos (a 2,400-pixel frame spans about 6 m of blade, as a 20-MP
 * drone photo from ~10 m does): defect sizes are their mark's extent in pixels times this, so an
 * erosion reads 0.28 m × 0.14 m on an 81 m blade instead of 110 m × 56 m.
 */
const DEMO_PIXEL_SIZE_M = 0.0025;
const metres = (pixels: number) => Math.round(pixels * DEMO_PIXEL_SIZE_M * 1000) / 1000;
/**
 * Photos per blade side of the newer inspections and their spacing along the blade: a short run
 * (not one photo) so sort and remove, the blade path view, stitching and the turbine page show a
 * real sequence. 2.4 m apart = side by side at the stitching tool's default 1 mm/px (a 2,400-pixel
 * frame). Three, and one per side on the older inspections (already sorted in the demo), keep the
 * demo's start quick: each photo is a tile job, and its tiles are copied for every e2e file.
 */
const FRAMES_PER_SIDE = 3;
const FRAME_STEP_M = 2.4;

interface DemoDefect extends PhotoDefect {
  blade: number;
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
/** A defect drawn on a photo (blade photos: `blade`; component photos: index into `photos`). */
interface PhotoDefect {
  type: string;
  severity: number;
  distance: number | null;
  mark: Mark;
  recommendation: string;
  affectedPart?: string;
}

const PW = 1200;
const PH = 900;

interface ComponentDemo {
  kind: 'tower' | 'nacelle';
  packageType: number;
  componentType: number;
  /** Tower photos: side (section) and height (m, in the distance field); nacelle: view. */
  photos: { section: string; height: number | null; fileName: string }[];
  rounds: { date: string; defects: (PhotoDefect & { photo: number })[] }[];
}

/**
 * The component page's demo (turbine -01): a tower photographed from four sides at two heights
 * and a nacelle from two views, a year apart and before the 2025 blade inspection (the turbine
 * page still opens the blade inspection first). Rust spreads, a cover crack appears.
 */
const COMPONENT_DEMOS: ComponentDemo[] = [
  {
    kind: 'tower',
    packageType: PackageType.TOWER,
    componentType: ComponentType.TOWER,
    photos: ['N', 'E', 'S', 'W'].flatMap((side) => [80, 30].map((height) => ({ section: side, height, fileName: `tower-${side}-${height}m.jpg` }))),
    rounds: [
      {
        date: '2024-05-20',
        defects: [{ photo: 1, type: 'Corrosion', severity: 1, distance: 30, mark: { x: 500, y: 520, rx: 40, ry: 30 }, recommendation: 'Monitor', affectedPart: 'Tower shell' }],
      },
      {
        date: '2025-05-15',
        defects: [
          { photo: 1, type: 'Corrosion', severity: 2, distance: 30, mark: { x: 505, y: 520, rx: 70, ry: 45 }, recommendation: 'Repair within 3 months', affectedPart: 'Tower shell' },
          { photo: 4, type: 'Coating damage', severity: 3, distance: 80, mark: { x: 760, y: 300, rx: 90, ry: 35 }, recommendation: 'Repair within 3 months', affectedPart: 'Tower flange' },
        ],
      },
    ],
  },
  {
    kind: 'nacelle',
    packageType: PackageType.NACELLE,
    componentType: ComponentType.NACELLE,
    photos: ['Front', 'Rear'].map((view) => ({ section: view, height: null, fileName: `nacelle-${view.toLowerCase()}.jpg` })),
    rounds: [
      { date: '2024-05-21', defects: [] },
      {
        date: '2025-05-16',
        defects: [{ photo: 0, type: 'Crack', severity: 2, distance: null, mark: { x: 600, y: 420, rx: 80, ry: 12 }, recommendation: 'Monitor', affectedPart: 'Nacelle cover' }],
      },
    ],
  },
];

const TEMPLATE = {
  type: ['Leading edge erosion', 'Crack', 'Lightning damage', 'Coating damage', 'Corrosion'],
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
    // The older inspection's task already went through sorting (-02: waits for a labeler) or
    // labeling too (-01: waits for a QA reviewer); the newer one starts at sort and remove.
    const demoStage = turbine.name.endsWith('-01') ? TaskStage.LABELING_QA : TaskStage.LABELING;
    const older = await this.inspection(m, turbine, park, '2024-06-12', OLDER, 1, demoStage);
    const newer = await this.inspection(m, turbine, park, '2025-06-10', NEWER, FRAMES_PER_SIDE);
    if (turbine.name.endsWith('-01')) await this.components(m, turbine, park);
    await m.update(Inspection, { id: newer.id }, { previousInspectionId: older.id });
    await recomputeTimeline(m, this.events, newer.id, undefined, true);
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
    await announceDefectTemplate(m, this.events, customerId);
  }

  private async inspection(m: EntityManager, turbine: TurbineRef, park: ParkRef, date: string, defects: DemoDefect[], framesPerSide: number, demoStage?: number) {
    const insp = await createInspection(m, this.events, {
      turbine,
      park,
      packageType: PackageType.BLADE_AUTO,
      componentType: ComponentType.BLADE_EXTERNAL,
      inspectionDate: date,
      pilot: 'Demo pilot',
      deviceId: `DRONE-${park.name.slice(0, 3).toUpperCase()}`,
      inspectionDataConfigId: null,
      ...(demoStage ? { demoStage } : {}),
    });
    const no = { next: 1 };
    for (const blade of [1, 2, 3]) {
      const own = defects.filter((d) => d.blade === blade);
      // A run of photos along the leading edge, the middle one centred on the blade's defect.
      const anchor = own[0]?.distance ?? 15 + 15 * blade;
      const middle = Math.floor((framesPerSide - 1) / 2);
      const frames = Array.from({ length: framesPerSide }, (_, k) => Math.round((anchor + (k - middle) * FRAME_STEP_M) * 10) / 10);
      const nearest = (d: DemoDefect) => frames.reduce((best, f, k) => (Math.abs(f - (d.distance ?? 0)) < Math.abs(frames[best]! - (d.distance ?? 0)) ? k : best), 0);
      for (const [k, distanceToRoot] of frames.entries()) {
        const onFrame = own.filter((d) => nearest(d) === k);
        const bytes = await bladePhoto(
          W,
          H,
          onFrame.map((d) => d.mark),
          blade * 10 + k + date.length,
        );
        const photo = { bladePosition: blade, path: ViewIndex.LE, chamber: 0, section: null, distanceToRoot, sortIndex: k + 1, fileName: `blade-${blade}-LE-${k + 1}.jpg` };
        await this.photo(m, insp, photo, bytes, { width: W, height: H }, onFrame, no);
      }
    }
    return insp;
  }

  /**
   * Tower and nacelle inspections a year apart (turbine -01 only): photos laid out by side and
   * height (tower) or by view (nacelle), rust and cover defects, the newer linked to the older.
   */
  private async components(m: EntityManager, turbine: TurbineRef, park: ParkRef): Promise<void> {
    for (const spec of COMPONENT_DEMOS) {
      const made: Inspection[] = [];
      for (const [k, round] of spec.rounds.entries()) {
        const insp = await createInspection(m, this.events, {
          turbine,
          park,
          packageType: spec.packageType,
          componentType: spec.componentType,
          inspectionDate: round.date,
          pilot: 'Demo pilot',
          deviceId: `DRONE-${park.name.slice(0, 3).toUpperCase()}`,
          inspectionDataConfigId: null,
        });
        const no = { next: 1 };
        for (const [i, place] of spec.photos.entries()) {
          const own = round.defects.filter((d) => d.photo === i);
          const bytes = await surfacePhoto(PW, PH, own.map((d) => d.mark), i + 10 * k, spec.kind);
          const photo = { bladePosition: null, path: null, chamber: 0, section: place.section, distanceToRoot: place.height, fileName: place.fileName, sortIndex: i + 1 };
          await this.photo(m, insp, photo, bytes, { width: PW, height: PH }, own, no);
        }
        made.push(insp);
      }
      const [older, newer] = made;
      await m.update(Inspection, { id: newer!.id }, { previousInspectionId: older!.id });
      await recomputeTimeline(m, this.events, newer!.id, undefined, true);
      await this.events.publish(m, EventTypes.InspectionTimelineLinked, newer!.id, {
        inspectionId: newer!.id,
        previousInspectionId: older!.id,
        turbineId: turbine.turbineId,
      });
    }
  }

  /** One generated photo (tiled by a job once the row commits) and its defects with polygons. */
  private async photo(
    m: EntityManager,
    insp: Inspection,
    place: { bladePosition: number | null; path: number | null; chamber: number; section: string | null; distanceToRoot: number | null; fileName: string; sortIndex?: number },
    bytes: Buffer,
    size: { width: number; height: number },
    defects: PhotoDefect[],
    no: { next: number },
  ): Promise<void> {
    const id = randomUUID();
    const img = m.create(Image, {
      id,
      inspectionId: insp.id,
      bladePosition: place.bladePosition,
      path: place.path,
      chamber: place.chamber,
      section: place.section,
      sortIndex: place.sortIndex ?? 1,
      distanceToRoot: place.distanceToRoot,
      isActive: true,
      keyPartTag: null,
      fileName: place.fileName,
      format: 'jpeg',
      width: size.width,
      height: size.height,
      sizeBytes: bytes.length,
      storagePrefix: inspectionImagePrefix(insp.id, id),
      tileStatus: 'pending',
      tileError: null,
      tiledAt: null,
    });
    await this.store.put(originalKey(img), bytes);
    // The tile job waits for this row to commit (TilesWorker.run).
    img.tileJobId = await this.jobs.send(TILES_QUEUE, { imageId: id });
    await m.insert(Image, img);
    for (const d of defects) {
      const row = m.create(Defect, {
        inspectionId: insp.id,
        imageId: id,
        windParkId: insp.windParkId,
        turbineId: insp.turbineId,
        defectNo: String(no.next++).padStart(6, '0'),
        severity: d.severity,
        defectType: d.type,
        layer: 'Coating',
        affectedPart: d.affectedPart ?? 'Leading edge',
        recommendation: d.recommendation,
        sizeLength: metres(d.mark.rx * 2),
        sizeWidth: metres(d.mark.ry * 2),
        position: place.path,
        bladePosition: place.bladePosition,
        distanceToRoot: d.distance,
        chordwiseStart: null,
        chordwiseEnd: null,
        repairPriority: d.severity >= 3 ? 3 : 4,
        polygon: checkPolygon(outline(d.mark), size),
        dpsStatus: DpsStatus.PENDING,
        timelineStatus: 'NOT_APPLICABLE',
        timelineManual: false,
        previousDefectId: null,
        createdBy: null,
      });
      await m.save(row);
      await this.events.publish(m, EventTypes.InspectionDefectCreated, row.id, await defectEvent(m, row, img));
    }
  }
}
