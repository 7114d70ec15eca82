/** The areas feature's public API: what the shell and other features may import. */
export type { AreaHandle, AreaId } from './areas';
export * from './pages';
