import { inspectionApi as generated } from '@/core/api/generated/inspection';

/** The overview module's endpoints (wind farm overview results, component page), generated from the service's OpenAPI document. */
export const { useOverviewParkOverviewQuery, useOverviewComponentResultsQuery } = generated;
export type {
  ComponentInspectionView,
  ComponentResultsView,
  LpsSummaryView,
  OverviewComponentView,
  OverviewTurbineView,
  ParkOverviewView,
  OverviewSeverityCountsView as SeverityCountsView,
} from '@/core/api/generated/inspection';
