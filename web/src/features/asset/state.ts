/** The asset feature's slice of the store: the public entry the shell's store assembly imports. */
export { assetSlice, type AssetState } from './assetSlice';
