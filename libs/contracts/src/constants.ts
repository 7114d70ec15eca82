/** Business constants and small pure helpers of SPEC §9 (and limits §5 refers to). */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const MB = 1024 * 1024;

// --- HTTP and session ----------------------------------------------------------------
export const REQUEST_TIMEOUT_MS = 120_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** The web checks every 10 minutes whether the access token needs refreshing. */
export const TOKEN_REFRESH_CHECK_INTERVAL_MS = 10 * MINUTE;
/** Refresh time = token expiry minus 10 minutes, so a check interval can never miss it. */
export const TOKEN_REFRESH_MARGIN_MS = 10 * MINUTE;
/** Single sign-on: poll once a second until an access token exists (SPEC §4). */
export const SSO_TOKEN_POLL_INTERVAL_MS = SECOND;

/** When to refresh a token that expires at `expiresAtMs` (epoch ms). */
export function tokenRefreshTime(expiresAtMs: number): number {
  return expiresAtMs - TOKEN_REFRESH_MARGIN_MS;
}

/** The refresh time of a token received at `nowMs` that lives `expiresInSeconds`: never earlier than now. */
export function refreshTimeOfNewToken(nowMs: number, expiresInSeconds: number): number {
  return Math.max(nowMs, tokenRefreshTime(nowMs + Math.max(0, expiresInSeconds) * 1000));
}

export function isTokenRefreshDue(refreshTimeMs: number, nowMs: number = Date.now()): boolean {
  return nowMs >= refreshTimeMs;
}

// --- accounts ------------------------------------------------------------------------
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;
/** Not in the spec; a username longer than this is refused (fits UI columns and tokens). */
export const USERNAME_MAX_LENGTH = 32;

// --- imports and uploads ---------------------------------------------------------------
/** "10MB" and "20M" are read as binary megabytes (MiB), as browsers' File.size is in bytes. */
export const IMPORT_FILE_MAX_BYTES = 10 * MB;
export const IMPORT_MAX_INSPECTIONS = 30;
/** Not in the spec: photos per daily progress report (a day's evidence, not an album). */
export const DPR_MAX_PHOTOS = 20;
/** Not in the spec: what an .xlsx may unpack to (a 10 MB workbook of text is ~100 MB of XML at most). */
export const IMPORT_WORKBOOK_UNPACKED_MAX_BYTES = 100 * MB;
export const PHOTO_MAX_BYTES = 20 * MB;
export const BLADES_PER_TURBINE = 3;
/** Tasks that may wait in the upload queue (server answers -2004 beyond). */
export const UPLOAD_QUEUE_LIMIT = 10;

// --- search, export and plans ------------------------------------------------------------
export const EXPORT_MAX_DEFECTS = 2500;
export const QUERY_MAX_TURBINES = 200;
export const REPAIR_PLAN_MAX_DEFECTS = 10_000;
export const PERFORMANCE_STATS_MAX_MONTHS = 3;
/** Health data covers only the past year. */
export const HEALTH_WINDOW_MONTHS = 12;

// --- measurements ------------------------------------------------------------------------
export const BLADE_ROOT_LOWER_BOUND_M = -5;
export const DISTANCE_TO_ROOT_MAX_DECIMALS = 2;
export const NUMERIC_INPUT_MAX_DECIMALS = 3;
export const DEFECT_ID_LENGTH = 6;

// --- web behaviour ---------------------------------------------------------------------
export const BLADE_LINK_PAGE_CLOSE_MS = 2000;
/** The last 20 opened reports are remembered in browser storage. */
export const LOADED_REPORTS_LIMIT = 20;
/** /middlePage/windowOpen hands its query over through storage kept this long. */
export const WINDOW_OPEN_HANDOFF_MS = 3000;
export const IMAGE_DISPLAY_WIDTH = 900;
export const IMAGE_DISPLAY_HEIGHT = 600;
/** One day minus one second: turns a start-of-day into an inclusive end-of-day. */
export const TIME_DIFF_MS = 86_399_000;
export const ROUTING_LOG_DELAY_MS = 200;
export const SCROLL_DEBOUNCE_MS = 200;
export const SCROLL_CHECK_INTERVAL_MS = 500;
export const SCROLL_CHECK_MAX_TIMES = 10;
/**
 * Where the console keeps a signed-in session's tokens in browser storage (localStorage). The
 * console's own keys, and the browser tests that open a screen already signed in write the same.
 */
export const TOKEN_STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  /** Epoch milliseconds after which the refresh token is exchanged (expiry − 10 min). */
  refreshTime: 'refresh_time',
  clientId: 'client_id',
} as const;
/** Sidebar mode kept in browser storage; the value '1' means collapsed. */
export const SIDEBAR_COLLAPSE_STORAGE_KEY = 'is-collapse';
export const SIDEBAR_COLLAPSED_VALUE = '1';

