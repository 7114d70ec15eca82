import { describe, expect, it } from 'vitest';
import {
  nudge,
  parsePathKey,
  pathKeyOf,
  pathsOf,
  placementPolygon,
  previewDefects,
  previewPlacements,
  qaReady,
  reviewStageOf,
  sameOffsets,
  withOffset,
} from './logic';
import type { PanoramaDefect, Placement } from './stitchingApi';

const placement = (imageId: string, x: number): Placement => ({
  imageId,
  x,
  y: 0,
  width: 1000,
  height: 500,
  sourceWidth: 4000,
  sourceHeight: 2000,
  sortIndex: 1,
  distanceToRoot: null,
  fileName: `${imageId}.jpg`,
});

describe('stitching rules', () => {
  it('lists the paths of the active photos: blade, leading-edge-first view order, chamber display order', () => {
    const img = (bladePosition: number | null, pathViewIndex: number | null, chamber = 0, isActive = true) => ({
      bladePosition,
      pathViewIndex,
      chamber,
      isActive,
    });
    const paths = pathsOf([
      img(2, 5),
      img(1, 7),
      img(1, 5, -1),
      img(1, 5, 1),
      img(1, 5, 1),
      img(1, 6),
      img(1, 8, 0, false),
      img(null, 5),
      img(1, null),
    ]);
    expect(paths.map((p) => [pathKeyOf(p), p.images])).toEqual([
      ['1:5:1', 2],
      ['1:5:-1', 1],
      ['1:6:0', 1],
      ['1:7:0', 1],
      ['2:5:0', 1],
    ]);
    expect(parsePathKey('1:5:-1')).toEqual({ bladePosition: 1, pathViewIndex: 5, chamber: -1 });
    expect(parsePathKey('4:5:0')).toBeNull();
  });

  it('nudges by one source pixel, ten with Shift; a zero offset is dropped; bounded like the server', () => {
    let o = nudge({}, 'a', 'ArrowRight', false);
    expect(o).toEqual({ a: { dx: 1, dy: 0 } });
    o = nudge(o, 'a', 'ArrowUp', true);
    expect(o).toEqual({ a: { dx: 1, dy: -10 } });
    o = nudge(nudge(o, 'a', 'ArrowLeft', false), 'a', 'ArrowDown', true);
    expect(o).toEqual({});
    expect(withOffset({}, 'b', { dx: 2.6, dy: -250000 })).toEqual({ b: { dx: 3, dy: -100000 } });
    expect(sameOffsets({ a: { dx: 1, dy: 0 } }, { a: { dx: 1, dy: 0 } })).toBe(true);
    expect(sameOffsets({}, { a: { dx: 0, dy: 1 } })).toBe(false);
  });

  it('previews pending offsets at the panorama scale: the photo and its defects move, others stay', () => {
    const placements = [placement('a', 0), placement('b', 900)];
    const applied = { b: { dx: 40, dy: 0 } };
    const pending = { b: { dx: 80, dy: -20 }, a: { dx: 4, dy: 0 } };
    // scale 1000 / 4000 = 0.25: b moves (80 − 40) × 0.25 = 10 right and 5 up; a moves 1 right.
    const moved = previewPlacements(placements, applied, pending);
    expect(moved.map((p) => [p.x, p.y])).toEqual([
      [1, 0],
      [910, -5],
    ]);
    expect(placementPolygon(moved[1]!)).toEqual([
      [910, -5],
      [1910, -5],
      [1910, 495],
      [910, 495],
    ]);
    const defects: PanoramaDefect[] = [
      {
        defectId: 'd',
        defectNo: '000001',
        imageId: 'b',
        severity: 2,
        defectType: 'Crack',
        dpsStatus: 2,
        distanceToRoot: null,
        polygon: [
          [1000, 100],
          [1010, 100],
          [1005, 120],
        ],
      },
      {
        defectId: 'e',
        defectNo: '000002',
        imageId: 'gone',
        severity: 2,
        defectType: 'Crack',
        dpsStatus: 2,
        distanceToRoot: null,
        polygon: [
          [1, 1],
          [2, 2],
          [3, 1],
        ],
      },
    ];
    const shifted = previewDefects(defects, placements, applied, pending);
    expect(shifted[0]!.polygon).toEqual([
      [1010, 95],
      [1020, 95],
      [1015, 115],
    ]);
    expect(shifted[1]).toBe(defects[1]);
    // Nothing pending: the same objects.
    expect(previewPlacements(placements, applied, applied)[1]).toBe(placements[1]);
  });

  it('review: fail needs comments; the stage comes from the task (7 QA, 12 FQA)', () => {
    expect(qaReady(null, '')).toBe(false);
    expect(qaReady(1, '')).toBe(true);
    expect(qaReady(2, '')).toBe(true);
    expect(qaReady(3, '  ')).toBe(false);
    expect(qaReady(3, 'seam')).toBe(true);
    expect(reviewStageOf([12])).toBe(12);
    expect(reviewStageOf([7])).toBe(7);
    expect(reviewStageOf([6])).toBeNull();
  });
});
