import { memo, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Point } from './geometry';
import { svgTransform, type ScreenTransform } from './geometry';

/**
 * How far (px) the polygon layer reaches past each side of the viewer. A pan moves the drawn layer
 * (a composited CSS translate: nothing is repainted) until it has moved this far or the scale
 * changes; only then are the polygons drawn again for the new view.
 */
export const OVERLAY_MARGIN = 400;

/**
 * A pointer's client position in the viewer's pixels. The overlay's SVG sits in the viewer but
 * reaches past it and moves while panning, so its own box is not the viewer's: its parent's is.
 */
export function viewerPoint(svg: SVGSVGElement | null | undefined, clientX: number, clientY: number): Point {
  const box = svg?.parentElement?.getBoundingClientRect();
  return [clientX - (box?.left ?? 0), clientY - (box?.top ?? 0)];
}

/**
 * The view the layer was last drawn for: kept while `t` is a pan of at most OVERLAY_MARGIN from it.
 * A scale within a billionth counts as the same (a pan's bounds may round differently; drawn at
 * the kept scale, a 20-MP photo's outlines are off by micro-pixels).
 */
export function layerBase(base: ScreenTransform | null, t: ScreenTransform): ScreenTransform {
  const sameScale = !!base && Math.abs(base.scale - t.scale) <= 1e-9 * t.scale;
  if (base && sameScale && Math.abs(t.tx - base.tx) <= OVERLAY_MARGIN && Math.abs(t.ty - base.ty) <= OVERLAY_MARGIN) return base;
  return t;
}

export interface OverlayPolygon {
  id: string;
  points: Point[];
  color: string;
  /** First line of the hover box (defect type). */
  title: string;
  /** Second line (severity). */
  subtitle: string;
  /** Drawn dashed (e.g. a pre-label suggestion not yet accepted). */
  dashed?: boolean;
}

