/** Route modules of the user centre, loaded on demand (the shell's routes). */
export const userCenterPages = {
  userCenter: () => import('./UserCenterPage'),
};
