/**
 * Pure rules of the blade path view: one row per path of the blade (view index in the chosen
 * SPEC §3 sort order, then chamber order), each photo a box along the distance-to-root axis,
 * coloured by the worst severity of its defects on the blade colour scheme (levels 0..8).
 */
import { type Defect, type InspectionImage, pathsInOrder, severityLevel } from '@/shared/inspection';
import { SEVERITY_PALETTE_9, compareChambers, type ViewSortOrder } from '../stitching/contracts';

/** Millimetres per photo pixel for a path that has no panorama (the server's default, docs/work-tools.md). */
export const DEFAULT_PIXEL_SIZE_MM = 1;

export interface ImageBox {
  image: InspectionImage;
  /** Along the blade (m): the photo's span around its distance to root. */
  from: number;
  to: number;
  defects: number;
  /** Blade colour level 0..8 (0 = no defect). */
  level: number;
  color: string;
}

export interface PathRow {
  pathViewIndex: number;
  chamber: number;
  placed: ImageBox[];
  /** Photos without a distance to root: shown apart, not on the axis. */
  unplaced: ImageBox[];
}

/** Worst colour level among a photo's defects (0 when it has none; not-rated defects are TBD = 1). */
export function worstLevel(defects: readonly Pick<Defect, 'severity'>[]): number {
  return defects.reduce((m, d) => Math.max(m, severityLevel(d.severity)), 0);
}

/** The metres a photo covers along the blade at a pixel size (mm per pixel). */
export const spanMetres = (img: Pick<InspectionImage, 'width'>, pixelSizeMm: number) => (img.width * pixelSizeMm) / 1000;

/**
 * The blade's paths as rows: `pixelSize(pathViewIndex, chamber)` says how wide a photo of that
 * path is drawn (the panorama's pixel size when it has one). Photos in sort order.
 */
export function bladeRows(
  images: readonly InspectionImage[],
  defects: readonly Pick<Defect, 'imageId' | 'severity'>[],
  order: ViewSortOrder,
  pixelSize: (pathViewIndex: number, chamber: number) => number = () => DEFAULT_PIXEL_SIZE_MM,
): PathRow[] {
  const byImage = new Map<string, Pick<Defect, 'imageId' | 'severity'>[]>();
  for (const d of defects) byImage.set(d.imageId, [...(byImage.get(d.imageId) ?? []), d]);
  const rows = new Map<string, PathRow>();
  const sorted = [...images].filter((i) => i.pathViewIndex !== null).sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0));
  for (const img of sorted) {
    const chamber = img.chamber ?? 0;
    const key = `${img.pathViewIndex}:${chamber}`;
    const row = rows.get(key) ?? { pathViewIndex: img.pathViewIndex!, chamber, placed: [], unplaced: [] };
    rows.set(key, row);
    const own = byImage.get(img.imageId) ?? [];
    const level = worstLevel(own);
    const half = spanMetres(img, pixelSize(row.pathViewIndex, chamber)) / 2;
    const box = { image: img, defects: own.length, level, color: SEVERITY_PALETTE_9[level]!, from: 0, to: 0 };
    if (img.distanceToRoot === null) row.unplaced.push(box);
    else row.placed.push({ ...box, from: img.distanceToRoot - half, to: img.distanceToRoot + half });
  }
  const views = pathsInOrder(
    order,
    [...rows.values()].map((r) => r.pathViewIndex),
  );
  return [...rows.values()].sort(
    (a, b) => views.indexOf(a.pathViewIndex) - views.indexOf(b.pathViewIndex) || compareChambers(a.chamber, b.chamber),
  );
}

/** Horizontal position (0..width) of a distance on an axis from 0 to `length` metres, clamped. */
export function axisX(metres: number, length: number, width: number): number {
  return (Math.min(length, Math.max(0, metres)) / length) * width;
}

/** The colour levels that occur, for the legend (ascending). */
export function levelsIn(rows: readonly PathRow[]): number[] {
  return [...new Set(rows.flatMap((r) => [...r.placed, ...r.unplaced].map((b) => b.level)))].sort((a, b) => a - b);
}

/** `bladePosition` of the address: 1..3, else null. */
export function parseBlade(v: string | null): number | null {
  const n = Number(v ?? '1');
  return Number.isInteger(n) && n >= 1 && n <= 3 ? n : null;
}
