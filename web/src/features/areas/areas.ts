import type { FeatureSwitches } from '@/shared/contracts';

/** The service whose arrival fills an area (ARCHITECTURE "Service boundaries"). */
export type Provider = 'identity' | 'asset' | 'inspection' | 'taskFlow' | 'repair' | 'delivery' | 'report' | 'import' | 'web';

export interface AreaInfo {
  provider: Provider;
  /** Build-time switch that must be on for the area. */
  feature?: keyof FeatureSwitches;
}

/**
 * Areas whose features come later. Each renders the one empty-state component with
 * `areas:<id>.title` and `areas:<id>.description`. Keep web/README.md in step.
 */
export const AREAS = {
  componentInspection: { provider: 'inspection' },
  inspectionCampaign: { provider: 'delivery' },
  investigationPool: { provider: 'delivery' },
  investigationCampaigns: { provider: 'delivery' },
  investigationCampaignDetail: { provider: 'delivery' },
  repairOverview: { provider: 'repair' },
  repairCampaignDetails: { provider: 'repair' },
  repairTurbine: { provider: 'repair' },
  repairPlanList: { provider: 'repair' },
  searchExport: { provider: 'inspection' },
  dataInsight: { provider: 'inspection', feature: 'insights' },
  dataImport: { provider: 'import', feature: 'dataImport' },
  repairConfig: { provider: 'repair' },
  dprActivityConfig: { provider: 'delivery' },
  progressDashboard: { provider: 'delivery' },
  projectDetails: { provider: 'delivery' },
  performanceStatistics: { provider: 'delivery' },
  dpr: { provider: 'delivery' },
  dprList: { provider: 'delivery' },
  dprDetail: { provider: 'delivery' },
  advanceSearch: { provider: 'inspection', feature: 'advancedSearch' },
  singlePointExport: { provider: 'inspection' },
  projectList: { provider: 'delivery' },
  demoPolygon: { provider: 'web' },
  demoOpenseadragon: { provider: 'web' },
  demoProto: { provider: 'web' },
  demoOpenlayers: { provider: 'web' },
  repairDetailList: { provider: 'repair' },
} as const satisfies Record<string, AreaInfo>;

export type AreaId = keyof typeof AREAS;

export function areaInfo(id: AreaId): AreaInfo {
  return AREAS[id];
}

/** The part of a route's handle an area page reads; the shell's RouteHandle extends it. */
export interface AreaHandle {
  /** An area still to come: rendered by the shared empty state. */
  area?: AreaId;
  /** Standalone full-page route. */
  standalone?: boolean;
}
