import type { AreaId } from '@/features/areas/areas';

/** Data attached to routes. */
export interface RouteHandle {
  /** An area still to come: rendered by the shared empty state. */
  area?: AreaId;
  /** Standalone full-page route. */
  standalone?: boolean;
  /** Content layout inside the main layout: full-screen (no padding) or wide. */
  layout?: 'full' | 'wide';
  /**
   * A page the main layout keeps alive: mounted on the first visit, hidden (not destroyed)
   * while another route shows, so e.g. the global map is not recreated.
   */
  keepAlive?: 'globalMap';
}
