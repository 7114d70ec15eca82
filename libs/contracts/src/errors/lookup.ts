import type { Locale } from '../enums/locale.js';
import { interpolate } from './catalogue.js';
import { EXCEED_LIMIT_TEXTS, HTTP_TEXTS, NAMED_ERRORS, type NamedErrorKey } from './named.js';
import { NUMERIC_ERRORS, isNumericErrorCode } from './numeric.js';
import type { ErrorParams } from './types.js';

/**
 * Defect search paths (SPEC §8 "context v1 and v2"): any path under /context/api/v1/ or
 * /context/api/v2/ whose path part (query excluded) mentions both "defect" and "search",
 * case-insensitive – e.g. /context/api/v1/defects/search, /context/api/v2/projects/7/defect/search,
 * /context/api/v2/defectSearch. The spec does not list the exact paths, so we match the words.
 */
export const DEFECT_SEARCH_PATH = /^\/context\/api\/v[12]\/(?=[^?#]*defect)(?=[^?#]*search)/i;

/**
 * The report-tasks path: /report/api/v1/projects/{id}/report-tasks (trailing slash allowed), and
 * the same creation for a park, a turbine or an inspection (report service, docs/reports.md).
 */
export const REPORT_TASKS_PATH = /^\/report\/api\/v1\/(?:projects|parks|turbines|inspections|repair-campaigns)\/[^/?#]+\/report-tasks\/?(?:[?#]|$)/i;

/** Path part of a request path or absolute URL. */
function pathOf(requestPath: string): string {
  let p = requestPath.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(p)) {
    try {
      p = new URL(p).pathname;
    } catch {
      return p;
    }
  }
  const cut = p.search(/[?#]/);
  if (cut >= 0) p = p.slice(0, cut);
  return p.startsWith('/') ? p : `/${p}`;
}

export function isDefectSearchPath(requestPath: string | undefined): boolean {
  return requestPath !== undefined && DEFECT_SEARCH_PATH.test(pathOf(requestPath));
}

export function isReportTasksPath(requestPath: string | undefined): boolean {
  return requestPath !== undefined && REPORT_TASKS_PATH.test(pathOf(requestPath));
}

/** EXCEED_LIMIT text for a request path (SPEC §8 exception). */
export function exceedLimitText(locale: Locale, requestPath?: string): string {
  if (isDefectSearchPath(requestPath)) return EXCEED_LIMIT_TEXTS.defectSearch[locale];
  if (isReportTasksPath(requestPath)) return EXCEED_LIMIT_TEXTS.reportTasks[locale];
  return NAMED_ERRORS.EXCEED_LIMIT[locale];
}

// Matching is tolerant of case, surrounding blanks and a final full stop/exclamation mark,
// because servers and older clients differ in exactly those details.
const normText = (s: string) =>
  s
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[.。!！]+$/u, '')
    .toLowerCase();
// Keys match regardless of spelling style: EMAIL_EXISTS, EmailExists, email-exists.
const normKey = (s: string) => s.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

let keyIndex: Map<string, NamedErrorKey> | undefined;
let textIndex: Map<string, NamedErrorKey> | undefined;

function indexes(): { keys: Map<string, NamedErrorKey>; texts: Map<string, NamedErrorKey> } {
  if (!keyIndex || !textIndex) {
    keyIndex = new Map();
    textIndex = new Map();
    for (const key of Object.keys(NAMED_ERRORS) as NamedErrorKey[]) {
      const e = NAMED_ERRORS[key];
      keyIndex.set(normKey(key), key);
      for (const t of [e.message, e.en_us, e.zh_cn]) {
        const n = normText(t);
        if (!textIndex.has(n)) textIndex.set(n, key);
      }
    }
  }
  return { keys: keyIndex, texts: textIndex };
}

/** Named key for a key (any spelling style), canonical message or either language's text. */
export function findNamedErrorKey(text: string): NamedErrorKey | undefined {
  if (text.trim() === '') return undefined;
  const { keys, texts } = indexes();
  return texts.get(normText(text)) ?? keys.get(normKey(text));
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function numericCodeOf(v: unknown): number | undefined {
  const n = typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v;
  return isNumericErrorCode(n) ? n : undefined;
}

function paramsOf(v: unknown): ErrorParams | undefined {
  if (!isRecord(v)) return undefined;
  const out: Record<string, string | number> = {};
  for (const [k, val] of Object.entries(v)) if (typeof val === 'string' || typeof val === 'number') out[k] = val;
  return out;
}

/**
 * SPEC §8 "Message lookup". Order:
 * 1. numeric `data.code` found in NUMERIC_ERRORS → its text;
 * 2. a named key in `data.code`, else the message text (`data.message`, or the data itself
 *    when it is a string) matched against NAMED_ERRORS by key, canonical message or either
 *    language → its text (EXCEED_LIMIT depends on `requestPath`);
 * 3. `data.title` when present;
 * 4. "Bad request({message}). Please try again later."
 * A catalogue text whose placeholders cannot be filled (no `params` in the body) gives way
 * to the server's own message, which the server already rendered in the request's locale.
 */
export function lookupMessage(body: unknown, locale: Locale, requestPath?: string): string {
  const data = body;
  const rec = isRecord(data) ? data : undefined;
  const params = paramsOf(rec?.params);

  const numeric = numericCodeOf(rec?.code);
  if (numeric !== undefined) return interpolate(NUMERIC_ERRORS[numeric as keyof typeof NUMERIC_ERRORS][locale], params);

  const message = typeof data === 'string' ? data : typeof rec?.message === 'string' ? rec.message : undefined;
  const codeKey = typeof rec?.code === 'string' ? findNamedErrorKey(rec.code) : undefined;
  const key = codeKey ?? (message !== undefined ? findNamedErrorKey(message) : undefined);
  if (key !== undefined) {
    if (key === 'EXCEED_LIMIT') return exceedLimitText(locale, requestPath);
    const text = interpolate(NAMED_ERRORS[key][locale], params);
    if (/\{\w+\}/.test(text) && message !== undefined && message.trim() !== '') return message;
    return text;
  }

  if (typeof rec?.title === 'string' && rec.title.trim() !== '') return rec.title;

  return interpolate(HTTP_TEXTS.FALLBACK[locale], { message: message ?? '' });
}

/** Texts for the HTTP-level cases of SPEC §8. */
export function httpText(key: keyof typeof HTTP_TEXTS, locale: Locale, params?: ErrorParams): string {
  return interpolate(HTTP_TEXTS[key][locale], params);
}
