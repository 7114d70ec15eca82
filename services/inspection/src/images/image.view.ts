import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '@windward/service-kit';
import type { TileStatus } from './image.entity.js';

const TILE_STATUSES = ['pending', 'processing', 'done', 'failed'];

/** A photo of an inspection with the URLs of its files. */
export class ImageView {
  /** The image id (SPEC §3 name). */
  guid!: string;
  imageId!: string;
  inspectionId!: string;
  bladePosition!: number | null;
  /** Blade path 1..8 = view index. */
  pathViewIndex!: number | null;
  chamber!: number;
  section!: string | null;
  sortIndex!: number;
  distanceToRoot!: number | null;
  isActive!: boolean;
  keyPartTag!: string | null;
  fileName!: string;
  @ApiProperty({ enum: ['jpeg', 'png'] }) format!: 'jpeg' | 'png';
  width!: number;
  height!: number;
  sizeBytes!: number;
  @ApiProperty({ enum: TILE_STATUSES }) tileStatus!: TileStatus;
  tileJobId!: string | null;
  /** The original photo. */
  uri!: string;
  /** Once tiled. */
  thumbUri!: string | null;
  /** OpenSeadragon tile source, once tiled. */
  dziUri!: string | null;
  createdAt!: Date;
}

export class ImagePage extends PageOf(ImageView) {}

/** Tile progress of one image. */
export class ImageProcessingView {
  imageId!: string;
  @ApiProperty({ enum: TILE_STATUSES }) tileStatus!: TileStatus;
  tileError!: string | null;
  jobId!: string | null;
  /** pg-boss job state. */
  state!: string | null;
  percent!: number;
}

/** Tile progress of an inspection's images. */
export class ProcessingView {
  imageCount!: number;
  done!: number;
  failed!: number;
  waiting!: number;
  images!: ImageProcessingView[];
}
