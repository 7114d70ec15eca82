/** Route modules of the configuration centre, loaded on demand (the shell's routes). */
export const configurationPages = {
  defectConfig: () => import('./defectConfig/DefectConfigPage'),
};
