/** The asset feature's public API: what the shell and other features may import. */
export { assetSlice, type AssetState } from './state';
export type { ComponentTypeView, PlantView, ParkListEntryView, TurbineView } from './assetApi';
export * from './pages';
export { useAllParksQuery, useParkListsAllPermittedProjectFarmsQuery } from './assetApi';
