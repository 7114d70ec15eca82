import { DEFAULT_LOCALE, type Locale } from '../enums/locale.js';
import { NAMED_ERRORS, isNamedErrorKey, type NamedErrorKey } from './named.js';
import { NUMERIC_ERRORS, isNumericErrorCode, type NumericErrorCode } from './numeric.js';
import type { ErrorEntry, ErrorParams } from './types.js';

export type ErrorCode = NumericErrorCode | NamedErrorKey;

export function isErrorCode(value: unknown): value is ErrorCode {
  return isNumericErrorCode(value) || isNamedErrorKey(value);
}

export function errorEntry(code: ErrorCode): ErrorEntry {
  return typeof code === 'number' ? NUMERIC_ERRORS[code] : NAMED_ERRORS[code];
}

/** Replaces `{name}` placeholders; placeholders without a param stay visible. */
export function interpolate(template: string, params?: ErrorParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/**
 * A refusal about named things (`params.entries`: the files or images concerned, e.g. the photos
 * of an archive) names them after the text when the text has no `{entries}` place of its own.
 */
function withEntries(text: string, template: string, locale: Locale, params?: ErrorParams): string {
  const entries = params?.entries;
  if (entries === undefined || entries === '' || template.includes('{entries}')) return text;
  return locale === 'zh_cn' ? `${text.replace(/[。.]$/u, '')}：${entries}` : `${text.replace(/\.$/, '')}: ${entries}`;
}

/** User-facing text of a code in a locale. */
export function errorText(code: ErrorCode, locale: Locale = DEFAULT_LOCALE, params?: ErrorParams): string {
  const entry = errorEntry(code) as ErrorEntry | undefined;
  if (!entry) return String(code);
  const template = entry[locale] ?? entry[DEFAULT_LOCALE];
  return withEntries(interpolate(template, params), template, locale, params);
}

/** HTTP status the server answers with for a code. */
export function errorStatus(code: ErrorCode): number {
  return (errorEntry(code) as ErrorEntry | undefined)?.status ?? 500;
}

/** Canonical English server text (`message` of the body) for a code. */
export function errorServerMessage(code: ErrorCode, params?: ErrorParams): string {
  return typeof code === 'number' ? interpolate(NUMERIC_ERRORS[code].en_us, params) : interpolate(NAMED_ERRORS[code].message, params);
}
