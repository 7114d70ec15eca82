import type { Offset, Placement } from './layout.js';

export type PanoramaStatus = 'queued' | 'running' | 'done' | 'failed';

/** A placement as stored: the panorama rectangle plus what projecting the photo's points needs. */
export interface StoredPlacement extends Placement {
  sourceWidth: number;
  sourceHeight: number;
  sortIndex: number;
  distanceToRoot: number | null;
  fileName: string;
}

/** One `panoramas` row (hand-written SQL, no entity: the table is this module's alone). */
export interface PanoramaRow {
  id: string;
  inspectionId: string;
  bladePosition: number;
  pathViewIndex: number;
  chamber: number;
  status: PanoramaStatus;
  version: number;
  jobId: string | null;
  errorCode: number | null;
  errorMessage: string | null;
  pixelSizeMm: number;
  offsets: Record<string, Offset>;
  width: number | null;
  height: number | null;
  scale: number | null;
  imageCount: number | null;
  placements: StoredPlacement[];
  storagePrefix: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const PANORAMA_COLUMNS = `id, inspection_id, blade_position, path_view_index, chamber, status, version, job_id, error_code,
  error_message, pixel_size_mm, offsets, width, height, scale, image_count, placements, storage_prefix, created_at, updated_at`;

/** A `panoramas` row as PostgreSQL returns it (numeric arrives as text, jsonb parsed). */
export interface PanoramaDbRow {
  id: string;
  inspection_id: string;
  blade_position: number;
  path_view_index: number;
  chamber: number;
  status: PanoramaStatus;
  version: number;
  job_id: string | null;
  error_code: number | null;
  error_message: string | null;
  pixel_size_mm: string | number;
  offsets: Record<string, Offset> | null;
  width: number | null;
  height: number | null;
  scale: number | null;
  image_count: number | null;
  placements: StoredPlacement[] | null;
  storage_prefix: string | null;
  created_at: Date;
  updated_at: Date;
}

export function toRow(r: PanoramaDbRow): PanoramaRow {
  return {
    id: r.id,
    inspectionId: r.inspection_id,
    bladePosition: r.blade_position,
    pathViewIndex: r.path_view_index,
    chamber: r.chamber,
    status: r.status,
    version: r.version,
    jobId: r.job_id,
    errorCode: r.error_code,
    errorMessage: r.error_message,
    pixelSizeMm: Number(r.pixel_size_mm),
    offsets: r.offsets ?? {},
    width: r.width,
    height: r.height,
    scale: r.scale,
    imageCount: r.image_count,
    placements: r.placements ?? [],
    storagePrefix: r.storage_prefix,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The first row of `… RETURNING`: TypeORM answers an UPDATE as [rows, count], an INSERT as rows. */
export function returned(result: unknown): PanoramaDbRow | undefined {
  const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as PanoramaDbRow[] | undefined;
  return rows?.[0];
}

export const STITCHING_QUEUE = 'inspection-stitching';

/** Files of a run: `panoramas/{inspectionId}/{panoramaId}/v{version}/panorama.jpg|thumb.jpg|image.dzi|image_files/…`. */
export const runPrefix = (p: Pick<PanoramaRow, 'inspectionId' | 'id'>, version: number) =>
  `panoramas/${p.inspectionId}/${p.id}/v${version}`;
export const panoramaKey = (storagePrefix: string) => `${storagePrefix}/panorama.jpg`;
