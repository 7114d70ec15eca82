/**
 * What the labeling tool needs from the OpenSeadragon viewer without re-rendering the page
 * on every pan or zoom: the current image → screen transform in a tiny external store (read by
 * the editing layer only), and the viewer's click / double-click / key events.
 */
import { useEffect, useRef } from 'react';
import type OpenSeadragon from 'openseadragon';
import type { ScreenTransform } from '@/shared/viewer/geometry';

export interface ValueStore<T> {
  get: () => T;
  set: (v: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createStore<T>(initial: T): ValueStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (v) => {
      if (Object.is(v, value)) return;
      value = v;
      listeners.forEach((l) => l());
    },
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

export type TransformStore = ValueStore<ScreenTransform | null>;

/** The subset of the viewer the tool uses (a test double provides the same). */
export type ToolViewer = Pick<OpenSeadragon.Viewer, 'addHandler' | 'removeHandler' | 'element'>;

export interface ViewerToolHandlers {
  /** A click that was not a drag, in container pixels. */
  onClick: (position: { x: number; y: number }, modifiers: { shift: boolean; ctrl: boolean }) => void;
  /** A double-click; return true to stop the viewer's own zoom. */
  onDoubleClick: (position: { x: number; y: number }) => boolean;
  /** The pointer moving over the viewer, in container pixels (null when it leaves). */
  onPointer: (position: { x: number; y: number } | null) => void;
}

/**
 * Wires the handlers to the viewer's canvas events; the viewer's own keyboard navigation is
 * turned off (its keys — w/a/s/d, 0, arrows — are the tool's shortcuts).
 */
export function useViewerTools(viewer: ToolViewer | null, handlers: ViewerToolHandlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    if (!viewer) return;
    const click = (e: OpenSeadragon.CanvasClickEvent) => {
      if (!e.quick) return;
      const o = e.originalEvent as MouseEvent | undefined;
      ref.current.onClick({ x: e.position.x, y: e.position.y }, { shift: !!(o?.shiftKey ?? e.shift), ctrl: !!(o?.ctrlKey || o?.metaKey) });
    };
    const dbl = (e: OpenSeadragon.CanvasDoubleClickEvent) => {
      if (ref.current.onDoubleClick({ x: e.position.x, y: e.position.y })) e.preventDefaultAction = true;
    };
    const key = (e: OpenSeadragon.CanvasKeyEvent) => {
      e.preventDefaultAction = true;
    };
    const move = (e: PointerEvent) => {
      const r = viewer.element.getBoundingClientRect();
      ref.current.onPointer({ x: e.clientX - r.left, y: e.clientY - r.top });
    };
    const leave = () => ref.current.onPointer(null);
    viewer.addHandler('canvas-click', click);
    viewer.addHandler('canvas-double-click', dbl);
    viewer.addHandler('canvas-key', key);
    viewer.element.addEventListener('pointermove', move);
    viewer.element.addEventListener('pointerleave', leave);
    return () => {
      viewer.removeHandler('canvas-click', click);
      viewer.removeHandler('canvas-double-click', dbl);
      viewer.removeHandler('canvas-key', key);
      viewer.element.removeEventListener('pointermove', move);
      viewer.element.removeEventListener('pointerleave', leave);
    };
  }, [viewer]);
}
