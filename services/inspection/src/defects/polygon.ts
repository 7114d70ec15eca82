import { AppError } from '@windward/contracts';
import type { Point } from './defect.entity.js';

export const POLYGON_MAX_POINTS = 2000;

/**
 * A defect outline in image pixels ([x, y], origin top-left, as Annotorious' SvgSelector
 * polygons on the full-size image). At least 3 points, every one inside the image.
 */
export function checkPolygon(value: unknown, image: { width: number; height: number }): Point[] {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) throw new AppError('POLYGON_REQUIRED');
  const bad = (rule: string): never => {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'polygon', constraints: { rule } }] });
  };
  if (!Array.isArray(value)) bad('a list of [x, y] points');
  const list = value as unknown[];
  if (list.length < 3 || list.length > POLYGON_MAX_POINTS) bad(`3..${POLYGON_MAX_POINTS} points`);
  const points = list.map((p) => {
    if (!Array.isArray(p) || p.length !== 2 || !p.every((n) => typeof n === 'number' && Number.isFinite(n))) bad('[x, y] numbers');
    return [Math.round((p as number[])[0]! * 100) / 100, Math.round((p as number[])[1]! * 100) / 100] as Point;
  });
  if (points.some(([x, y]) => x < 0 || y < 0 || x > image.width || y > image.height)) throw new AppError('POLYGON_OUT_OF_IMAGE');
  return points;
}

/** The W3C Web Annotation selector Annotorious reads and writes for a polygon. */
export function svgSelector(points: Point[]): { type: 'SvgSelector'; value: string } {
  return { type: 'SvgSelector', value: `<svg><polygon points="${points.map(([x, y]) => `${x},${y}`).join(' ')}"></polygon></svg>` };
}
