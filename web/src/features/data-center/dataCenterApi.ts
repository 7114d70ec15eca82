import { inspectionApi } from '@/core/api/generated/inspection';
import { reportApi } from '@/core/api/generated/report';
import { assetApi } from '@/core/api/generated/asset';

/*
 * The Data Center's endpoints as generated from the OpenAPI documents (npm run openapi): the
 * inspection service's search, health and insight; the report service's task creation (the
 * defect Excel export); asset's parks and turbines (names, coordinates).
 */
export const {
  useSearchDefectsQuery,
  useSearchImagesQuery,
  useLazySearchExportSelectionQuery,
  useSearchAdvancedMutation,
  useSearchSavedQueriesQuery,
  useSearchSaveQueryMutation,
  useSearchDeleteQueryMutation,
  useSearchSinglePointQuery,
  useInsightParkHealthQuery,
  useInsightParkInsightQuery,
  useGrowthParkQuery,
  useGrowthAcceptMutation,
  useGrowthDismissMutation,
} = inspectionApi;
export const { useReportTasksForParkMutation } = reportApi;
export const { useParkListsAllPermittedProjectFarmsQuery, useTurbinesListQuery } = assetApi;

export type {
  DefectHitView,
  ImageHitView,
  GalleryDefectView,
  ParkHealthView,
  TurbineHealthView,
  ParkInsightView,
  SeverityCountsView,
  SavedQueryView,
  AdvancedCriteriaDto,
  SearchDefectsApiArg,
  DefectGrowthView,
} from '@/core/api/generated/inspection';

export const INSPECTION_API = '/gw/inspection/api/v2';
/** The export-selection path: its ExceedLimit/-13012 texts are the search ones. */
export const EXPORT_SELECTION_PATH = `${INSPECTION_API}/search/defects/export-selection`;
