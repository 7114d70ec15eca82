/** Route modules of the repair centre, loaded on demand (the shell's routes). */
export const repairPages = {
  config: () => import('./config/RepairConfigPage'),
  plans: () => import('./plans/RepairPlansPage'),
  overview: () => import('./campaigns/RepairCampaignListPage'),
  campaignDetails: () => import('./campaigns/RepairCampaignDetailsPage'),
  turbine: () => import('./work/RepairTurbinePage'),
  detailList: () => import('./work/RepairDetailListPage'),
};
