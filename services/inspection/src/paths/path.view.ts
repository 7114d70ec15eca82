import { ApiProperty } from '@nestjs/swagger';
import type { TileStatus } from '../images/image.entity.js';

/** An image of a path as the sort-and-remove task shows it. */
export class PathImageView {
  guid!: string;
  uri!: string;
  thumbUri!: string | null;
  sortIndex!: number;
  distanceToRoot!: number | null;
  isActive!: boolean;
  keyPartTag!: string | null;
  fileName!: string;
  width!: number;
  height!: number;
  @ApiProperty({ enum: ['pending', 'processing', 'done', 'failed'] }) tileStatus!: TileStatus;
}

/** A blade path (blade, view index, chamber) with every image, inactive ones too. */
export class PathView {
  pathGuid!: string;
  pathViewIndex!: number | null;
  bladePosition!: number | null;
  /** UUID v5 of turbine, position and serial number: the same blade has the same guid in every inspection. */
  bladeGuid!: string | null;
  bladeSerialNo!: string | null;
  /** Metres. */
  bladeLength!: number | null;
  chamber!: number;
  saved!: boolean;
  savedAt!: Date | null;
  savedBy!: string | null;
  CVPanoUri!: string | null;
  CVPanoThumbUri!: string | null;
  images!: PathImageView[];
}

/** SPEC §3 sort-and-remove task of an inspection: its paths in gallery order. */
export class SortAndRemoveTaskView {
  inspectionId!: string;
  windfarmId!: string;
  windfarmName!: string | null;
  turbineId!: string;
  turbineName!: string;
  /** YYYY-MM-DD */
  inspectionTime!: string;
  componentType!: number;
  /** Task-flow's stage time (not known here: null). */
  spentTime!: number | null;
  paths!: PathView[];
}
