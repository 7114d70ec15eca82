import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { layerBase, OVERLAY_MARGIN, PolygonOverlay, type OverlayPolygon } from '@/shared/viewer/PolygonOverlay';

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
  it('zooming changes only the group transform: no polygon element is touched', async () => {
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
    // Per step: the group drawn for the new scale, and the view the overlay states (data-transform).
    expect(records.length).toBe(40);
    const changed = new Set(records.map((r) => `${r.type}:${(r.target as Element).tagName}.${r.attributeName}`));
    expect(changed).toEqual(new Set(['attributes:g.transform', 'attributes:svg.data-transform']));
    expect(svg.querySelector('polygon')).toBe(first);
    // Drawn for the layer's box, which reaches OVERLAY_MARGIN past the viewer on each side.
    expect(svg.querySelector('g')!.getAttribute('transform')).toBe(`matrix(2.5 0 0 2.5 ${-600 + OVERLAY_MARGIN} ${140 + OVERLAY_MARGIN})`);
  });

  it('panning moves the drawn layer (its CSS transform) without touching what is in it, until it has moved past the margin', async () => {
    const at = (tx: number, ty: number) => <PolygonOverlay polygons={POLYGONS} transform={{ scale: 0.5, tx, ty }} interactive={false} />;
    const view = render(at(0, 0));
    const svg = view.getByTestId('polygon-overlay');
    const group = svg.querySelector('g')!;
    const drawnFor = group.getAttribute('transform');
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((list) => records.push(...list));
    observer.observe(svg, { subtree: true, attributes: true, childList: true });
    for (let i = 1; i <= 20; i++) {
      await act(async () => {
        view.rerender(at(-i * 15, i * 10)); // up to 300 px across, 200 down: within the margin
      });
    }
    records.push(...observer.takeRecords());
    expect(records.length).toBe(40); // its style and data-transform, once per step
    expect(records.every((r) => r.target === svg && (r.attributeName === 'style' || r.attributeName === 'data-transform'))).toBe(true);
    expect(svg.getAttribute('data-transform')).toBe('matrix(0.5 0 0 0.5 -300 200)');
    expect(group.getAttribute('transform')).toBe(drawnFor);
    expect(svg.style.transform).toBe('translate(-300px, 200px)');

    records.length = 0;
    await act(async () => {
      view.rerender(at(-(OVERLAY_MARGIN + 1), 0)); // past the margin: drawn again for this view
    });
    records.push(...observer.takeRecords());
    observer.disconnect();
    expect(group.getAttribute('transform')).toBe(`matrix(0.5 0 0 0.5 -1 ${OVERLAY_MARGIN})`);
    expect(svg.style.transform).toBe('translate(0px, 0px)');
    expect(records.some((r) => r.target !== svg && r.target !== group)).toBe(false);
  });

  it('the layer is drawn again when the scale changes, and kept for pans within the margin', () => {
    const base = { scale: 1, tx: 10, ty: 20 };
    expect(layerBase(null, base)).toBe(base);
    expect(layerBase(base, { scale: 1, tx: 10 + OVERLAY_MARGIN, ty: 20 - OVERLAY_MARGIN })).toBe(base);
    const far = { scale: 1, tx: 11 + OVERLAY_MARGIN, ty: 20 };
    expect(layerBase(base, far)).toBe(far);
    const zoomed = { scale: 1.2, tx: 10, ty: 20 };
    expect(layerBase(base, zoomed)).toBe(zoomed);
    // A pan whose bounds round a hair differently is still a pan; a real zoom step is not.
    expect(layerBase(base, { scale: 1 + 1e-13, tx: 50, ty: 20 })).toBe(base);
    expect(layerBase(base, { scale: 1.001, tx: 50, ty: 20 })).not.toBe(base);
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
    // Twice one attribute on the group and the layer's class (no pointer events while moving); no polygon touched.
    expect(records.map((r) => `${(r.target as Element).tagName}.${r.attributeName}`).sort()).toEqual([
      'g.shape-rendering',
      'g.shape-rendering',
      'svg.class',
      'svg.class',
    ]);
  });

  it('while the view moves the polygons take no pointer events and hovering shows nothing; at rest hovering works again', async () => {
    const t = { scale: 1, tx: 0, ty: 0 };
    const view = render(<PolygonOverlay polygons={POLYGONS} transform={t} onSelect={() => {}} moving />);
    const svg = view.getByTestId('polygon-overlay');
    expect(svg.classList.contains('insp-overlay--moving')).toBe(true);
    const polygon = svg.querySelector('[data-defect-id="d-42"]')!;
    await act(async () => {
      polygon.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, clientX: 30, clientY: 40 }));
      polygon.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: 31, clientY: 41 }));
    });
    expect(view.queryByTestId('polygon-hover')).toBeNull();
    await act(async () => {
      view.rerender(<PolygonOverlay polygons={POLYGONS} transform={t} onSelect={() => {}} />);
    });
    expect(svg.classList.contains('insp-overlay--moving')).toBe(false);
    await act(async () => {
      polygon.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: 32, clientY: 42 }));
    });
    expect(view.getByTestId('polygon-hover').textContent).toBe('ErosionSeverity 3');
    // A pan starting under a shown box hides it.
    await act(async () => {
      view.rerender(<PolygonOverlay polygons={POLYGONS} transform={t} onSelect={() => {}} moving />);
    });
    expect(view.queryByTestId('polygon-hover')).toBeNull();
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
