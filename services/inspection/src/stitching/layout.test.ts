import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutPanorama, projectPoint, projectPolygon, type LayoutImage } from './layout.js';

const img = (imageId: string, distanceToRoot: number | null, width = 600, height = 400): LayoutImage => ({
  imageId,
  width,
  height,
  distanceToRoot,
});

describe('panorama layout and defect projection (pure)', () => {
  test('photos with distances are centred at distance × 1000 / pixel size; the panorama starts at the first photo', () => {
    // 2 mm per pixel: 1 m = 500 px. Centres at 1 m, 2 m, 3 m → 500, 1000, 1500; 600 px wide photos.
    const l = layoutPanorama([img('a', 1), img('b', 2), img('c', 3)], { pixelSizeMm: 2 });
    assert.equal(l.scale, 1);
    assert.deepEqual(
      l.placements.map((p) => [p.imageId, p.x, p.y, p.width, p.height]),
      [
        ['a', 0, 0, 600, 400],
        ['b', 500, 0, 600, 400],
        ['c', 1000, 0, 600, 400],
      ],
    );
    assert.deepEqual([l.width, l.height], [1600, 400]);
  });

  test('a photo without a distance follows the previous one; shorter photos are centred vertically', () => {
    const l = layoutPanorama([img('a', null), img('b', null, 300, 200), img('c', null)], { pixelSizeMm: 1 });
    assert.deepEqual(
      l.placements.map((p) => [p.x, p.y]),
      [
        [0, 0],
        [600, 100],
        [900, 0],
      ],
    );
    assert.deepEqual([l.width, l.height], [1500, 400]);
  });

  test('manual offsets move one photo only; negative offsets shift the origin', () => {
    const base = layoutPanorama([img('a', null), img('b', null), img('c', null)], { pixelSizeMm: 1 });
    const l = layoutPanorama([img('a', null), img('b', null), img('c', null)], {
      pixelSizeMm: 1,
      offsets: { b: { dx: -50, dy: 30 }, a: { dx: 0, dy: -20 } },
    });
    // a moves up 20 → everything shifts down by 20; b moves 50 left and 30 down; c stays after b's own slot.
    assert.deepEqual(
      l.placements.map((p) => [p.x, p.y]),
      [
        [0, 0],
        [550, 50],
        [1200, 20],
      ],
    );
    assert.deepEqual([l.width, l.height], [1800, 450]);
    assert.deepEqual([base.width, base.height], [1800, 400]);
  });

  test('scaled down to the long-side limit and to the pixel budget', () => {
    const wide = layoutPanorama([img('a', 0), img('b', 50)], { pixelSizeMm: 1, maxSide: 10_000 });
    // 50 m at 1 mm/px = 50,000 px between centres + 600 px → 50,600 px, scaled to 10,000.
    assert.ok(Math.abs(wide.scale - 10_000 / 50_600) < 1e-12);
    assert.ok(wide.width <= 10_001 && wide.width >= 9_999, String(wide.width));
    assert.equal(wide.placements[1]!.width, Math.round(600 * wide.scale));
    const budget = layoutPanorama([img('a', null, 4000, 3000)], { pixelSizeMm: 1, maxPixels: 3_000_000 });
    assert.deepEqual([budget.width, budget.height], [2000, 1500]);
  });

  test('defect points follow the photo into the panorama (offset and scale)', () => {
    const placement = { imageId: 'b', x: 550, y: 50, width: 300, height: 200 };
    assert.deepEqual(projectPoint([0, 0], placement, { width: 600, height: 400 }), [550, 50]);
    assert.deepEqual(projectPoint([600, 400], placement, { width: 600, height: 400 }), [850, 250]);
    assert.deepEqual(
      projectPolygon(
        [
          [100, 100],
          [201, 100],
          [150, 333],
        ],
        placement,
        { width: 600, height: 400 },
      ),
      [
        [600, 100],
        [650.5, 100],
        [625, 216.5],
      ],
    );
  });

  test('refuses an empty path and a non-positive pixel size', () => {
    assert.throws(() => layoutPanorama([], { pixelSizeMm: 1 }));
    assert.throws(() => layoutPanorama([img('a', 1)], { pixelSizeMm: 0 }));
  });
});
