/** Route modules of the standalone work tools, loaded on demand (the shell's routes). */
export const workPages = {
  labeling: () => import('./labeling/LabelingPage'),
  sortAndRemove: () => import('./sortAndRemove/SortAndRemovePage'),
  stitching: () => import('./stitching/StitchingPage'),
  bladeMathPath: () => import('./bladeMathPath/BladeMathPathPage'),
};
