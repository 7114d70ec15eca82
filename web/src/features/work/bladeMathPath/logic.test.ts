import { describe, expect, it } from 'vitest';
import { image } from '@/test/fixtures/inspection';
import { axisX, bladeRows, levelsIn, parseBlade, spanMetres, worstLevel } from './logic';

const img = (id: string, path: number, sortIndex: number, d: number | null, chamber = 0) => ({
  ...image(id, 'i', 1, path, chamber, sortIndex),
  distanceToRoot: d,
  width: 2000,
});

describe('blade path view rules', () => {
  it('rows follow the chosen view sort order, then the chamber display order; photos by sort index', () => {
    const images = [img('a', 7, 1, 5), img('b', 5, 2, 20), img('c', 5, 1, 10), img('d', 6, 1, 3), img('e', 5, 1, 7, 1), img('x', 2, 1, 4)];
    const le = bladeRows(images, [], 'LEADING_EDGE_FIRST');
    expect(le.map((r) => `${r.pathViewIndex}:${r.chamber}`)).toEqual(['5:0', '5:1', '6:0', '7:0', '2:0']);
    expect(le[0]!.placed.map((b) => b.image.imageId)).toEqual(['c', 'b']);
    expect(bladeRows(images, [], 'TRAILING_EDGE_FIRST').map((r) => r.pathViewIndex)).toEqual([7, 6, 5, 5, 2]);
    expect(bladeRows(images, [], 'MIDDLE_FIRST').map((r) => r.pathViewIndex)).toEqual([6, 5, 5, 7, 2]);
  });

  it('a photo spans its width × pixel size around its distance; without a distance it is kept apart', () => {
    expect(spanMetres({ width: 2000 }, 1.5)).toBe(3);
    const [row] = bladeRows([img('a', 5, 1, 10), img('b', 5, 2, null)], [], 'LEADING_EDGE_FIRST', () => 1.5);
    expect(row!.placed.map((b) => [b.from, b.to])).toEqual([[8.5, 11.5]]);
    expect(row!.unplaced.map((b) => b.image.imageId)).toEqual(['b']);
  });

  it('colours a photo by its worst defect on the 9-level blade scheme; none = grey, not rated = TBD', () => {
    expect(worstLevel([])).toBe(0);
    expect(worstLevel([{ severity: 1 }, { severity: 4 }, { severity: null }])).toBe(6);
    expect(worstLevel([{ severity: null }])).toBe(1);
    const rows = bladeRows(
      [img('a', 5, 1, 10), img('b', 5, 2, 12), img('c', 7, 1, 3)],
      [
        { imageId: 'a', severity: 3 },
        { imageId: 'a', severity: 0 },
        { imageId: 'c', severity: null },
      ],
      'LEADING_EDGE_FIRST',
    );
    expect(rows[0]!.placed.map((b) => [b.defects, b.level, b.color])).toEqual([
      [2, 5, '#FAAD14'],
      [0, 0, '#D9D9D9'],
    ]);
    expect(rows[1]!.placed[0]!.color).toBe('#1890FF');
    expect(levelsIn(rows)).toEqual([0, 1, 5]);
  });

  it('axis positions are clamped to the blade; the blade comes from the address', () => {
    expect(axisX(27, 108, 1000)).toBe(250);
    expect(axisX(-3, 108, 1000)).toBe(0);
    expect(axisX(200, 108, 1000)).toBe(1000);
    expect([parseBlade(null), parseBlade('3'), parseBlade('4'), parseBlade('x')]).toEqual([1, 3, null, null]);
  });
});
