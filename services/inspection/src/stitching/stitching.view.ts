import { ApiProperty } from '@nestjs/swagger';
import type { Offset } from './layout.js';
import type { PanoramaStatus } from './panorama.row.js';

const STATUSES = ['queued', 'running', 'done', 'failed'];

/** A stitching request was queued (202). */
export class PanoramaQueuedView {
  panoramaId!: string;
  jobId!: string;
  @ApiProperty({ enum: ['queued'] }) status!: 'queued';
  /** The run; file URLs carry it as `?v=`. */
  version!: number;
}

/** A panorama of a blade path and its current run. */
export class PanoramaView {
  panoramaId!: string;
  inspectionId!: string;
  bladePosition!: number;
  pathViewIndex!: number;
  chamber!: number;
  @ApiProperty({ enum: STATUSES }) status!: PanoramaStatus;
  version!: number;
  jobId!: string | null;
  /** 0..100 */
  progress!: number;
  progressMessage!: string | null;
  /** SPEC §3 turbine pipeline state of the path: stitching / stitching completed. */
  pipelineState!: number | null;
  errorCode!: number | null;
  errorMessage!: string | null;
  pixelSizeMm!: number;
  /** Manual offsets `{imageId: {dx, dy}}` in source pixels. */
  @ApiProperty({ type: 'object', additionalProperties: { type: 'object', required: ['dx', 'dy'], properties: { dx: { type: 'integer' }, dy: { type: 'integer' } } } })
  offsets!: Record<string, Offset>;
  width!: number | null;
  height!: number | null;
  scale!: number | null;
  imageCount!: number | null;
  panoUri!: string | null;
  dziUri!: string | null;
  thumbUri!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}

export class PanoramaListView {
  results!: PanoramaView[];
  totalCount!: number;
}

/** Where a photo lies in the panorama (panorama pixels). */
export class PlacementView {
  imageId!: string;
  x!: number;
  y!: number;
  width!: number;
  height!: number;
  sourceWidth!: number;
  sourceHeight!: number;
  sortIndex!: number;
  distanceToRoot!: number | null;
  fileName!: string;
}

/** A defect of the path with its outline in panorama pixels. */
export class PanoramaDefectView {
  defectId!: string;
  defectNo!: string;
  imageId!: string;
  severity!: number | null;
  defectType!: string;
  dpsStatus!: number;
  distanceToRoot!: number | null;
  @ApiProperty({ type: 'array', items: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 } })
  polygon!: [number, number][];
}

/** One panorama with its photo placements and the path's defects. */
export class PanoramaDetailView extends PanoramaView {
  placements!: PlacementView[];
  defects!: PanoramaDefectView[];
}
