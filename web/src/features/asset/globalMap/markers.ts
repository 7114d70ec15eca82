import type { PlantView } from '../assetApi';

/** How a park's marker looks on the global map (pure: tested without OpenLayers). */
export interface MarkerAppearance {
  fill: string;
  stroke: string;
  /** Circle radius in px: grows with the turbine count, within 10..22. */
  radius: number;
  /** Text in the marker: the turbine count. */
  label: string;
  /** Selected and active parks draw above the others. */
  zIndex: number;
}

export const MARKER_COLORS = {
  active: '#1677ff',
  inactive: '#8c8c8c',
  selected: '#fa8c16',
  stroke: '#ffffff',
  cluster: '#0958d9',
  clusterRing: 'rgba(22,119,255,0.35)',
} as const;

export function markerAppearance(park: Pick<PlantView, 'active' | 'turbineCount'>, selected = false): MarkerAppearance {
  const count = Math.max(0, Math.floor(park.turbineCount || 0));
  const radius = Math.min(22, 10 + Math.round(Math.sqrt(count) * 2));
  return {
    fill: selected ? MARKER_COLORS.selected : park.active ? MARKER_COLORS.active : MARKER_COLORS.inactive,
    stroke: MARKER_COLORS.stroke,
    radius: selected ? radius + 3 : radius,
    label: count > 999 ? '999+' : String(count),
    zIndex: selected ? 3 : park.active ? 2 : 1,
  };
}

/** A park can be placed when it has a valid latitude and longitude. */
export function hasLocation(park: Pick<PlantView, 'latitude' | 'longitude'>): park is { latitude: number; longitude: number } {
  const { latitude: lat, longitude: lon } = park;
  return (
    typeof lat === 'number' && typeof lon === 'number' && Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180
  );
}

/** Parks whose name, customer or region contains the search text (any case). */
export function filterParks<T extends Pick<PlantView, 'windFarmName' | 'customerName' | 'region' | 'province' | 'city'>>(
  parks: readonly T[],
  search: string,
): T[] {
  const q = search.trim().toLowerCase();
  if (!q) return [...parks];
  return parks.filter((p) => [p.windFarmName, p.customerName, p.region, p.province, p.city].some((v) => v?.toLowerCase().includes(q)));
}

/** Lon/lat extent [minLon, minLat, maxLon, maxLat] of the placed parks, or null. */
export function lonLatExtent(parks: ReadonlyArray<Pick<PlantView, 'latitude' | 'longitude'>>): [number, number, number, number] | null {
  const placed = parks.filter(hasLocation);
  if (!placed.length) return null;
  return [
    Math.min(...placed.map((p) => p.longitude)),
    Math.min(...placed.map((p) => p.latitude)),
    Math.max(...placed.map((p) => p.longitude)),
    Math.max(...placed.map((p) => p.latitude)),
  ];
}

/** How a cluster of nearby parks looks: its park count, larger with more parks. */
export function clusterAppearance(count: number): { fill: string; stroke: string; radius: number; label: string } {
  return { fill: MARKER_COLORS.cluster, stroke: MARKER_COLORS.clusterRing, radius: Math.min(26, 14 + Math.round(Math.sqrt(count) * 2)), label: count > 99 ? '99+' : String(count) };
}

/**
 * Whether the online tiles count as unavailable: several failed and none loaded (one failed tile
 * among loaded ones is a gap, not an outage).
 */
export function tilesUnavailable(counts: { loaded: number; failed: number }): boolean {
  return counts.loaded === 0 && counts.failed >= 3;
}
