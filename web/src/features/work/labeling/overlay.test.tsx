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
  it('panning and zooming change only the group transform: no polygon element is touched', async () => {
    const view = render(<PolygonOverlay polygons={POLYGONS} transform={{ scale: 0.5, tx: 0, ty: 0 }} interactive={false} />);
    const svg = view.getByTestId('polygon-overlay');
    expect(svg.querySelectorAll('polygon')).toHaveLength(1000);
    const first = svg.querySelector('polygon')!;
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((list) => records.push(...list));
    observer.observe(svg, { subtree: true, attributes: true, childList: true, characterData: true });
    for (let i = 1; i <= 20; i++) {
      await act(async () => {
        view.rerender(
          <PolygonOverlay polygons={POLYGONS} transform={{ scale: 0.5 + i / 10, tx: -i * 30, ty: i * 7 }} interactive={false} />,
        );
      });
    }
    records.push(...observer.takeRecords());
    observer.disconnect();
    expect(records.length).toBe(20);
    expect(records.every((r) => r.type === 'attributes' && r.attributeName === 'transform' && (r.target as Element).tagName === 'g')).toBe(
      true,
    );
    expect(svg.querySelector('polygon')).toBe(first);
    expect(svg.querySelector('g')!.getAttribute('transform')).toBe('matrix(2.5 0 0 2.5 -600 140)');
  });

  it('while the view moves the outlines are drawn without anti-aliasing, set once on the group', async () => {
    const t = { scale: 0.5, tx: 0, ty: 0 };
    const view = render(<PolygonOverlay polygons={POLYGONS} transform={t} interactive={false} />);
    const svg = view.getByTestId('polygon-overlay');
    const group = svg.querySelector('g')!;
    expect(group.getAttribute('shape-rendering')).toBeNull();
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((list) => records.push(...list));
    observer.observe(svg, { subtree: true, attributes: true, childList: true });
    await act(async () => {
      view.rerender(<PolygonOverlay polygons={POLYGONS} transform={t} interactive={false} moving />);
    });
    expect(group.getAttribute('shape-rendering')).toBe('crispEdges');
    await act(async () => {
      view.rerender(<PolygonOverlay polygons={POLYGONS} transform={t} interactive={false} />);
    });
    expect(group.getAttribute('shape-rendering')).toBeNull();
    records.push(...observer.takeRecords());
    observer.disconnect();
    // Two changes of one attribute on the group; no polygon touched.
    expect(records.map((r) => `${(r.target as Element).tagName}.${r.attributeName}`)).toEqual(['g.shape-rendering', 'g.shape-rendering']);
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
