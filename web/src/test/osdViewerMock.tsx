import { PolygonOverlay } from '@/shared/viewer/PolygonOverlay';
import type { ViewerProps } from '@/shared/viewer/types';

/**
 * OpenSeadragon needs a real canvas: tests replace the viewer chunk by the overlay alone (same props),
 * drawn at half scale. Use as `vi.mock('@/shared/viewer/OsdViewer', () => import('@/test/osdViewerMock'))`.
 */
export default function OsdViewerMock(p: ViewerProps) {
  return (
    <div data-testid="osd-viewer" data-image-id={p.image?.imageId ?? ''}>
      <PolygonOverlay polygons={p.polygons} transform={{ scale: 0.5, tx: 0, ty: 0 }} />
    </div>
  );
}
