import { memo, useRef, useState, useSyncExternalStore, type PointerEvent as ReactPointerEvent } from 'react';
import { clampToImage, closesAtFirst, moveVertex, pointsText, removeVertex, screenToImage, type Point } from '../geometry';
import { viewerPoint } from '@/shared/viewer/PolygonOverlay';
import type { TransformStore, ValueStore } from '../viewerBridge';

interface Drag {
  index: number;
  origin: Point[];
}

/**
 * The editing layer, in image pixels inside the viewer's transformed group: the outline being
 * drawn (with a rubber band to the pointer), and the selected defect's outline with draggable
 * vertices (Alt+click removes one). The outline itself lets the pointer through, so wheel and
 * drag over it still zoom and pan. It alone follows the zoom (handle size), so panning never
 * re-renders the polygons of the image.
 */
export const EditLayer = memo(function EditLayer({
  transform,
  cursor,
  drawing,
  draftPolygon,
  color,
  editable,
  width,
  height,
  onCommit,
}: {
  transform: TransformStore;
  cursor: ValueStore<Point | null>;
  drawing: readonly Point[];
  draftPolygon: readonly Point[] | null;
  color: string;
  editable: boolean;
  width: number;
  height: number;
  onCommit: (polygon: Point[]) => void;
}) {
  const t = useSyncExternalStore(transform.subscribe, transform.get);
  const pointer = useSyncExternalStore(cursor.subscribe, cursor.get);
  const [live, setLive] = useState<Point[] | null>(null);
  const drag = useRef<Drag | null>(null);
  if (!t) return null;
  const r = (px: number) => px / t.scale;
  const toImage = (e: ReactPointerEvent<SVGElement>): Point => {
    return screenToImage(viewerPoint((e.currentTarget as SVGElement).ownerSVGElement, e.clientX, e.clientY), t);
  };
  const begin = (e: ReactPointerEvent<SVGElement>, index: number) => {
    if (!draftPolygon || !editable || e.button !== 0) return;
    e.stopPropagation();
    e.preventDefault();
    if (e.altKey) {
      const fewer = removeVertex(draftPolygon, index);
      if (fewer) onCommit(fewer);
      return;
    }
    (e.currentTarget as SVGElement).setPointerCapture?.(e.pointerId);
    drag.current = { index, origin: draftPolygon.map((p) => [p[0], p[1]] as Point) };
  };
  const move = (e: ReactPointerEvent<SVGElement>) => {
    const d = drag.current;
    if (!d) return;
    setLive(moveVertex(d.origin, d.index, clampToImage(toImage(e), width, height)));
  };
  const end = () => {
    const moved = live;
    drag.current = null;
    setLive(null);
    if (moved) onCommit(moved);
  };
  const shown = live ?? draftPolygon;
  const closable = pointer !== null && closesAtFirst(drawing, pointer, t.scale);
  return (
    <g data-testid="edit-layer">
      {shown && shown.length >= 3 && (
        <g data-testid="draft-polygon" data-points={pointsText(shown)}>
          <polygon
            points={pointsText(shown)}
            fill={color}
            fillOpacity={0.25}
            stroke="#fff"
            strokeWidth={2}
            strokeDasharray="6 3"
            vectorEffect="non-scaling-stroke"
            style={{ pointerEvents: 'none' }}
          />
          {editable &&
            shown.map((p, i) => (
              <circle
                key={i}
                data-testid="vertex-handle"
                cx={p[0]}
                cy={p[1]}
                r={r(6)}
                fill="#fff"
                stroke={color}
                strokeWidth={2}
                vectorEffect="non-scaling-stroke"
                style={{ pointerEvents: 'all', cursor: 'grab' }}
                onPointerDown={(e) => begin(e, i)}
                onPointerMove={move}
                onPointerUp={end}
              />
            ))}
        </g>
      )}
      {drawing.length > 0 && (
        <g data-testid="drawing" data-points={drawing.length} style={{ pointerEvents: 'none' }}>
          <polyline
            points={pointsText(pointer ? [...drawing, pointer] : drawing)}
            fill="none"
            stroke="#13c2c2"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
          {drawing.map((p, i) => (
            <circle
              key={i}
              cx={p[0]}
              cy={p[1]}
              r={r(i === 0 && closable ? 8 : 4)}
              fill={i === 0 ? '#13c2c2' : '#fff'}
              stroke="#13c2c2"
              strokeWidth={1.5}
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </g>
      )}
    </g>
  );
});
