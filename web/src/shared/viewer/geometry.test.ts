import { describe, expect, it } from 'vitest';
import { fitPolygon, imageToScreen, mapViewState, polygonBox, polygonPoints, sameViewState, transformPoint } from './geometry';

// Moved from features/inspection/logic.test.ts with the geometry itself.
describe('polygon scaling to the viewport', () => {
  it('maps image pixels to container pixels for the current bounds', () => {
    // 2400 px wide image shown whole in a 1200 px container: half scale, no offset.
    const t = imageToScreen({ x: 0, y: 0, width: 1, height: 1 / 3 }, 1200, 2400);
    expect(t.scale).toBeCloseTo(0.5);
    expect(transformPoint([900, 360], t)).toEqual([450, 180]);
    // zoomed 4× onto the right half: bounds x 0.5, width 0.25
    const z = imageToScreen({ x: 0.5, y: 0.1, width: 0.25, height: 0.08 }, 1200, 2400);
    expect(z.scale).toBeCloseTo(2);
    const [x, y] = transformPoint([1200, 240], z);
    expect(x).toBeCloseTo(0);
    expect(y).toBeCloseTo(0);
    expect(
      polygonPoints(
        [
          [1200, 240],
          [1260, 240],
          [1260, 300],
        ],
        z,
      ),
    ).toBe('0.0,0.0 120.0,0.0 120.0,120.0');
  });

  it('fits a polygon into the 900 × 600 display box, centred', () => {
    expect(
      fitPolygon(
        [
          [0, 0],
          [2400, 800],
        ],
        2400,
        800,
        900,
        600,
      ),
    ).toEqual([
      [0, 150],
      [900, 450],
    ]);
  });

  it('boxes a polygon with a margin', () => {
    expect(
      polygonBox(
        [
          [10, 10],
          [30, 10],
          [30, 20],
        ],
        0.5,
      ),
    ).toEqual({ x: 0, y: 5, width: 40, height: 20 });
  });
});

describe('synchronised viewports and keeping the view', () => {
  it('keeps zoom and the centre share across aspects', () => {
    const v = { zoom: 3, center: { x: 0.4, y: 0.1 } };
    expect(mapViewState(v, 1 / 3, 1 / 3)).toEqual(v);
    const m = mapViewState(v, 1 / 3, 2 / 3);
    expect(m.zoom).toBe(3);
    expect(m.center.x).toBe(0.4);
    expect(m.center.y).toBeCloseTo(0.2);
  });
  it('recognises an echo', () => {
    expect(sameViewState({ zoom: 2, center: { x: 0.5, y: 0.2 } }, { zoom: 2, center: { x: 0.5, y: 0.2 + 1e-9 } })).toBe(true);
    expect(sameViewState({ zoom: 2, center: { x: 0.5, y: 0.2 } }, { zoom: 2.1, center: { x: 0.5, y: 0.2 } })).toBe(false);
    expect(sameViewState(null, { zoom: 2, center: { x: 0, y: 0 } })).toBe(false);
  });
});