/** Modifier keys of a polygon click (multi-select with shift/ctrl). */
export interface SelectModifiers {
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

interface ShapeProps {
  p: OverlayPolygon;
  selected: boolean;
  hovered: boolean;
  clickable: boolean;
  interactive: boolean;
  onHover: (p: OverlayPolygon | null, clientX?: number, clientY?: number) => void;
  onClick: (id: string, m: SelectModifiers) => void;
}

/**
 * One polygon. Memoised: panning and zooming change only the group's transform, and hovering
 * or selecting re-renders just the polygons whose state changed (1,000 polygons stay smooth).
 */
const Shape = memo(function Shape({ p, selected, hovered, clickable, interactive, onHover, onClick }: ShapeProps) {
  const points = useMemo(() => p.points.map((q) => q.join(',')).join(' '), [p.points]);
  return (
    <polygon
      data-testid="defect-polygon"
      data-defect-id={p.id}
      data-selected={selected ? 'true' : undefined}
      points={points}
      fill={p.color}
      fillOpacity={hovered ? 0.35 : 0.18}
      stroke={p.color}
      strokeWidth={selected ? 4 : 2.5}
      strokeDasharray={p.dashed ? '6 4' : undefined}
      vectorEffect="non-scaling-stroke"
      style={{ cursor: clickable ? 'pointer' : 'default', pointerEvents: interactive ? 'visiblePainted' : 'none' }}
      onMouseEnter={(e) => onHover(p, e.clientX, e.clientY)}
      onMouseMove={(e) => onHover(p, e.clientX, e.clientY)}
      onMouseLeave={() => onHover(null)}
      onClick={(e) => onClick(p.id, { shiftKey: e.shiftKey, ctrlKey: e.ctrlKey, metaKey: e.metaKey })}
    >
      <title>{`${p.title} · ${p.subtitle}`}</title>
    </polygon>
  );
});

/**
 * Defect polygons drawn in image pixels on top of the viewer: one SVG group transformed to the
 * view, in an SVG layer that reaches OVERLAY_MARGIN past the viewer and is moved as a whole while
 * the view pans (so 1,000 polygons are not repainted every frame); hovering a polygon shows its
 * type and severity. `extra` is more SVG in image pixels drawn in the same group (e.g. the
 * labeling tool's editing layer). `data-transform` states the view's transform (image px →
 * viewer px) for tests and benchmarks.
 */
export function PolygonOverlay({
  polygons,
  transform,
  onSelect,
  selectedId,
  selectedIds,
  interactive = true,
  moving = false,
  extra,
}: {
  polygons: readonly OverlayPolygon[];
  transform: ScreenTransform | null;
  onSelect?: (id: string, modifiers?: SelectModifiers) => void;
  selectedId?: string | null;
  selectedIds?: readonly string[];
  /** false: polygons let clicks through to the viewer (e.g. while drawing). */
  interactive?: boolean;
  /**
   * The view is panning or zooming: outlines are drawn without anti-aliasing until it rests.
   * Rasterizing 1,000 anti-aliased, translucent polygons every frame is what slowed panning
   * (about 40 fps against 56 without them on our 2-core machine; crisp edges: 55).
   */
  moving?: boolean;
  extra?: ReactNode;
}) {
  const [hover, setHover] = useState<{ p: OverlayPolygon; x: number; y: number } | null>(null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const svgRef = useRef<SVGSVGElement>(null);
  // While the view moves, no hover: a drag across polygons would otherwise re-render the overlay
  // for every mouse move over one (a state change per event, on top of the frame's own work).
  const movingRef = useRef(moving);
  movingRef.current = moving;
  // The hover box is placed in the viewer, not in the moving layer.
  const onHover = useCallback((p: OverlayPolygon | null, clientX = 0, clientY = 0) => {
    if (p && movingRef.current) return;
    const [x, y] = viewerPoint(svgRef.current, clientX, clientY);
    setHover(p ? { p, x, y } : null);
  }, []);
  const baseRef = useRef<ScreenTransform | null>(null);
  const onClick = useCallback((id: string, m: SelectModifiers) => onSelectRef.current?.(id, m), []);
  const selected = useMemo(() => new Set([...(selectedIds ?? []), ...(selectedId ? [selectedId] : [])]), [selectedId, selectedIds]);
  const hoverId = hover?.p.id ?? null;
  const clickable = !!onSelect;
  // The same elements while only the transform changes: React skips the polygons entirely.
  const shapes = useMemo(
    () =>
      polygons.map((p) => (
        <Shape
          key={p.id}
          p={p}
          selected={selected.has(p.id)}
          hovered={hoverId === p.id}
          clickable={clickable}
          interactive={interactive}
          onHover={onHover}
          onClick={onClick}
        />
      )),
    [polygons, selected, hoverId, clickable, interactive, onHover, onClick],
  );
  if (!transform) return null;
  // Same decision for the same inputs, so rendering twice (Strict Mode) keeps it pure enough.
  const base = (baseRef.current = layerBase(baseRef.current, transform));
  const M = OVERLAY_MARGIN;
  return (
    <>
      <svg
        ref={svgRef}
        // Moving: the polygons take no pointer events (the browser hit-tests every polygon under the
        // pointer on each move of a drag), one class instead of a style change on each polygon.
        className={`insp-overlay insp-overlay--layer${moving ? ' insp-overlay--moving' : ''}`}
        data-testid="polygon-overlay"
        data-polygons={polygons.length}
        data-transform={svgTransform(transform)}
        style={{ inset: -M, width: `calc(100% + ${2 * M}px)`, height: `calc(100% + ${2 * M}px)`, transform: `translate(${transform.tx - base.tx}px, ${transform.ty - base.ty}px)` }}
      >
        <g transform={svgTransform({ scale: base.scale, tx: base.tx + M, ty: base.ty + M })} shapeRendering={moving ? 'crispEdges' : undefined}>
          {shapes}
          {extra}
        </g>
      </svg>
      {hover && !moving && (
        <div className="insp-overlay__hover" style={{ left: hover.x + 14, top: hover.y + 14 }} data-testid="polygon-hover">
          <div className="insp-overlay__hover-title">{hover.p.title}</div>
          <div>{hover.p.subtitle}</div>
        </div>
      )}
    </>
  );
}
