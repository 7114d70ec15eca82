import type { Locale } from '@/shared/contracts';
import { isLocale } from '@/shared/contracts';

export type LoginMode = 'builtin' | 'sso';

/** The runtime configuration read from `app_config.json` at start-up (SPEC §1, §3 appConfigData). */
export interface AppConfig {
  appLocale: Locale;
  logSwitch: 'on' | 'off';
  loginMode: LoginMode;
  /** base64 of `client:secret`, sent as `Authorization: Basic …` on the password grant. */
  basicCredential: string;
  /** Single-sign-on provider base URL (used when loginMode is 'sso'). */
  identityProviderUrl: string;
  /** Restricted viewer hosts: only /viewDefect and /login are reachable there. */
  viewerHosts: string[];
  /**
   * XYZ tile URL of the global map's base layer (`{z}/{x}/{y}`); OpenStreetMap by default.
   * An empty string means no base layer (a plain background), e.g. on machines without internet.
   */
  mapTileUrl: string;
}

export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export const DEFAULT_APP_CONFIG: AppConfig = {
  appLocale: 'en_us',
  logSwitch: 'off',
  loginMode: 'builtin',
  basicCredential: '',
  identityProviderUrl: '',
  viewerHosts: [],
  mapTileUrl: OSM_TILE_URL,
};

/** Tolerant parse: unknown or malformed fields fall back to the defaults. */
export function parseAppConfig(raw: unknown): AppConfig {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const str = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);
  return {
    appLocale: isLocale(input.appLocale) ? input.appLocale : DEFAULT_APP_CONFIG.appLocale,
    logSwitch: input.logSwitch === 'on' ? 'on' : 'off',
    loginMode: input.loginMode === 'sso' ? 'sso' : 'builtin',
    basicCredential: str(input.basicCredential, ''),
    identityProviderUrl: str(input.identityProviderUrl, ''),
    viewerHosts: Array.isArray(input.viewerHosts)
      ? input.viewerHosts.filter((h): h is string => typeof h === 'string' && h.length > 0)
      : [],
    mapTileUrl: typeof input.mapTileUrl === 'string' ? input.mapTileUrl.trim() : OSM_TILE_URL,
  };
}

/** Client id of the built-in login: the user part of the Basic credential. */
export function clientIdFromBasicCredential(basicCredential: string): string {
  try {
    const decoded = atob(basicCredential);
    const colon = decoded.indexOf(':');
    return colon >= 0 ? decoded.slice(0, colon) : decoded;
  } catch {
    return '';
  }
}

export async function loadAppConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  try {
    const response = await fetchImpl('./app_config.json', { cache: 'no-store' });
    if (!response.ok) return DEFAULT_APP_CONFIG;
    return parseAppConfig(await response.json());
  } catch {
    return DEFAULT_APP_CONFIG;
  }
}
