import type { ReactNode } from 'react';
import type OpenSeadragon from 'openseadragon';
import type { Point } from './geometry';
import type { ScreenTransform, ViewState } from './geometry';
import type { OverlayPolygon, SelectModifiers } from './PolygonOverlay';

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
  onSelectPolygon?: (id: string, modifiers?: SelectModifiers) => void;
  selectedPolygonId?: string | null;
  /** More selected polygons (multi-select). */
  selectedPolygonIds?: readonly string[];
  /** false: polygons let clicks through to the viewer (e.g. while drawing). Default true. */
  polygonsInteractive?: boolean;
  /** More SVG in image pixels, drawn in the polygons' transformed group (an editing layer). */
  overlay?: ReactNode;
  /** The OpenSeadragon instance once created (null when it goes): for tools that need its events. */
  onViewer?: (viewer: OpenSeadragon.Viewer | null) => void;
  /** Every change of the image → screen transform (pan, zoom, resize). */
  onTransform?: (t: ScreenTransform | null) => void;
  /** Keep zoom and pan when the image changes (default true). */
  keepView?: boolean;
  height?: number | string;
}
