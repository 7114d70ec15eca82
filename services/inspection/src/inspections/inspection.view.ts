import { PageOf } from '@windward/service-kit';
import type { BladeSnapshot } from './inspection.entity.js';

/** An inspection as the lists show it, with its defect and image counts. */
export class InspectionView {
  inspectionId!: string;
  /** The same id (SPEC §3 name). */
  inspectionGuid!: string;
  turbineId!: string;
  turbineName!: string;
  windFarmId!: string;
  customerId!: string;
  /** SPEC §3 package type. */
  packageType!: number;
  componentType!: number;
  /** YYYY-MM-DD */
  inspectionDate!: string;
  isActive!: boolean;
  pilot!: string | null;
  deviceId!: string | null;
  inspectionDataConfigId!: string | null;
  previousInspectionId!: string | null;
  /** Defects, suggestions not counted. */
  defectCount!: number;
  imageCount!: number;
  tiledImageCount!: number;
  /** Most urgent DPS status of its defects; null without defects. */
  dpsStatus!: number | null;
  createdAt!: Date;
}

export class InspectionPage extends PageOf(InspectionView) {}

/** A blade as it was when the inspection was made. */
export class BladeSnapshotView implements BladeSnapshot {
  position!: number;
  serialNumber!: string;
  /** Metres. */
  length!: number | null;
}

/** One inspection, with its blades. */
export class InspectionDetailView extends InspectionView {
  blades!: BladeSnapshotView[];
}

/** The inspections may move (no timeline link); otherwise 409 INSPECTION_LINKED_FOR_TIMELINE. */
export class MoveCheckView {
  movable!: boolean;
  inspectionGuids!: string[];
}
