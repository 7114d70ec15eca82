/** The data import feature's public share: the single-table import panel (Config Center templates) and the route modules. */
export { TableImportPanel } from './TableImportPanel';
export * from './pages';
