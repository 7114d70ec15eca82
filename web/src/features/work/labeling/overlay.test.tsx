import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { PolygonOverlay, type OverlayPolygon } from '@/shared/viewer/PolygonOverlay';

/** 1,000 outlines on one image (a 40 × 25 grid of small squares). */
const POLYGONS: OverlayPolygon[] = Array.from({ length: 1000 }, (_, i) => {
  const x = (i % 40) * 60;
  const y = Math.floor(i / 40) * 32;
  return {
    id: `d-${i}`,
    points: [
      [x, y],
      [x + 50, y],
      [x + 50, y + 25],
      [x, y + 25],
    ],
    color: '#FAAD14',
    title: 'Erosion',
    subtitle: 'Severity 3',
  };
});

describe('polygon layer with 1,000 polygons', () => {
  /** Attribute changes of the overlay while it is re-rendered with each transform, polygons untouched. */
  async function mutationsWhile(transforms: { scale: number; tx: number; ty: number }[]) {
    const view = render(<PolygonOverlay polygons={POLYGONS} transform={{ scale: 0.5, tx: 0, ty: 0 }} interactive={false} />);
    const svg = view.getByTestId('polygon-overlay');
    expect(svg.querySelectorAll('polygon')).toHaveLength(1000);
    const first = svg.querySelector('polygon')!;
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((list) => records.push(...list));
    observer.observe(svg, { subtree: true, attributes: true, childList: true, characterData: true });
    for (const transform of transforms) {
      await act(async () => {
        view.rerender(<PolygonOverlay polygons={POLYGONS} transform={transform} interactive={false} />);
      });
    }
    records.push(...observer.takeRecords());
    observer.disconnect();
    expect(svg.querySelector('polygon')).toBe(first);
    const changed = records.map((r) => `${(r.target as Element).tagName}.${r.attributeName}`);
    return { svg, changed };
  }

  it('panning moves the layer by a CSS translate: the group and its polygons are not touched (no repaint)', async () => {
    const pans = Array.from({ length: 20 }, (_, i) => ({ scale: 0.5, tx: -(i + 1) * 30, ty: (i + 1) * 7 }));
    const { svg, changed } = await mutationsWhile(pans);
    expect(new Set(changed)).toEqual(new Set(['svg.style', 'svg.data-transform']));
    expect(svg.querySelector('g')!.getAttribute('transform')).toBe('matrix(0.5 0 0 0.5 0 0)');
    expect(svg.style.transform).toBe('translate3d(-600px, 140px, 0)');
    expect(svg.getAttribute('data-transform')).toBe('matrix(0.5 0 0 0.5 -600 140)');
  });

  it('zooming changes the group transform only, and the translate starts again from it', async () => {
    const zooms = Array.from({ length: 20 }, (_, i) => ({ scale: 0.5 + (i + 1) / 10, tx: -(i + 1) * 30, ty: (i + 1) * 7 }));
    const { svg, changed } = await mutationsWhile([...zooms, { scale: 2.5, tx: -700, ty: 100 }]);
    expect(changed.filter((c) => c === 'g.transform')).toHaveLength(20);
    expect(changed.every((c) => ['g.transform', 'svg.style', 'svg.data-transform'].includes(c))).toBe(true);
    expect(svg.querySelector('g')!.getAttribute('transform')).toBe('matrix(2.5 0 0 2.5 -600 140)');
    expect(svg.style.transform).toBe('translate3d(-100px, -40px, 0)');
    expect(svg.getAttribute('data-transform')).toBe('matrix(2.5 0 0 2.5 -700 100)');
  });

  it('selecting one polygon re-renders that polygon only', async () => {
    const view = render(<PolygonOverlay polygons={POLYGONS} transform={{ scale: 1, tx: 0, ty: 0 }} selectedIds={[]} />);
    const svg = view.getByTestId('polygon-overlay');
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((list) => records.push(...list));
    observer.observe(svg, { subtree: true, attributes: true });
    await act(async () => {
      view.rerender(<PolygonOverlay polygons={POLYGONS} transform={{ scale: 1, tx: 0, ty: 0 }} selectedIds={['d-500']} />);
    });
    records.push(...observer.takeRecords());
    observer.disconnect();
    expect(new Set(records.map((r) => (r.target as Element).getAttribute('data-defect-id')))).toEqual(new Set(['d-500']));
  });
});
