/**
 * Geometry of the deep-zoom viewer: image pixels ↔ screen pixels, polygons and saved views.
 * Shared by every screen that shows an image with outlines (inspection, labeling, stitching…).
 */

/** A point in image pixels. */
export type Point = [number, number];

/** OpenSeadragon viewport bounds: the image's width is 1 unit, y in the same unit. */
export interface ViewBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Affine map image pixel → container pixel: p' = p·scale + (tx, ty). */
export interface ScreenTransform {
  scale: number;
  tx: number;
  ty: number;
}

/** The transform that draws image-pixel geometry on top of the viewer for the current bounds. */
export function imageToScreen(bounds: ViewBounds, containerWidth: number, imageWidth: number): ScreenTransform {
  const unit = containerWidth / bounds.width; // container px per viewport unit
  return { scale: unit / imageWidth, tx: -bounds.x * unit, ty: -bounds.y * unit };
}

export function transformPoint([x, y]: Point, t: ScreenTransform): Point {
  return [x * t.scale + t.tx, y * t.scale + t.ty];
}

/** A polygon in image pixels as container pixels (SVG `points`). */
export function polygonPoints(polygon: ReadonlyArray<Point>, t: ScreenTransform): string {
  return polygon
    .map((p) =>
      transformPoint(p, t)
        .map((v) => v.toFixed(1))
        .join(','),
    )
    .join(' ');
}

/** SVG transform attribute for a group holding image-pixel geometry. */
export const svgTransform = (t: ScreenTransform) => `matrix(${t.scale} 0 0 ${t.scale} ${t.tx} ${t.ty})`;

/**
 * A polygon scaled into a fixed display box (SPEC §9: 900 × 600), image fitted and centred:
 * what the defect card thumbnails and the non-zoomable previews use.
 */
export function fitPolygon(
  polygon: ReadonlyArray<Point>,
  imageWidth: number,
  imageHeight: number,
  boxWidth: number,
  boxHeight: number,
): Point[] {
  const scale = Math.min(boxWidth / imageWidth, boxHeight / imageHeight);
  const ox = (boxWidth - imageWidth * scale) / 2;
  const oy = (boxHeight - imageHeight * scale) / 2;
  return polygon.map(([x, y]) => [x * scale + ox, y * scale + oy]);
}

/** Bounding box of a polygon in image pixels, grown by `margin` of its size (to zoom onto a defect). */
export function polygonBox(polygon: ReadonlyArray<Point>, margin = 0.5): { x: number; y: number; width: number; height: number } {
  const xs = polygon.map((p) => p[0]);
  const ys = polygon.map((p) => p[1]);
  const x0 = Math.min(...xs);
  const y0 = Math.min(...ys);
  const w = Math.max(1, Math.max(...xs) - x0);
  const h = Math.max(1, Math.max(...ys) - y0);
  return { x: x0 - w * margin, y: y0 - h * margin, width: w * (1 + 2 * margin), height: h * (1 + 2 * margin) };
}

/** A viewer's zoom and centre (viewport units), what is kept between images and shared between viewers. */
export interface ViewState {
  zoom: number;
  center: { x: number; y: number };
}

/**
 * The same view on another image: zoom stays, the centre keeps its share of the width and of
 * the height (in viewport units y runs to height/width, the image's aspect).
 */
export function mapViewState(v: ViewState, fromAspect: number, toAspect: number): ViewState {
  const fy = fromAspect > 0 ? v.center.y / fromAspect : v.center.y;
  return { zoom: v.zoom, center: { x: v.center.x, y: fy * toAspect } };
}

/** Two views are equal within a tolerance (stops the echo when two viewers follow each other). */
export function sameViewState(a: ViewState | null, b: ViewState | null, eps = 1e-6): boolean {
  if (!a || !b) return false;
  return (
    Math.abs(a.zoom - b.zoom) < eps * Math.max(1, a.zoom) &&
    Math.abs(a.center.x - b.center.x) < eps &&
    Math.abs(a.center.y - b.center.y) < eps
  );
}

