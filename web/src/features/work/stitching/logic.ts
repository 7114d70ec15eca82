/**
 * Pure rules of the stitching screen: the paths an inspection's photos form, nudging a photo
 * (arrow keys, Shift = ×10), the preview of pending offsets on the panorama before it is
 * stitched again, and the review form's rule.
 */
import { TaskStage, compareChambers, compareByViewOrder } from './contracts';
import type { InspectionImage, Point } from '@/shared/inspection';
import type { Offset, Offsets, PanoramaDefect, Placement } from './stitchingApi';

export interface PathKey {
  bladePosition: number;
  pathViewIndex: number;
  chamber: number;
}

export const pathKeyOf = (p: PathKey): string => `${p.bladePosition}:${p.pathViewIndex}:${p.chamber}`;

export function parsePathKey(key: string | null | undefined): PathKey | null {
  const m = /^([1-3]):([1-8]):(-?\d+)$/.exec(key ?? '');
  return m ? { bladePosition: Number(m[1]), pathViewIndex: Number(m[2]), chamber: Number(m[3]) } : null;
}

/** The paths the active photos form, with their photo count: blade, leading-edge-first view order, chamber order. */
export function pathsOf(
  images: readonly Pick<InspectionImage, 'bladePosition' | 'pathViewIndex' | 'chamber' | 'isActive'>[],
): (PathKey & { images: number })[] {
  const seen = new Map<string, PathKey & { images: number }>();
  for (const i of images) {
    if (!i.isActive || i.bladePosition === null || i.pathViewIndex === null) continue;
    const key = { bladePosition: i.bladePosition, pathViewIndex: i.pathViewIndex, chamber: i.chamber ?? 0 };
    const k = pathKeyOf(key);
    const cur = seen.get(k);
    if (cur) cur.images++;
    else seen.set(k, { ...key, images: 1 });
  }
  const byView = compareByViewOrder('LEADING_EDGE_FIRST');
  return [...seen.values()].sort(
    (a, b) => a.bladePosition - b.bladePosition || byView(a.pathViewIndex, b.pathViewIndex) || compareChambers(a.chamber, b.chamber),
  );
}

export const NUDGE_KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'] as const;
export type NudgeKey = (typeof NUDGE_KEYS)[number];
export const isNudgeKey = (k: string): k is NudgeKey => (NUDGE_KEYS as readonly string[]).includes(k);

/** Largest offset the server takes (source pixels either way). */
export const MAX_OFFSET_PX = 100_000;

const clamp = (v: number) => Math.max(-MAX_OFFSET_PX, Math.min(MAX_OFFSET_PX, Math.round(v)));

/** Offsets with one photo's offset set; a zero offset is dropped (the server keeps none). */
export function withOffset(offsets: Offsets, imageId: string, o: Offset): Offsets {
  const next = { ...offsets };
  const v = { dx: clamp(o.dx), dy: clamp(o.dy) };
  if (v.dx === 0 && v.dy === 0) delete next[imageId];
  else next[imageId] = v;
  return next;
}

/** One arrow key on the selected photo: 1 source pixel, 10 with Shift. */
export function nudge(offsets: Offsets, imageId: string, key: NudgeKey, shift: boolean): Offsets {
  const step = shift ? 10 : 1;
  const cur = offsets[imageId] ?? { dx: 0, dy: 0 };
  const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[key];
  return withOffset(offsets, imageId, { dx: cur.dx + d[0]!, dy: cur.dy + d[1]! });
}

export function sameOffsets(a: Offsets, b: Offsets): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if ((a[k]?.dx ?? 0) !== (b[k]?.dx ?? 0) || (a[k]?.dy ?? 0) !== (b[k]?.dy ?? 0)) return false;
  }
  return true;
}

/** How far (panorama pixels) a photo moves when `pending` replaces the offsets it was stitched with. */
export function previewShift(p: Placement, applied: Offsets, pending: Offsets): { x: number; y: number } {
  const a = applied[p.imageId] ?? { dx: 0, dy: 0 };
  const b = pending[p.imageId] ?? { dx: 0, dy: 0 };
  return { x: ((b.dx - a.dx) * p.width) / p.sourceWidth, y: ((b.dy - a.dy) * p.height) / p.sourceHeight };
}

/**
 * The placements as they will roughly be after the next stitch: each photo moved by its offset
 * change, scaled like the panorama. (The server may also shift the origin when a photo moves
 * past the edge; the preview keeps the current frame.)
 */
export function previewPlacements(placements: readonly Placement[], applied: Offsets, pending: Offsets): Placement[] {
  return placements.map((p) => {
    const s = previewShift(p, applied, pending);
    return s.x === 0 && s.y === 0 ? p : { ...p, x: p.x + s.x, y: p.y + s.y };
  });
}

/** Defects follow their photo in the preview. */
export function previewDefects(
  defects: readonly PanoramaDefect[],
  placements: readonly Placement[],
  applied: Offsets,
  pending: Offsets,
): PanoramaDefect[] {
  const byImage = new Map(placements.map((p) => [p.imageId, p]));
  return defects.map((d) => {
    const p = byImage.get(d.imageId);
    if (!p) return d;
    const s = previewShift(p, applied, pending);
    return s.x === 0 && s.y === 0 ? d : { ...d, polygon: d.polygon.map(([x, y]) => [x + s.x, y + s.y] as [number, number]) };
  });
}

/** A placement's rectangle as a polygon (panorama pixels), for the overlay. */
export function placementPolygon(p: Pick<Placement, 'x' | 'y' | 'width' | 'height'>): Point[] {
  return [
    [p.x, p.y],
    [p.x + p.width, p.y],
    [p.x + p.width, p.y + p.height],
    [p.x, p.y + p.height],
  ];
}

/** QA results (SPEC §3): pass, pass with issue, fail. */
export const QA_RESULTS = [1, 2, 3] as const;

/** A failed review needs its reasons (the server refuses with QA_FAIL_REASON_REQUIRED otherwise). */
export function qaReady(result: number | null, comments: string): boolean {
  if (result === null) return false;
  return result !== 3 || comments.trim().length > 0;
}

/** The review stage a stitching review posts for: the task's current stage when it is stitching QA or FQA. */
export function reviewStageOf(currentStages: readonly number[]): number | null {
  return currentStages.find((s) => s === TaskStage.STITCHING_QA || s === TaskStage.STITCHING_FQA) ?? null;
}

export const isBusy = (status: string | null | undefined) => status === 'queued' || status === 'running';
