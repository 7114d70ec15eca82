/**
 * Pure polygon geometry of the labeling tool, in full-image pixels ([x, y], origin top-left,
 * what the inspection service stores): hit tests, closing a drawn outline, vertex edits,
 * screen ↔ image mapping and the size of a defect from its outline.
 */
import type { ScreenTransform } from '@/shared/viewer/geometry';

export type Point = [number, number];

/** Even-odd ray casting: true when the point lies inside the polygon (edges count as inside). */
export function pointInPolygon([x, y]: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (onSegment([x, y], [xi, yi], [xj, yj])) return true;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function onSegment([x, y]: Point, [x1, y1]: Point, [x2, y2]: Point, eps = 1e-9): boolean {
  const cross = (x - x1) * (y2 - y1) - (y - y1) * (x2 - x1);
  if (Math.abs(cross) > eps * Math.max(1, Math.hypot(x2 - x1, y2 - y1))) return false;
  return x >= Math.min(x1, x2) - eps && x <= Math.max(x1, x2) + eps && y >= Math.min(y1, y2) - eps && y <= Math.max(y1, y2) + eps;
}

/** Absolute area (shoelace). */
export function polygonArea(polygon: readonly Point[]): number {
  let sum = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++)
    sum += (polygon[j]![0] + polygon[i]![0]) * (polygon[j]![1] - polygon[i]![1]);
  return Math.abs(sum / 2);
}

/**
 * The polygon under a click: of those containing the point, the smallest (a small defect
 * drawn inside a large one stays reachable). null when none contains it.
 */
export function pickPolygon<T extends { id: string; points: readonly Point[] }>(polygons: readonly T[], point: Point): string | null {
  let best: { id: string; area: number } | null = null;
  for (const p of polygons) {
    if (p.points.length < 3 || !pointInPolygon(point, p.points)) continue;
    const area = polygonArea(p.points);
    if (!best || area < best.area) best = { id: p.id, area };
  }
  return best?.id ?? null;
}

export const distance = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** A container (screen) pixel in image pixels under the viewer's transform. */
export function screenToImage([sx, sy]: Point, t: ScreenTransform): Point {
  return [(sx - t.tx) / t.scale, (sy - t.ty) / t.scale];
}

/** Points on the image only (the server refuses a polygon reaching outside it); 2 decimals like the server. */
export function clampToImage([x, y]: Point, width: number, height: number): Point {
  const r = (v: number) => Math.round(v * 100) / 100;
  return [r(Math.min(width, Math.max(0, x))), r(Math.min(height, Math.max(0, y)))];
}

/**
 * True when a click at `candidate` should close the outline being drawn: it lands within
 * `radiusPx` screen pixels of the first point and there are at least 3 points.
 */
export function closesAtFirst(points: readonly Point[], candidate: Point, scale: number, radiusPx = 8): boolean {
  return points.length >= 3 && distance(points[0]!, candidate) * scale <= radiusPx;
}

/**
 * The closed outline from the clicked points: consecutive points closer than `minGap` image
 * pixels merge (a double-click adds the same point twice before it closes), a last point on the
 * first is dropped. null when fewer than 3 distinct points or no area remain.
 */
export function closePolygon(points: readonly Point[], minGap = 0.5): Point[] | null {
  const out: Point[] = [];
  for (const p of points) if (!out.length || distance(out[out.length - 1]!, p) > minGap) out.push(p);
  while (out.length > 1 && distance(out[0]!, out[out.length - 1]!) <= minGap) out.pop();
  if (out.length < 3 || polygonArea(out) === 0) return null;
  return out;
}

export function moveVertex(polygon: readonly Point[], index: number, to: Point): Point[] {
  return polygon.map((p, i) => (i === index ? to : p));
}

/** A vertex removed; null when that would leave fewer than 3. */
export function removeVertex(polygon: readonly Point[], index: number): Point[] | null {
  if (polygon.length <= 3 || index < 0 || index >= polygon.length) return null;
  return polygon.filter((_, i) => i !== index);
}

/** Width and height of the outline's bounding box in image pixels. */
export function polygonExtent(polygon: readonly Point[]): { width: number; height: number } {
  if (!polygon.length) return { width: 0, height: 0 };
  const xs = polygon.map((p) => p[0]);
  const ys = polygon.map((p) => p[1]);
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}

/**
 * Defect size in metres from the outline when the image's pixel size (mm per pixel) is known:
 * length = the longer side of the bounding box, width = the shorter; 3 decimals (SPEC §5).
 */
export function sizeFromPolygon(
  polygon: readonly Point[],
  mmPerPixel: number | null | undefined,
): { sizeLength: number; sizeWidth: number } | null {
  if (!mmPerPixel || !(mmPerPixel > 0) || polygon.length < 3) return null;
  const { width, height } = polygonExtent(polygon);
  const m = (px: number) => Math.round(px * mmPerPixel) / 1000;
  return { sizeLength: m(Math.max(width, height)), sizeWidth: m(Math.min(width, height)) };
}

/** SVG `points` text. */
export const pointsText = (points: readonly Point[]) => points.map((p) => `${p[0]},${p[1]}`).join(' ');