/** Adds `item` as the most recent entry of a remembered list (no duplicates, at most `limit`). */
export function pushRecent<T>(list: readonly T[], item: T, limit: number = LOADED_REPORTS_LIMIT): T[] {
  return [item, ...list.filter((x) => x !== item)].slice(0, Math.max(0, limit));
}

// --- random ids ----------------------------------------------------------------------------
export const RANDOM_ID_LENGTH = 10;
export const RANDOM_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Random id of letters and digits. Uses crypto.getRandomValues (browsers and Node ≥ 19);
 * `random` (returning [0,1)) can be injected for deterministic tests.
 */
export function randomId(length: number = RANDOM_ID_LENGTH, random?: () => number): string {
  const n = RANDOM_ID_ALPHABET.length;
  let out = '';
  if (random) {
    for (let i = 0; i < length; i++) out += RANDOM_ID_ALPHABET[Math.floor(random() * n) % n];
    return out;
  }
  const bytes = new Uint32Array(length);
  globalThis.crypto.getRandomValues(bytes);
  for (const b of bytes) out += RANDOM_ID_ALPHABET[b % n];
  return out;
}

// --- formatting --------------------------------------------------------------------------
/** 1234567.891 → "1,234,567.891"; only the integer part is grouped. */
export function formatThousands(value: number | string | bigint, separator: string = ','): string {
  const s = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value).trim();
  const m = /^([+-]?)(\d+)(\.\d+)?$/.exec(s);
  if (!m) return s;
  const [, sign, int, frac = ''] = m;
  return sign + int!.replace(/\B(?=(\d{3})+(?!\d))/g, separator) + frac;
}

/** Seconds → "HH:mm" (hours may exceed 24; seconds are dropped; invalid or negative → "00:00"). */
export function secondsToHHmm(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** "HH:mm" → seconds; null when the text is not H+:mm with minutes 00..59. */
export function hhmmToSeconds(text: string): number | null {
  const m = /^(\d+):([0-5]\d)$/.exec(text.trim());
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 : null;
}

// --- hosts ---------------------------------------------------------------------------------
/**
 * A host not ending with the product's main domain is not production (SPEC §9).
 * We match on a label boundary (example.com or *.example.com, port ignored) so that
 * "evilexample.com" does not count as production for "example.com".
 */
export function isProductionHost(host: string, mainDomain: string): boolean {
  const h = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const d = mainDomain.trim().toLowerCase().replace(/^\.+/, '').replace(/\.$/, '');
  if (d === '' || h === '') return false;
  return h === d || h.endsWith(`.${d}`);
}

// --- feature switches ----------------------------------------------------------------------
/** Build-time feature switches (SPEC §1). */
export const FeatureSwitch = {
  STITCHING: 'stitching',
  INSIGHTS: 'insights',
  ADVANCED_SEARCH: 'advancedSearch',
  DATA_IMPORT: 'dataImport',
  TURBINE_REPORT_DOWNLOAD: 'turbineReportDownload',
} as const;
export type FeatureSwitch = (typeof FeatureSwitch)[keyof typeof FeatureSwitch];

export const DEFAULT_FEATURE_SWITCHES: Readonly<Record<FeatureSwitch, boolean>> = {
  stitching: true,
  insights: true,
  advancedSearch: true,
  dataImport: true,
  turbineReportDownload: false,
};

// --- statistics ------------------------------------------------------------------------------
/** Counts of a labeling result compared with its review (change-rate statistics). */
export interface ChangeCounts {
  added: number;
  deleted: number;
  modified: number;
  correct: number;
}

/** (added + deleted + modified) / (correct + modified + added); 0 when nothing was counted. */
export function changeRate(c: ChangeCounts): number {
  const den = c.correct + c.modified + c.added;
  return den > 0 ? (c.added + c.deleted + c.modified) / den : 0;
}

/** Variant without deletions: (added + modified) / (correct + modified + added). */
export function changeRateWithoutDeletions(c: Omit<ChangeCounts, 'deleted'>): number {
  const den = c.correct + c.modified + c.added;
  return den > 0 ? (c.added + c.modified) / den : 0;
}

// --- dates -----------------------------------------------------------------------------------
/** Adds calendar months in UTC, clamping to the last day of the target month. */
export function addMonthsUtc(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** True when end is not later than start + `months` (inclusive), e.g. the 3-month statistics cap. */
export function isRangeWithinMonths(start: Date, end: Date, months: number): boolean {
  return end.getTime() <= addMonthsUtc(start, months).getTime();
}

/** Start of the health window: the same instant one year earlier. */
export function healthWindowStart(now: Date = new Date()): Date {
  return addMonthsUtc(now, -HEALTH_WINDOW_MONTHS);
}

/** Modules a platform licence can switch on (docs/licence.md); the console shows them by name. */
export const LICENCE_MODULES = ['inspection', 'labeling', 'stitching', 'repair', 'delivery', 'report', 'insight', 'import'] as const;
export type LicenceModule = (typeof LICENCE_MODULES)[number];
