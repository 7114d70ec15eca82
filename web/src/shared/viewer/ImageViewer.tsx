import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Spin } from 'antd';
import type { ViewerProps } from './types';

/** OpenSeadragon is loaded on first use, in its own chunk. */
let loaded: ComponentType<ViewerProps> | null = null;
let loading: Promise<{ default: ComponentType<ViewerProps> }> | null = null;
const loadOsdViewer = (): Promise<{ default: ComponentType<ViewerProps> }> =>
  (loading ??= import('./OsdViewer').then((m) => {
    loaded = m.default;
    return m;
  }));
const LazyOsdViewer = lazy(loadOsdViewer);

/**
 * Starts loading the viewer's chunk now: a page that surely shows an image calls it when it
 * loads, so OpenSeadragon is fetched and parsed while the page still waits for its data instead
 * of after it rendered.
 */
export function preloadImageViewer(): void {
  void loadOsdViewer();
}

export function ImageViewer(props: ViewerProps) {
  // Once the chunk is there, the viewer renders at once: through lazy + Suspense even a loaded
  // chunk suspends first, and React reveals a suspended boundary only after its fallback throttle
  // (~300 ms), which is what opening a photo waited on. Chosen once per mount, so the viewer is
  // never swapped (and rebuilt) under a shown image.
  const [Direct] = useState(() => loaded);
  if (Direct) return <Direct {...props} />;
  return (
    <Suspense
      fallback={
        <div className="insp-viewer insp-viewer--loading" style={{ height: props.height ?? 520 }}>
          <Spin />
        </div>
      }
    >
      <LazyOsdViewer {...props} />
    </Suspense>
  );
}
