import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import type { ViewerProps } from './types';

/** OpenSeadragon is loaded on first use, in its own chunk. */
const OsdViewer = lazy(() => import('./OsdViewer'));

export function ImageViewer(props: ViewerProps) {
  return (
    <Suspense
      fallback={
        <div className="insp-viewer insp-viewer--loading" style={{ height: props.height ?? 520 }}>
          <Spin />
        </div>
      }
    >
      <OsdViewer {...props} />
    </Suspense>
  );
}
