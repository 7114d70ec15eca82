import { Navigate, type RouteObject } from 'react-router-dom';
import { areaPages, type AreaId } from '@/features/areas';
import { assetPages } from '@/features/asset/pages';
import { authPages } from '@/features/auth/pages';
import { configurationPages } from '@/features/configuration/pages';
import { inspectionPages } from '@/features/inspection/pages';
import { middlePages } from '@/features/middle-page/pages';
import { reportPages } from '@/features/report/pages';
import { taskPages } from '@/features/tasks/pages';
import { userCenterPages } from '@/features/user-center/pages';
import { workPages } from '@/features/work/pages';
import type { RouteHandle } from './handle';
import { FullPageSpinner } from '@/shared/components/FullPageSpinner';
import { AuthGuard, RootFrame } from './guards';

const areaPage = areaPages.area;

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
      { path: 'windPark', lazy: assetPages.windPark },
      { path: 'turbine', lazy: assetPages.turbine },
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
      { path: 'userCenter', lazy: userCenterPages.userCenter },
      { path: 'assetConfig', lazy: assetPages.assetConfig },
      { path: 'defectConfig', lazy: configurationPages.defectConfig },
      area('repairConfig', 'repairConfig'),
      area('dprActivityConfig', 'dprActivityConfig'),
      { path: 'reportConfig', lazy: reportPages.reportConfig },
    ],
  },
  // The download queue (SPEC §2 "Download queue"; the spec shows no path): the header badge opens it.
  { path: 'downloadQueue', lazy: reportPages.downloadQueue },
  {
    path: 'deliveryManagement',
    children: [
      redirectTo('/deliveryManagement/progressDashboard'),
      area('progressDashboard', 'progressDashboard'),
      area('progressDashboard/projectDetails', 'projectDetails'),
      area('performanceStatistics', 'performanceStatistics'),
      { path: 'approvalTasks', lazy: taskPages.approvalTasks },
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
      { path: 'taskPool', lazy: taskPages.taskPool },
      { path: 'myTasks', lazy: taskPages.myTasks },
      { path: 'todayTasks', lazy: taskPages.todayTasks },
      { path: 'history', lazy: taskPages.history },
    ],
  },
  {
    path: 'dataFlowManagement',
    children: [
      redirectTo('/dataFlowManagement/dataManagement'),
      { path: 'dataManagement', lazy: taskPages.dataManagement },
      { path: 'flowManagement', lazy: taskPages.flowManagement },
      area('dataImport', 'dataImport'),
    ],
  },
  { path: 'middlePage/windowOpen', lazy: middlePages.windowOpen },
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
  { path: 'labeling', lazy: workPages.labeling, handle: { standalone: true } satisfies RouteHandle },
  { path: 'sortAndRemove', lazy: workPages.sortAndRemove, handle: { standalone: true } satisfies RouteHandle },
  // The page honours the build switch `stitching` itself (as area() does for areas).
  { path: 'stitching', lazy: workPages.stitching, handle: { standalone: true } satisfies RouteHandle },
  {
    path: 'bladeMathPath',
    lazy: workPages.bladeMathPath,
    handle: { standalone: true } satisfies RouteHandle,
  },
  { path: 'viewDefect', lazy: inspectionPages.viewDefect, handle: { standalone: true } satisfies RouteHandle },
  area('repairDetailList', 'repairDetailList', { standalone: true }),
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootFrame />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      redirectTo('/before-login'),
      { path: 'before-login', lazy: authPages.beforeLogin },
      { path: 'login', lazy: authPages.login },
      { path: 'casdoor-callback', lazy: authPages.casdoorCallback },
      { path: 'casdoor-logout-callback', lazy: authPages.casdoorLogoutCallback },
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
