/**
 * Pure geometry of a blade path panorama: where each photo goes along the blade axis and how a
 * point of a photo maps into the panorama. No I/O, unit-tested in layout.test.ts.
 */

/** Millimetres per source pixel when the request names none (a 20-MP drone photo of ~5.5 m of blade). */
export const DEFAULT_PIXEL_SIZE_MM = 1;
/** Longest side of a panorama; larger layouts are scaled down (sharp composites resized inputs). */
export const PANORAMA_MAX_SIDE = 30_000;
/**
 * Pixel budget of a panorama: 100 MP (300 MB decoded) bounds what the tiler holds when it reads the
 * panorama back (and stays below sharp's default input limit of 268 MP).
 */
export const PANORAMA_MAX_PIXELS = 100_000_000;
/** Largest manual offset, in source pixels either way. */
export const MAX_OFFSET_PX = 100_000;

export interface LayoutImage {
  imageId: string;
  width: number;
  height: number;
  /** Metres from the blade root to the photo's centre; null = unknown (placed after the previous photo). */
  distanceToRoot: number | null;
}

export interface Offset {
  dx: number;
  dy: number;
}

/** A photo's rectangle in panorama pixels (origin top-left). */
export interface Placement {
  imageId: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PanoramaLayout {
  width: number;
  height: number;
  /** Panorama pixels per source pixel (≤ 1). */
  scale: number;
  /** In compositing order: later photos cover earlier ones where they overlap. */
  placements: Placement[];
}

export interface LayoutOptions {
  pixelSizeMm: number;
  offsets?: Readonly<Record<string, Offset>>;
  maxSide?: number;
  maxPixels?: number;
}

/**
 * Lays the photos of one path out along the blade axis (root left, tip right), in the given order
 * (sort index): a photo with a distance to root is centred at distance × 1000 / pixel size, one
 * without is placed right after the previous photo's own (un-nudged) position; photos are centred
 * on the path's horizontal axis. Manual offsets (source pixels) are then added, the whole is moved
 * to start at 0,0, and scaled down so that the long side ≤ maxSide and the area ≤ maxPixels.
 */
export function layoutPanorama(images: readonly LayoutImage[], o: LayoutOptions): PanoramaLayout {
  if (!images.length) throw new Error('no images to lay out');
  if (!(o.pixelSizeMm > 0)) throw new Error('pixel size must be positive');
  const pxPerMetre = 1000 / o.pixelSizeMm;
  const tallest = Math.max(...images.map((i) => i.height));
  const base: { img: LayoutImage; x: number; y: number }[] = [];
  let previous: { x: number; width: number } | null = null;
  for (const img of images) {
    const x: number =
      img.distanceToRoot !== null ? img.distanceToRoot * pxPerMetre - img.width / 2 : previous ? previous.x + previous.width : 0;
    base.push({ img, x, y: (tallest - img.height) / 2 });
    previous = { x, width: img.width };
  }
  const moved = base.map((b) => {
    const off = o.offsets?.[b.img.imageId];
    return { ...b, x: b.x + (off?.dx ?? 0), y: b.y + (off?.dy ?? 0) };
  });
  const minX = Math.min(...moved.map((m) => m.x));
  const minY = Math.min(...moved.map((m) => m.y));
  const fullW = Math.max(...moved.map((m) => m.x + m.img.width)) - minX;
  const fullH = Math.max(...moved.map((m) => m.y + m.img.height)) - minY;
  const maxSide = o.maxSide ?? PANORAMA_MAX_SIDE;
  const maxPixels = o.maxPixels ?? PANORAMA_MAX_PIXELS;
  const scale = Math.min(1, maxSide / Math.max(fullW, fullH), Math.sqrt(maxPixels / (fullW * fullH)));
  const placements = moved.map((m) => ({
    imageId: m.img.imageId,
    x: Math.round((m.x - minX) * scale),
    y: Math.round((m.y - minY) * scale),
    width: Math.max(1, Math.round(m.img.width * scale)),
    height: Math.max(1, Math.round(m.img.height * scale)),
  }));
  // Rounded rectangles may end one pixel further than the scaled extent: the canvas holds them all.
  const width = Math.max(...placements.map((p) => p.x + p.width));
  const height = Math.max(...placements.map((p) => p.y + p.height));
  return { width, height, scale, placements };
}

/** A point of a source photo ([x, y] in its pixels) in panorama pixels, 2 decimals. */
export function projectPoint(
  point: readonly [number, number],
  placement: Placement,
  source: { width: number; height: number },
): [number, number] {
  const round2 = (v: number) => Math.round(v * 100) / 100;
  return [
    round2(placement.x + (point[0] * placement.width) / source.width),
    round2(placement.y + (point[1] * placement.height) / source.height),
  ];
}

/** A defect polygon of a source photo in panorama pixels. */
export function projectPolygon(
  polygon: readonly (readonly [number, number])[],
  placement: Placement,
  source: { width: number; height: number },
): [number, number][] {
  return polygon.map((p) => projectPoint(p, placement, source));
}
