/** Route modules of the areas still to come, loaded on demand (the shell's routes). */
export const areaPages = {
  area: () => import('./AreaRoutePage'),
};
