import { OK, fail, type ValidationResult } from './result.js';

/** Characters that flag a text (SPEC §5): ! " # $ % & ' + , / ; = ? @ \ ^ ` { | } ~ */
export const SPECIAL_CHARACTERS = `!"#$%&'+,/;=?@\\^\`{|}~`;
const SPECIAL_RE = /[!"#$%&'+,/;=?@\\^`{|}~]/;

export function hasSpecialCharacters(text: string): boolean {
  return SPECIAL_RE.test(text);
}

export function checkNoSpecialCharacters(text: string): ValidationResult {
  return hasSpecialCharacters(text) ? fail('SPECIAL_CHARACTERS_NOT_ALLOWED') : OK;
}

/**
 * "Chinese character" = Han ideographs (all CJK blocks, incl. supplementary planes) plus
 * CJK punctuation and full-width forms, which a Chinese input method produces alongside.
 */
const WIDE_RE = /[\p{Script=Han}\u3000-\u303F\uFF00-\uFFEF]/u;

/** Length counting each Chinese character as two; counts code points, not UTF-16 units. */
export function textLength(text: string): number {
  let n = 0;
  for (const ch of text) n += WIDE_RE.test(ch) ? 2 : 1;
  return n;
}

export function exceedsMaxLength(text: string, max: number): boolean {
  return textLength(text) > max;
}

export function checkMaxLength(text: string, max: number): ValidationResult {
  return exceedsMaxLength(text, max) ? fail('TEXT_TOO_LONG', { max }) : OK;
}

/** Required text: not empty after trimming. */
export function checkRequired(value: string | null | undefined): ValidationResult {
  return typeof value === 'string' && value.trim() !== '' ? OK : fail('REQUIRED');
}

/** Values that occur more than once, compared after `normalize` (default: trimmed, case-insensitive). */
export function findDuplicates<T>(
  values: Iterable<T>,
  normalize: (v: T) => unknown = (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
): T[] {
  const seen = new Set<unknown>();
  const reported = new Set<unknown>();
  const out: T[] = [];
  for (const v of values) {
    const k = normalize(v);
    if (seen.has(k) && !reported.has(k)) {
      out.push(v);
      reported.add(k);
    }
    seen.add(k);
  }
  return out;
}

/** Names that must be unique (blade names, sections, chambers, steps, template rows …). */
export function checkUnique(values: Iterable<string>, code: Parameters<typeof fail>[0] = 'DUPLICATE_VALUES'): ValidationResult {
  return findDuplicates(values).length > 0 ? fail(code) : OK;
}

/** Defect ids are exactly 6 digits (SPEC §5). */
export function isDefectId(value: string): boolean {
  return /^\d{6}$/.test(value);
}

export function checkDefectId(value: string): ValidationResult {
  return isDefectId(value) ? OK : fail('INVALID_DEFECT_ID');
}
