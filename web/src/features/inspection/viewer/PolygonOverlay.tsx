import { useState } from 'react';
import type { Point } from '../inspectionApi';
import { svgTransform, type ScreenTransform } from '../logic';

export interface OverlayPolygon {
  id: string;
  points: Point[];
  color: string;
  /** First line of the hover box (defect type). */
  title: string;
  /** Second line (severity). */
  subtitle: string;
}

/**
 * Defect polygons drawn in image pixels on top of the viewer: one SVG group transformed to
 * the viewer's current viewport; hovering a polygon shows its type and severity.
 */
export function PolygonOverlay({
  polygons,
  transform,
  onSelect,
  selectedId,
}: {
  polygons: readonly OverlayPolygon[];
  transform: ScreenTransform | null;
  onSelect?: (id: string) => void;
  selectedId?: string | null;
}) {
  const [hover, setHover] = useState<{ p: OverlayPolygon; x: number; y: number } | null>(null);
  if (!transform) return null;
  return (
    <>
      <svg className="insp-overlay" data-testid="polygon-overlay" data-polygons={polygons.length}>
        <g transform={svgTransform(transform)}>
          {polygons.map((p) => (
            <polygon
              key={p.id}
              data-testid="defect-polygon"
              data-defect-id={p.id}
              points={p.points.map((q) => q.join(',')).join(' ')}
              fill={p.color}
              fillOpacity={hover?.p.id === p.id ? 0.35 : 0.18}
              stroke={p.color}
              strokeWidth={p.id === selectedId ? 4 : 2.5}
              vectorEffect="non-scaling-stroke"
              style={{ cursor: onSelect ? 'pointer' : 'default', pointerEvents: 'visiblePainted' }}
              onMouseEnter={(e) => setHover({ p, x: e.nativeEvent.offsetX, y: e.nativeEvent.offsetY })}
              onMouseMove={(e) => setHover({ p, x: e.nativeEvent.offsetX, y: e.nativeEvent.offsetY })}
              onMouseLeave={() => setHover(null)}
              onClick={() => onSelect?.(p.id)}
            >
              <title>{`${p.title} · ${p.subtitle}`}</title>
            </polygon>
          ))}
        </g>
      </svg>
      {hover && (
        <div className="insp-overlay__hover" style={{ left: (hover.x || 0) + 14, top: (hover.y || 0) + 14 }} data-testid="polygon-hover">
          <div className="insp-overlay__hover-title">{hover.p.title}</div>
          <div>{hover.p.subtitle}</div>
        </div>
      )}
    </>
  );
}
