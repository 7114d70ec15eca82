/** Route modules of sign-in, loaded on demand (the shell's routes). */
export const authPages = {
  beforeLogin: () => import('./pages/BeforeLoginPage'),
  login: () => import('./pages/LoginPage'),
  casdoorCallback: () => import('./pages/CasdoorCallbackPage'),
  casdoorLogoutCallback: () => import('./pages/CasdoorLogoutCallbackPage'),
};
