/** Route module of the data import wizard, loaded on demand (the shell's routes). */
export const dataImportPages = {
  dataImport: () => import('./DataImportPage'),
};
