import { Navigate, type RouteObject } from 'react-router-dom';
import type { AreaId } from '@/features/areas/areas';
import type { RouteHandle } from './handle';
import { FullPageSpinner } from '@/shared/components/FullPageSpinner';
import { AuthGuard, RootFrame } from './guards';

const areaPage = () => import('@/features/areas/AreaRoutePage');

/** An area still to come (lazy, shared empty state). */
function area(path: string, id: AreaId, handle: Omit<RouteHandle, 'area'> = {}): RouteObject {
  return { path, lazy: areaPage, handle: { area: id, ...handle } satisfies RouteHandle };
}

/** A kept-alive page is rendered by the main layout, not by the route. */
function KeptAlive() {
  return null;
}

function redirectTo(to: string): RouteObject {
  return { index: true, element: <Navigate to={to} replace /> };
}

/** Routes inside the main layout (SPEC §2 table). */
export const mainLayoutRoutes: RouteObject[] = [
  {
    path: 'explore',
    children: [
      redirectTo('/explore/globalMap'),
      // Rendered and kept alive by the main layout (no element of its own).
      { path: 'globalMap', Component: KeptAlive, handle: { layout: 'full', keepAlive: 'globalMap' } satisfies RouteHandle },
    ],
  },
  {
    path: 'inspection',
    children: [
      redirectTo('/inspection/windPark'),
      { path: 'windPark', lazy: () => import('@/features/asset/windPark/WindParkPage') },
      { path: 'turbine', lazy: () => import('@/features/asset/turbine/TurbinePage') },
      area('component', 'componentInspection', { layout: 'wide' }),
      {
        path: 'investigation',
        children: [
          redirectTo('/inspection/investigation/list'),
          area('list', 'investigationPool'),
          area('campaign', 'investigationCampaigns'),
          area('campaign/campaignDetail', 'investigationCampaignDetail'),
        ],
      },
      area('campaign', 'inspectionCampaign'),
    ],
  },
  {
    path: 'repairPlan',
    children: [
      redirectTo('/repairPlan/repairCampaignList'),
      area('repairCampaignList', 'repairOverview'),
      area('repairCampaignDetails', 'repairCampaignDetails'),
      area('repairTurbine', 'repairTurbine'),
      area('repairPlanList', 'repairPlanList'),
    ],
  },
  {
    path: 'dataCenter',
    children: [
      redirectTo('/dataCenter/searchExport'),
      area('searchExport', 'searchExport'),
      area('dataInsight', 'dataInsight', { layout: 'wide' }),
      area('dataImport', 'dataImport'),
    ],
  },
  {
    path: 'configuration',
    children: [
      redirectTo('/configuration/userCenter'),
      { path: 'userCenter', lazy: () => import('@/features/user-center/UserCenterPage') },
      { path: 'assetConfig', lazy: () => import('@/features/asset/assetConfig/AssetConfigPage') },
      { path: 'defectConfig', lazy: () => import('@/features/configuration/defectConfig/DefectConfigPage') },
      area('repairConfig', 'repairConfig'),
      area('dprActivityConfig', 'dprActivityConfig'),
    ],
  },
  {
    path: 'deliveryManagement',
    children: [
      redirectTo('/deliveryManagement/progressDashboard'),
      area('progressDashboard', 'progressDashboard'),
      area('progressDashboard/projectDetails', 'projectDetails'),
      area('performanceStatistics', 'performanceStatistics'),
      { path: 'approvalTasks', lazy: () => import('@/features/tasks/approval/ApprovalTasksPage') },
      area('dpr', 'dpr'),
      area('dprList', 'dprList'),
      area('dprList/dprDetail', 'dprDetail'),
    ],
  },
  {
    path: 'dataHanding',
    children: [
      redirectTo('/dataHanding/advanceSearch'),
      area('advanceSearch', 'advanceSearch'),
      area('singlePointExport', 'singlePointExport'),
    ],
  },
  { path: 'projectCenter', children: [redirectTo('/projectCenter/projectList'), area('projectList', 'projectList')] },
  {
    path: 'qaCenter',
    children: [
      redirectTo('/qaCenter/taskPool'),
      { path: 'taskPool', lazy: () => import('@/features/tasks/pool/TaskPoolPage') },
      { path: 'myTasks', lazy: () => import('@/features/tasks/mine/MyTasksPage') },
      { path: 'todayTasks', lazy: () => import('@/features/tasks/today/TodayTasksPage') },
      { path: 'history', lazy: () => import('@/features/tasks/history/TaskHistoryPage') },
    ],
  },
  {
    path: 'dataFlowManagement',
    children: [
      redirectTo('/dataFlowManagement/dataManagement'),
      { path: 'dataManagement', lazy: () => import('@/features/tasks/stageCenter/DataManagementPage') },
      { path: 'flowManagement', lazy: () => import('@/features/tasks/flow/FlowManagementPage') },
      area('dataImport', 'dataImport'),
    ],
  },
  { path: 'middlePage/windowOpen', lazy: () => import('@/features/middle-page/WindowOpenPage') },
  {
    path: 'demo',
    children: [
      redirectTo('/demo/polygon'),
      area('polygon', 'demoPolygon'),
      area('openseadragon', 'demoOpenseadragon'),
      area('proto', 'demoProto'),
      area('openlayers', 'demoOpenlayers'),
    ],
  },
];

/** Standalone full-page routes (SPEC §2). */
export const standaloneRoutes: RouteObject[] = [
  { path: 'labeling', lazy: () => import('@/features/work/labeling/LabelingPage'), handle: { standalone: true } satisfies RouteHandle },
  { path: 'sortAndRemove', lazy: () => import('@/features/work/sortAndRemove/SortAndRemovePage'), handle: { standalone: true } satisfies RouteHandle },
  // The page honours the build switch `stitching` itself (as area() does for areas).
  { path: 'stitching', lazy: () => import('@/features/work/stitching/StitchingPage'), handle: { standalone: true } satisfies RouteHandle },
  {
    path: 'bladeMathPath',
    lazy: () => import('@/features/work/bladeMathPath/BladeMathPathPage'),
    handle: { standalone: true } satisfies RouteHandle,
  },
  { path: 'viewDefect', lazy: () => import('@/features/inspection/pages/ViewDefectPage'), handle: { standalone: true } satisfies RouteHandle },
  area('repairDetailList', 'repairDetailList', { standalone: true }),
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootFrame />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      redirectTo('/before-login'),
      { path: 'before-login', lazy: () => import('@/features/auth/pages/BeforeLoginPage') },
      { path: 'login', lazy: () => import('@/features/auth/pages/LoginPage') },
      { path: 'casdoor-callback', lazy: () => import('@/features/auth/pages/CasdoorCallbackPage') },
      { path: 'casdoor-logout-callback', lazy: () => import('@/features/auth/pages/CasdoorLogoutCallbackPage') },
      {
        element: <AuthGuard />,
        children: [
          { lazy: () => import('@/shell/layout/MainLayout'), children: mainLayoutRoutes },
          { lazy: () => import('@/shell/layout/StandaloneLayout'), children: standaloneRoutes },
        ],
      },
      { path: '*', element: <Navigate to="/before-login" replace /> },
    ],
  },
];
