/** Route modules of the delivery area, loaded on demand (the shell's routes). */
export const deliveryPages = {
  projectList: () => import('./projects/ProjectListPage'),
  campaigns: () => import('./campaigns/CampaignsPage'),
  dprActivityConfig: () => import('./dpr/DprActivityConfigPage'),
  dprList: () => import('./dpr/DprListPage'),
  dprDetail: () => import('./dpr/DprDetailPage'),
  dpr: () => import('./dpr/DprSubmitPage'),
  progressDashboard: () => import('./progress/ProgressDashboardPage'),
  projectDetails: () => import('./progress/ProjectDetailsPage'),
  performanceStatistics: () => import('./statistics/PerformanceStatisticsPage'),
  investigationPool: () => import('./investigations/InvestigationPoolPage'),
  investigationCampaigns: () => import('./investigations/InvestigationCampaignsPage'),
  investigationCampaignDetail: () => import('./investigations/InvestigationCampaignDetailPage'),
};
