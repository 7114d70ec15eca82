/** The deep-zoom viewer's inspection helpers: view orders and defect polygons. */
import type { ViewSortOrder } from '@/shared/contracts';
import type { OverlayPolygon } from '@/shared/viewer/PolygonOverlay';
import { severityFill } from './blade';
import type { Defect } from './inspectionApi';

export const VIEW_ORDERS: readonly ViewSortOrder[] = ['LEADING_EDGE_FIRST', 'TRAILING_EDGE_FIRST', 'MIDDLE_FIRST'];

/** Polygons of the defects on one image, coloured by severity, with hover words. */
export function defectPolygons(
  defects: readonly Defect[],
  imageId: string | undefined,
  t: (k: string, o?: Record<string, unknown>) => string,
  st: (name: string) => string,
): OverlayPolygon[] {
  return defects
    .filter((d) => d.imageId === imageId && d.polygon?.length >= 3)
    .map((d) => ({
      id: d.defectId,
      points: d.polygon,
      color: severityFill(d.severity),
      title: st(d.defectType),
      subtitle: `${d.severity === null ? t('severity.tbd') : t('severity.value', { level: d.severity })} · ${t('defect.numberShort', { no: d.defectNo })}`,
    }));
}
