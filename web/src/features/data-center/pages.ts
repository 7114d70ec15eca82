/** Route modules of the Data Center feature, loaded on demand (the shell's routes). */
export const dataCenterPages = {
  searchExport: () => import('./search/SearchExportPage'),
  // Charts (recharts) and the map (OpenLayers) live in this route's chunk only.
  dataInsight: () => import('./insight/DataInsightPage'),
  omOverview: () => import('./overview/OmOverviewPage'),
  advanceSearch: () => import('./advanced/AdvanceSearchPage'),
  singlePointExport: () => import('./advanced/SinglePointPage'),
};
