import { Navigate, type RouteObject } from 'react-router-dom';
import { assetPages } from '@/features/asset/pages';
import { authPages } from '@/features/auth/pages';
import { configurationPages } from '@/features/configuration/pages';
import { dataCenterPages } from '@/features/data-center/pages';
import { dataImportPages } from '@/features/data-import/pages';
import { deliveryPages } from '@/features/delivery/pages';
import { demoPages } from '@/features/demo/pages';
import { inspectionPages } from '@/features/inspection/pages';
import { middlePages } from '@/features/middle-page/pages';
import { repairPages } from '@/features/repair/pages';
import { reportPages } from '@/features/report/pages';
import { taskPages } from '@/features/tasks/pages';
import { userCenterPages } from '@/features/user-center/pages';
import { workPages } from '@/features/work/pages';
import type { RouteHandle } from './handle';
import { FullPageSpinner } from '@/shared/components/FullPageSpinner';
import { AuthGuard, RootFrame } from './guards';

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
      { path: 'component', lazy: assetPages.component, handle: { layout: 'wide' } satisfies RouteHandle },
      {
        path: 'investigation',
        children: [
          redirectTo('/inspection/investigation/list'),
          { path: 'list', lazy: deliveryPages.investigationPool },
          { path: 'campaign', lazy: deliveryPages.investigationCampaigns },
          { path: 'campaign/campaignDetail', lazy: deliveryPages.investigationCampaignDetail },
        ],
      },
      { path: 'campaign', lazy: deliveryPages.campaigns },
    ],
  },
  {
    path: 'repairPlan',
    children: [
      redirectTo('/repairPlan/repairCampaignList'),
      { path: 'repairCampaignList', lazy: repairPages.overview },
      { path: 'repairCampaignDetails', lazy: repairPages.campaignDetails },
      { path: 'repairTurbine', lazy: repairPages.turbine },
      { path: 'repairPlanList', lazy: repairPages.plans },
    ],
  },
  {
    path: 'dataCenter',
    children: [
      redirectTo('/dataCenter/searchExport'),
      { path: 'searchExport', lazy: dataCenterPages.searchExport },
      { path: 'dataInsight', lazy: dataCenterPages.dataInsight, handle: { layout: 'wide' } satisfies RouteHandle },
      { path: 'omOverview', lazy: dataCenterPages.omOverview },
      { path: 'dataImport', lazy: dataImportPages.dataImport },
    ],
  },
  {
    path: 'configuration',
    children: [
      redirectTo('/configuration/userCenter'),
      { path: 'userCenter', lazy: userCenterPages.userCenter },
      { path: 'assetConfig', lazy: assetPages.assetConfig },
      { path: 'defectConfig', lazy: configurationPages.defectConfig },
      { path: 'repairConfig', lazy: repairPages.config },
      { path: 'dprActivityConfig', lazy: deliveryPages.dprActivityConfig },
      { path: 'reportConfig', lazy: reportPages.reportConfig },
    ],
  },
  // The download queue (SPEC §2 "Download queue"; the spec shows no path): the header badge opens it.
  { path: 'downloadQueue', lazy: reportPages.downloadQueue },
  {
    path: 'deliveryManagement',
    children: [
      redirectTo('/deliveryManagement/progressDashboard'),
      { path: 'progressDashboard', lazy: deliveryPages.progressDashboard },
      { path: 'progressDashboard/projectDetails', lazy: deliveryPages.projectDetails },
      { path: 'performanceStatistics', lazy: deliveryPages.performanceStatistics },
      { path: 'approvalTasks', lazy: taskPages.approvalTasks },
      { path: 'dpr', lazy: deliveryPages.dpr },
      { path: 'dprList', lazy: deliveryPages.dprList },
      { path: 'dprList/dprDetail', lazy: deliveryPages.dprDetail },
    ],
  },
  {
    path: 'dataHanding',
    children: [
      redirectTo('/dataHanding/advanceSearch'),
      { path: 'advanceSearch', lazy: dataCenterPages.advanceSearch },
      { path: 'singlePointExport', lazy: dataCenterPages.singlePointExport },
    ],
  },
  { path: 'projectCenter', children: [redirectTo('/projectCenter/projectList'), { path: 'projectList', lazy: deliveryPages.projectList }] },
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
      { path: 'dataImport', lazy: dataImportPages.dataImport },
    ],
  },
  { path: 'middlePage/windowOpen', lazy: middlePages.windowOpen },
  {
    path: 'demo',
    children: [
      redirectTo('/demo/polygon'),
      { path: 'polygon', lazy: demoPages.polygon },
      { path: 'openseadragon', lazy: demoPages.openseadragon },
      { path: 'proto', lazy: demoPages.proto },
      { path: 'openlayers', lazy: demoPages.openlayers },
    ],
  },
];

/** Standalone full-page routes (SPEC §2). */
export const standaloneRoutes: RouteObject[] = [
  { path: 'labeling', lazy: workPages.labeling, handle: { standalone: true, titleKey: 'pageTitles.labeling' } satisfies RouteHandle },
  {
    path: 'sortAndRemove',
    lazy: workPages.sortAndRemove,
    handle: { standalone: true, titleKey: 'pageTitles.sortAndRemove' } satisfies RouteHandle,
  },
  // The page honours the build switch `stitching` itself (as the areas' empty state does).
  { path: 'stitching', lazy: workPages.stitching, handle: { standalone: true, titleKey: 'pageTitles.stitching' } satisfies RouteHandle },
  {
    path: 'bladeMathPath',
    lazy: workPages.bladeMathPath,
    handle: { standalone: true, titleKey: 'pageTitles.bladePaths' } satisfies RouteHandle,
  },
  { path: 'viewDefect', lazy: inspectionPages.viewDefect, handle: { standalone: true, titleKey: 'pageTitles.defect' } satisfies RouteHandle },
  { path: 'repairDetailList', lazy: repairPages.detailList, handle: { standalone: true, titleKey: 'pageTitles.repairDetailList' } satisfies RouteHandle },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootFrame />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      redirectTo('/before-login'),
      { path: 'before-login', lazy: authPages.beforeLogin },
      { path: 'login', lazy: authPages.login, handle: { titleKey: 'pageTitles.login' } satisfies RouteHandle },
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
