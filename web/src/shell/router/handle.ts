import type { AreaHandle } from '@/features/areas';

/** Data attached to routes (an area's part is the areas feature's). */
export interface RouteHandle extends AreaHandle {
  /** Content layout inside the main layout: full-screen (no padding) or wide. */
  layout?: 'full' | 'wide';
  /**
   * A page the main layout keeps alive: mounted on the first visit, hidden (not destroyed)
   * while another route shows, so e.g. the global map is not recreated.
   */
  keepAlive?: 'globalMap';
  /** Browser tab title of a page without a menu entry (key in the `layout` namespace, `pageTitles.*`). */
  titleKey?: string;
}
