/** The asset feature's public API: what the shell and other features may import. */
export { assetSlice, type AssetState } from './assetSlice';
export type { ComponentTypeItem, Park, ParkListEntry, Turbine } from './assetApi';
export * from './pages';
export { useAllParksQuery, useAllPermittedProjectFarmsQuery } from './assetApi';
