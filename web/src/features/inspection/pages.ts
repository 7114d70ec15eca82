/** Route modules of the inspection feature, loaded on demand (the shell's routes). */
export const inspectionPages = {
  viewDefect: () => import('./pages/ViewDefectPage'),
};
