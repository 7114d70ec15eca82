import { inspectionApi } from '@/core/api/generated/inspection';
import { reportApi } from '@/core/api/generated/report';
import { assetApi } from '@/core/api/generated/asset';
import { identityApi } from '@/core/api/generated/identity';
import { repairApi } from '@/core/api/generated/repair';

/*
 * The Data Center's endpoints as generated from the OpenAPI documents (npm run openapi): the
 * inspection service's search, health and insight; the report service's task creation (the
 * defect Excel export); asset's parks and turbines (names, coordinates); repair's O&M overview
 * per customer and identity's customers.
 */
export const {
  useSearchDefectsQuery,
  useSearchImagesQuery,
  useLazySearchExportSelectionQuery,
  useLazySearchImageExportSelectionQuery,
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
// The O&M overview (repair service) and the customers of the caller's scope (identity).
export const { useOmOverviewGetQuery, useOmOverviewParksQuery } = repairApi;
export const { useCustomersListQuery } = identityApi;
export type { OmParkView } from '@/core/api/generated/repair';

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
  ImageExportSelectionView,
} from '@/core/api/generated/inspection';

export const INSPECTION_API = '/gw/inspection/api/v2';
/** The export-selection path: its ExceedLimit/-13012 texts are the search ones. */
export const EXPORT_SELECTION_PATH = `${INSPECTION_API}/search/defects/export-selection`;
/** The image export's selection (the gallery's images and the search's defects). */
export const IMAGE_EXPORT_SELECTION_PATH = `${INSPECTION_API}/search/images/export-selection`;
