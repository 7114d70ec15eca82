import { SIDEBAR_COLLAPSE_STORAGE_KEY, TOKEN_STORAGE_KEYS } from '@/shared/contracts';

/** Every browser-storage key the console uses, in one place. */
export const STORAGE_KEYS = {
  /** Access and refresh token, refresh time, client id (shared with the browser tests). */
  ...TOKEN_STORAGE_KEYS,
  /** OpenID Connect id token (single sign-on only), needed as the logout hint. */
  idToken: 'id_token',
  /** The last 20 opened reports (SPEC §9). */
  loadedReports: 'loaded_reports',
  currentTab: 'current_tab',
  userId: 'user_id',
  dashboardTab: 'dashboard_tab',
  /** Park lists per component type (SPEC §3). */
  parkLists: {
    blade: 'park_list_blade',
    tower: 'park_list_tower',
    foundation: 'park_list_foundation',
    nacelle: 'park_list_nacelle',
    bladeInternal: 'park_list_blade_internal',
    lps: 'park_list_lps',
  },
  /** Kept across logout. */
  locale: 'locale',
  sidebarCollapsed: SIDEBAR_COLLAPSE_STORAGE_KEY,
  windowOpenHandoff: 'window_open_handoff',
  /**
   * Prefix of an unfinished tus upload's address, per endpoint and file (`sendResumable`): kept
   * across logout, so the same file sent again after signing in resumes.
   */
  tusUploadPrefix: 'tus_upload:',
} as const;

/** sessionStorage keys. */
export const SESSION_STORAGE_KEYS = {
  /** The hash address first requested (or current when a 401 arrived), for landing after login. */
  requestedHash: 'requested_hash',
  /** The window-open handoff this tab claimed as it started (see claimHandoff). */
  windowOpenClaimed: 'window_open_claimed',
} as const;

/** Exactly what logout removes (SPEC §4 Session). */
export const KEYS_CLEARED_ON_LOGOUT: readonly string[] = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.refreshTime,
  STORAGE_KEYS.idToken,
  STORAGE_KEYS.clientId,
  STORAGE_KEYS.loadedReports,
  STORAGE_KEYS.currentTab,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.dashboardTab,
  ...Object.values(STORAGE_KEYS.parkLists),
];
