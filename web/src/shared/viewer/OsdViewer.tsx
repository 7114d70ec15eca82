/**
 * The deep-zoom viewer (its own lazy chunk with OpenSeadragon): DZI tiles fetched with the
 * bearer token (`loadTilesWithAjax` + `ajaxHeaders`), defect polygons on top in image pixels.
 * One OpenSeadragon instance lives as long as the component: changing the image keeps the
 * zoom and the pan (mapped onto the new image's aspect).
 */
import { useEffect, useRef, useState } from 'react';
import OpenSeadragon from 'openseadragon';
import { imageHeaders } from './authedFetch';
import { preferredDrawer } from './drawer';
import { PolygonOverlay } from './PolygonOverlay';
import { imageToScreen, mapViewState, polygonBox, sameViewState, type ScreenTransform, type ViewState } from './geometry';
import type { ViewerProps } from './types';

function viewOf(v: OpenSeadragon.Viewer): ViewState {
  const c = v.viewport.getCenter(true);
  return { zoom: v.viewport.getZoom(true), center: { x: c.x, y: c.y } };
}

export default function OsdViewer({
  image,
  polygons,
  follow,
  onViewChange,
  focusPolygon,
  onSelectPolygon,
  selectedPolygonId,
  selectedPolygonIds,
  polygonsInteractive,
  overlay,
  onViewer,
  onTransform,
  keepView = true,
  height = 520,
}: ViewerProps) {
  const host = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<OpenSeadragon.Viewer | null>(null);
  const imageRef = useRef(image);
  const focusRef = useRef(focusPolygon);
  const keptView = useRef<{ view: ViewState; aspect: number } | null>(null);
  const applying = useRef(false);
  /** The last view applied from `follow`: an update that merely shows it is not echoed back. */
  const followed = useRef<ViewState | null>(null);
  const onViewChangeRef = useRef(onViewChange);
  const onTransformRef = useRef(onTransform);
  const [transform, setTransform] = useState<ScreenTransform | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const [drawerType, setDrawerType] = useState('');
  const [settled, setSettled] = useState(false);
  const [moving, setMoving] = useState(false);
  onViewChangeRef.current = onViewChange;
  onTransformRef.current = onTransform;
  const onViewerRef = useRef(onViewer);
  onViewerRef.current = onViewer;
  focusRef.current = focusPolygon;

  useEffect(() => {
    const viewer = OpenSeadragon({
      element: host.current!,
      drawer: preferredDrawer(),
      showNavigationControl: false,
      loadTilesWithAjax: true,
      ajaxHeaders: imageHeaders(),
      crossOriginPolicy: false,
      animationTime: 0.3,
      visibilityRatio: 0.5,
      minZoomImageRatio: 0.5,
      maxZoomPixelRatio: 4,
      gestureSettingsMouse: { clickToZoom: false, dblClickToZoom: true },
    });
    viewerRef.current = viewer;
    // Which drawer OpenSeadragon ended up with (data-drawer): support and the benchmarks read it.
    setDrawerType(viewer.drawer?.getType?.() ?? '');
    const update = () => {
      const img = imageRef.current;
      if (!img || viewer.world.getItemCount() === 0) return;
      const b = viewer.viewport.getBounds(true);
      const size = viewer.viewport.getContainerSize();
      const t = imageToScreen({ x: b.x, y: b.y, width: b.width, height: b.height }, size.x, img.width);
      setTransform(t);
      onTransformRef.current?.(t);
      const view = viewOf(viewer);
      keptView.current = { view, aspect: img.height / img.width };
      if (!applying.current && !sameViewState(view, followed.current)) onViewChangeRef.current?.(view, img.height / img.width);
    };
    // At rest (no zoom or pan animation) with every tile of the view loaded: data-settled, which
    // browser tests and benchmarks wait on instead of sleeping.
    let animating = false;
    const settle = () => setSettled(!animating && viewer.world.getItemCount() > 0 && viewer.getFullyLoaded());
    viewer.addHandler('animation-start', () => {
      animating = true;
      setMoving(true);
      setSettled(false);
    });
    viewer.addHandler('animation-finish', () => {
      animating = false;
      setMoving(false);
      settle();
    });
    viewer.addHandler('fully-loaded-change', settle);
    viewer.addHandler('close', settle);
    viewer.addHandler('update-viewport', update);
    viewer.addHandler('animation', update);
    viewer.addHandler('resize', update);
    viewer.addHandler('open', () => {
      const img = imageRef.current;
      if (!img) return;
      const kept = keptView.current;
      applying.current = true;
      const focus = focusRef.current;
      if (focus && focus.length >= 3 && !kept) {
        const box = polygonBox(focus, 1.5);
        viewer.viewport.fitBounds(viewer.viewport.imageToViewportRectangle(box.x, box.y, box.width, box.height), true);
      } else if (kept && keepView) {
        const v = mapViewState(kept.view, kept.aspect, img.height / img.width);
        viewer.viewport.zoomTo(v.zoom, undefined, true);
        viewer.viewport.panTo(new OpenSeadragon.Point(v.center.x, v.center.y), true);
      }
      applying.current = false;
      setOpened(img.imageId);
      update();
      settle();
    });
    onViewerRef.current?.(viewer);
    return () => {
      onViewerRef.current?.(null);
      viewer.destroy();
      viewerRef.current = null;
    };
    // Created once per mount; later props reach it through refs.
  }, []);

  // A new image: open its tiles; the 'open' handler restores the kept view.
  useEffect(() => {
    imageRef.current = image;
    const viewer = viewerRef.current;
    if (!viewer) return;
    if (!image?.dziUri) {
      viewer.close();
      setTransform(null);
      onTransformRef.current?.(null);
      return;
    }
    viewer.setAjaxHeaders(imageHeaders(), true);
    viewer.open({ tileSource: image.dziUri, loadTilesWithAjax: true, ajaxHeaders: imageHeaders() });
  }, [image?.imageId, image?.dziUri]); // the viewer opens a new image only when its id or tiles change

  // Following another viewer (comparison): apply its view at once, without echoing it back.
  useEffect(() => {
    const viewer = viewerRef.current;
    if (!viewer || !follow || viewer.world.getItemCount() === 0) return;
    if (sameViewState(viewOf(viewer), follow)) return;
    applying.current = true;
    followed.current = follow;
    viewer.viewport.zoomTo(follow.zoom, undefined, true);
    viewer.viewport.panTo(new OpenSeadragon.Point(follow.center.x, follow.center.y), true);
    applying.current = false;
  }, [follow, opened]);

  return (
    <div className="insp-viewer" style={{ height }} data-testid="osd-viewer" data-image-id={opened ?? ''} data-drawer={drawerType} data-settled={settled}>
      <div ref={host} className="insp-viewer__osd" />
      <PolygonOverlay
        polygons={polygons}
        transform={transform}
        onSelect={onSelectPolygon}
        selectedId={selectedPolygonId}
        selectedIds={selectedPolygonIds}
        interactive={polygonsInteractive}
        moving={moving}
        extra={overlay}
      />
    </div>
  );
}
