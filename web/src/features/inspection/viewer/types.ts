import type { Point } from '../inspectionApi';
import type { ViewState } from '../logic';
import type { OverlayPolygon } from './PolygonOverlay';

export interface ViewerImage {
  imageId: string;
  dziUri: string | null;
  width: number;
  height: number;
}

export interface ViewerProps {
  image: ViewerImage | null;
  polygons: readonly OverlayPolygon[];
  /** A view to follow (synchronised comparison); applied at once, not echoed back. */
  follow?: ViewState | null;
  /** Every change of the view, with the image's aspect (height / width). */
  onViewChange?: (view: ViewState, aspect: number) => void;
  /** On first open, zoom onto this polygon (image pixels). */
  focusPolygon?: Point[] | null;
  onSelectPolygon?: (id: string) => void;
  selectedPolygonId?: string | null;
  /** Keep zoom and pan when the image changes (default true). */
  keepView?: boolean;
  height?: number | string;
}
