/** Route modules of the window-open hand-over page, loaded on demand (the shell's routes). */
export const middlePages = {
  windowOpen: () => import('./WindowOpenPage'),
};
