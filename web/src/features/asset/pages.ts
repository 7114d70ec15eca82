/** Route modules of the asset feature, loaded on demand (the shell's routes and layout). */
export const assetPages = {
  windPark: () => import('./windPark/WindParkPage'),
  turbine: () => import('./turbine/TurbinePage'),
  component: () => import('./component/ComponentPage'),
  assetConfig: () => import('./assetConfig/AssetConfigPage'),
  /** Kept alive by the main layout rather than routed. */
  globalMap: () => import('./globalMap/GlobalMapPage'),
  /** The OpenLayers park map alone (the demo pages show it). */
  parkMap: () => import('./globalMap/ParkMap'),
};
